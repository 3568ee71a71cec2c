import { resolve } from 'node:path';
import { axeViolations } from './axe.ts';
import { expect, test } from './test.ts';
import { importPaths, region } from './helpers.ts';
import { saveScreenshot } from './screenshots.ts';
import { stayOffline } from './offline.ts';

test.use({ layout: { bottomOpen: true } });

/**
 * The verifier in the studio: importing an agent that can deadlock shows the V-findings in
 * Problems (computed in the worker), and "Show trace" opens the counterexample in the simulator
 * at the deadlock step.
 */
test.beforeEach(async ({ page }) => {
  await stayOffline(page);
  await page.setViewportSize({ width: 1440, height: 900 });
});

test('a deadlock example shows V-findings in Problems; Show trace opens the simulator at the deadlock step', async ({ page }) => {
  test.setTimeout(180_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('/');
  await importPaths(page, [resolve('examples/release-deadlock.toml')]);

  const problems = region(page, 'Problems');
  // the first verification also starts the simulation worker (slow on a loaded machine)
  const deadlock = problems.locator('li', { hasText: 'V001' });
  await expect(deadlock).toContainText('Deadlock after lock_branch → hotfix', { timeout: 30_000 });
  await expect(problems.locator('li', { hasText: 'V003' })).toContainText('calling hotfix leaves no way to exit cleanly');
  await expect(problems.locator('.problem-counts')).toContainText('1 error');

  for (const [w, h] of [[1280, 720], [1440, 900]] as const)
    for (const scheme of ['light', 'dark'] as const) {
      await page.setViewportSize({ width: w, height: h });
      await page.emulateMedia({ colorScheme: scheme });
      await saveScreenshot(page, `test-results/verify-problems-${w}x${h}-${scheme}.png`);
    }
  expect((await axeViolations(page, { include: 'section.problems-panel' })).filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);

  await deadlock.getByRole('button', { name: 'Show trace' }).click();
  const sim = region(page, 'Simulation');
  // the counterexample: lock_branch, hotfix, one refused call of each tool, then end (blocked): step 7
  await expect(sim.getByText('Step 7 of 7')).toBeVisible({ timeout: 30_000 });
  // The engine's own words are one click away, under the explanation.
  await region(page, 'Decision').getByText('Engine message').first().click();
  await expect(page.getByText('You must call these tools before ending the conversation: release').first()).toBeVisible();
  await saveScreenshot(page, 'test-results/verify-show-trace-1440x900.png');
  expect(errors).toEqual([]);
});

test('a workflow: V-findings in Problems; Show trace opens the session in the simulator at the interrupt', async ({ page }) => {
  test.setTimeout(180_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('/');
  await importPaths(page, [resolve('e2e/fixtures/stranded-workflow.yaml')]);

  const problems = region(page, 'Problems');
  const stranded = problems.locator('li', { hasText: 'V010' });
  await expect(stranded).toContainText("'done' is never reached by any session", { timeout: 30_000 });
  await expect(stranded).toContainText('a restart_cycle claim always goes to the start node');
  const fires = problems.locator('li', { hasText: 'V012' });
  await expect(fires).toContainText("Rule #1 (repeated_command) of 'build' fires after workflow_start → bash cargo build → bash cargo build → next built");

  await fires.getByRole('button', { name: 'Show trace' }).click();
  const sim = region(page, 'Simulation');
  // workflow_start, two commands, then the next the rule interrupts: step 4
  await expect(sim.getByText('Step 4 of 4')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Repeated Command Detected').first()).toBeVisible();
  await saveScreenshot(page, 'test-results/verify-workflow-show-trace-1440x900.png');
  expect(errors).toEqual([]);
});
