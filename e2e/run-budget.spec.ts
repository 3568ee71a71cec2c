/**
 * A run past its step budget stops with a message saying why, keeps what it replayed, and the page
 * stays usable: stepping through the replayed part works and the next run starts. The budget is
 * the user's own limit (Setup → Stop after), the same check as the worker's built-in
 * 2,000,000-step budget with a number a test can reach quickly.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from './test.ts';
import { importPaths, stayOffline } from './helpers.ts';
import { saveScreenshot } from './screenshots.ts';

const sim = (page: Page) => page.getByRole('region', { name: 'Simulation', exact: true });
const tmp = mkdtempSync(join(tmpdir(), 'budget-e2e-'));

test.beforeEach(async ({ page }) => {
  await stayOffline(page);
  await page.setViewportSize({ width: 1440, height: 900 });
});

test('a run past its step limit stops with a clear message and the simulator stays usable', async ({ page }) => {
  test.setTimeout(120_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('crash', () => errors.push('the page crashed'));
  writeFileSync(join(tmp, 'long.yaml'), 'start: 2025-01-01T10:00:00Z\nsteps:\n  - {call: extract, repeat: 100000, every: 1s}\n  - {call: load, repeat: 100000, every: 1s}\n');
  writeFileSync(join(tmp, 'etl.toml'), '[[agents]]\nname = "etl"\ntools = ["extract", "load"]\n\n[[agents.tool_rules]]\ntool_name = "extract"\nrule_type = { type = "MaxCalls", value = 2 }\n');

  await page.goto('/');
  await importPaths(page, [join(tmp, 'etl.toml'), join(tmp, 'long.yaml')]);
  await page.getByRole('group', { name: 'Mode' }).getByRole('button', { name: 'Simulate' }).click();
  await expect(sim(page)).toBeVisible();

  await sim(page).getByRole('tab', { name: /^Setup/ }).click();
  await sim(page).getByRole('textbox', { name: 'Stop after' }).fill('25000');
  await sim(page).getByRole('button', { name: 'Run', exact: true }).click();

  await expect(sim(page).getByRole('status')).toHaveText('Stopped after 25,000 steps: 25,000 decisions', { timeout: 60_000 });
  await expect(sim(page).getByRole('alert').filter({ hasText: 'Stopped after 25,000 steps' })).toContainText(
    "the run's step limit (Setup → Stop after) was reached. The 25,000 steps replayed so far can be stepped through.",
  );
  await saveScreenshot(page, 'test-results/run-budget-stopped.png');

  // The replayed part is there to step through.
  await sim(page).getByRole('button', { name: 'Next violation' }).click();
  const timeline = sim(page).getByRole('region', { name: 'Timeline' });
  // the second call of the same arguments is the first violation (deduplicated)
  await expect(timeline.locator('[role="option"][aria-selected="true"]')).toContainText('merged extract');
  await expect(sim(page).getByRole('region', { name: 'State' })).toContainText('after step 2');

  // And the next run starts: within the limit it finishes.
  await sim(page).getByRole('tab', { name: /^Setup/ }).click();
  await sim(page).getByRole('textbox', { name: 'Stop after' }).fill('');
  await sim(page).getByRole('button', { name: 'Run', exact: true }).click();
  await expect(sim(page).getByRole('status')).toContainText('Done: 200,000 decisions from 200,000 steps', { timeout: 90_000 });
  expect(errors).toEqual([]);
});
