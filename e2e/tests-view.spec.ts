import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { axeViolations } from './axe.ts';
import { expect, test, type Page } from './test.ts';
import { graphNode, region, setSource, transitionsEnded } from './helpers.ts';
import { saveScreenshot } from './screenshots.ts';
import { stayOffline } from './offline.ts';

test.use({ layout: { bottomOpen: true } });

/**
 * Rule-set tests in the studio: a saved test breaks when a rule changes and the Tests view says so
 * at once; opening it shows the simulator at the failing step; "Save as test" pins the run as a new
 * test, which passes when run.
 */
const tests = (page: Page) => region(page, 'Tests');
const ETL = resolve('examples/etl-pipeline.toml');

async function importFiles(page: Page, ...paths: string[]) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Import', exact: true }).first().click();
  await (await chooser).setFiles(paths);
}

async function openTab(page: Page, name: RegExp) {
  const tab = page.getByRole('tab', { name }).first();
  // Tests and Source live under the graph in Design mode.
  if ((await tab.count()) === 0) await page.getByRole('group', { name: 'Mode' }).getByRole('button', { name: 'Design' }).click();
  await tab.click();
}

test.beforeEach(async ({ page }) => {
  await stayOffline(page);
  await page.setViewportSize({ width: 1440, height: 900 });
});

test('a rule change breaks a saved test; open it at the failing step; save the run as a test and it passes', async ({ page }) => {
  test.setTimeout(240_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('/');
  await importFiles(page, ETL, resolve('examples/traces/etl-walkthrough.yaml'), resolve('examples/etl-pipeline.test.yaml'));

  await openTab(page, /^Tests/);
  // the first run also starts the simulation worker (slow on a loaded machine)
  await expect(tests(page).getByRole('status')).toHaveText('2 passed', { timeout: 30_000 });
  await expect(tests(page).locator('[data-status="pass"]')).toHaveCount(2);

  // MaxCalls 1 on load becomes 2: the walk-through's second load is no longer refused
  await openTab(page, /^Source and problems|^Source/);
  await setSource(page, readFileSync(ETL, 'utf8').replace('{ type = "MaxCalls", value = 1 }', '{ type = "MaxCalls", value = 2 }'));
  // once the edit reaches the model (the graph shows the new limit), the Tests view knows within a second
  await expect(graphNode(page, 'load').locator('.rs-badge', { hasText: 'max 2' })).toBeVisible();
  await expect(page.getByTestId('tests-badge')).toHaveText('1 failing', { timeout: 1000 });

  await openTab(page, /^Tests/);
  const failed = tests(page).locator('[data-status="fail"]');
  await expect(failed).toHaveCount(1);
  await expect(failed).toContainText('the guided walk-through');
  await expect(failed).toContainText('blocked load MaxCallsExceeded rule #5');
  // Names are code, never raw Markdown backticks (the review saw "Seen allowed `load`").
  await expect(failed).toContainText('allowed load');
  await expect(failed.locator('code', { hasText: 'load' }).first()).toBeVisible();
  expect(await failed.innerText()).not.toContain('`');

  // the Tests view with a failure: looked at in light and dark, at 1280×720 and 1440×900; axe finds no serious problem
  for (const [w, h] of [[1280, 720], [1440, 900]] as const)
    for (const scheme of ['light', 'dark'] as const) {
      await page.setViewportSize({ width: w, height: h });
      await page.emulateMedia({ colorScheme: scheme });
      await saveScreenshot(page, `test-results/tests-view-${w}x${h}-${scheme}.png`);
      if (w !== 1440) continue;
      expect((await axeViolations(page, { include: '#panel-tests' })).filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes[0]?.html}`)).toEqual([]);
    }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1440, height: 900 });

  await failed.getByRole('button', { name: 'Open at step 5' }).click();
  const sim = region(page, 'Simulation');
  await expect(sim).toBeVisible();
  await expect(sim.getByText('Step 5 of 9')).toBeVisible({ timeout: 30_000 });
  // review14: the Step view says what the test expected there, beside what the run did
  const expects = sim.getByRole('note', { name: 'What the test expects' });
  await expect(expects).toContainText('The test “the guided walk-through” fails here');
  await expect(expects).toContainText('blocked load MaxCallsExceeded rule #5');
  await expect(expects).toContainText('allowed load');
  for (const [w, h] of [[1280, 720], [1440, 900]] as const)
    for (const scheme of ['light', 'dark'] as const) {
      await page.setViewportSize({ width: w, height: h });
      await page.emulateMedia({ colorScheme: scheme });
      await expect(expects).toBeVisible();
      await transitionsEnded(page);
      await saveScreenshot(page, `test-results/tests-view-open-at-step-${w}x${h}-${scheme}.png`);
    }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1440, height: 900 });

  await sim.getByRole('button', { name: 'Save as test', exact: true }).click();
  await openTab(page, /^Tests/);
  const saved = tests(page).locator('.tests-file').filter({ hasText: 'etl-walkthrough.test.yaml' });
  await expect(saved).toBeVisible();
  await tests(page).getByRole('button', { name: 'Run', exact: true }).click();
  await expect(saved.locator('[data-status="pass"]')).toHaveCount(1);
  await expect(tests(page).getByRole('status')).toHaveText('2 passed · 1 failed');
  expect(errors).toEqual([]);
});

test('a Codex test file runs with Codex decisions; a changed rule fails it; Open Policy shows the rules', async ({ page }) => {
  test.setTimeout(180_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('/');
  await importFiles(page, resolve('examples/codex-default.rules'), resolve('examples/traces/codex-session.jsonl'), resolve('examples/dialect-tests/codex-default.test.yaml'));

  await openTab(page, /^Tests/);
  await expect(tests(page).getByRole('status')).toHaveText('4 passed', { timeout: 30_000 });
  await expect(tests(page).getByRole('list', { name: /Problems in/ })).toHaveCount(0);

  // rm -rf no longer forbidden: the test that pins it fails at its step
  await openTab(page, /^Source and problems|^Source/);
  await setSource(page, readFileSync('examples/codex-default.rules', 'utf8').replace('decision = "forbidden"', 'decision = "prompt"'));
  await openTab(page, /^Tests/);
  const failed = tests(page).locator('[data-status="fail"]');
  await expect(failed.first()).toContainText('recursive deletes are forbidden', { timeout: 30_000 });

  await failed.first().getByRole('button', { name: 'Open Policy' }).click();
  await expect(region(page, 'Policy').getByTestId('codex-total-prompt')).toBeVisible({ timeout: 30_000 });
  expect(errors).toEqual([]);
});
