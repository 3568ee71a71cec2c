import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from './test.ts';
import { axeViolations } from './axe.ts';
import { canonicalTraceText } from '../src/core/traces/toCanonical.ts';
import { bigTrace, opsAgentToml } from '../test/support/minimiseFixture.ts';
import { stayOffline } from './helpers.ts';
import { saveScreenshot } from './screenshots.ts';

/**
 * "Minimise" on a blocked call (issue 12, done when): a recorded 30,000-event trace whose last
 * call is blocked by MaxCalls; Minimise in the Decision panel shows its progress bar with Cancel,
 * and the result opens as a new scripted trace of 4 steps, replayed, with the same decision
 * selected at its last step. Screenshots go to test-results/.
 */
const sim = (page: Page) => page.getByRole('region', { name: 'Simulation', exact: true });
const button = (page: Page, name: string) => sim(page).getByRole('button', { name, exact: true });
const tmp = mkdtempSync(join(tmpdir(), 'minimise-e2e-'));

async function importFile(page: Page, path: string) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Import', exact: true }).first().click();
  await (await chooser).setFiles(path);
}

test('Minimise on a blocked call yields a shorter trace with the same decision', async ({ page }) => {
  test.setTimeout(180_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await stayOffline(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  const agent = join(tmp, 'ops.toml');
  writeFileSync(agent, opsAgentToml());
  const trace = join(tmp, 'session.jsonl');
  writeFileSync(trace, canonicalTraceText(bigTrace(30_000).events));

  await page.goto('/');
  await importFile(page, agent);
  await importFile(page, trace);
  await page.getByRole('group', { name: 'Mode' }).getByRole('button', { name: 'Simulate' }).click();
  await button(page, 'Run').click();
  await expect(sim(page).getByRole('status').filter({ hasText: /Done:/ })).toBeVisible({ timeout: 60_000 });

  await button(page, 'Next violation').click();
  const timeline = sim(page).getByRole('region', { name: 'Timeline' });
  const selected = timeline.locator('[role="option"][aria-selected="true"]');
  await expect(selected).toHaveAccessibleName(/blocked deploy MaxCallsExceeded\s*, rule #2$/);
  const decision = sim(page).getByRole('region', { name: 'Decision' });
  await expect(decision.getByRole('heading')).toContainText('Blocked');

  await decision.getByRole('button', { name: 'Minimise' }).click();
  const minimising = decision.getByRole('group', { name: 'Minimising' });
  await expect(minimising.getByRole('progressbar', { name: 'Minimise progress' })).toBeVisible();
  await expect(minimising.getByRole('button', { name: 'Cancel' })).toBeEnabled();
  await saveScreenshot(page, 'test-results/minimise-progress.png');

  // the result: a new scripted trace of 4 steps, replayed, the blocked deploy selected at its end
  await expect(sim(page).getByRole('status').filter({ hasText: /Done: \d+ decisions from 4 steps/ })).toBeVisible({ timeout: 120_000 });
  await expect(minimising).toHaveCount(0);
  await expect(selected).toHaveAccessibleName(/blocked deploy MaxCallsExceeded\s*, rule #2$/);
  await expect(sim(page).getByRole('slider', { name: 'Step' })).toHaveValue('3');
  await expect(page.getByText(/Minimised 30,000 steps to 4, ending in deploy blocked by rule #2\. .*Save as test/)).toBeVisible();
  await expect(decision.getByRole('heading')).toContainText('Blocked');
  await saveScreenshot(page, 'test-results/minimise-result.png');
  await page.setViewportSize({ width: 1280, height: 720 });
  await saveScreenshot(page, 'test-results/minimise-result-1280.png');
  await page.emulateMedia({ colorScheme: 'dark' });
  await saveScreenshot(page, 'test-results/minimise-result-1280-dark.png');
  await page.setViewportSize({ width: 1440, height: 900 });
  await saveScreenshot(page, 'test-results/minimise-result-dark.png');
  await page.emulateMedia({ colorScheme: 'light' });

  await sim(page).getByRole('tab', { name: /^Setup/ }).click();
  await expect(sim(page).getByRole('checkbox', { name: 'session-min-step-30000.yaml' })).toBeChecked();
  await sim(page).getByRole('tab', { name: /^Step/ }).click();

  expect((await axeViolations(page, { include: '.sim-stepview' })).map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  expect(errors).toEqual([]);
});
