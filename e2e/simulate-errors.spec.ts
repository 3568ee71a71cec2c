import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from './test.ts';
import { importPaths, stayOffline } from './helpers.ts';

test.use({ layout: { bottomOpen: true } });

/**
 * Issue 27, item 1: a rule set with an error (here a cycle, T001) replays in the studio as the
 * runtimes run it, with its errors beside the run instead of "Not run".
 */
const sim = (page: Page) => page.getByRole('region', { name: 'Simulation', exact: true });
const tmp = mkdtempSync(join(tmpdir(), 'sim-errors-'));

const TRACE = `start: 2026-01-01T10:00:00Z
steps:
  - call: a
  - call: c
    after: 1m
`;
/** `a` and `b` in a cycle (T001), `c` free. */
const agentFile = 'e2e/fixtures/cycle-loop.toml';
const traceFile = join(tmp, 'loop-trace.yaml');
writeFileSync(traceFile, TRACE);

test('a rule set with a cycle replays its trace, its errors beside the run', async ({ page }) => {
  // the app's first load under a busy machine takes most of the default minute
  test.setTimeout(120_000);
  await stayOffline(page);
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/');
  await importPaths(page, [agentFile]);
  await expect(
    page
      .getByRole('region', { name: 'Problems', exact: true })
      .getByRole('button', { name: /T001/ }),
  ).toBeVisible();
  await page.getByRole('group', { name: 'Mode' }).getByRole('button', { name: 'Simulate' }).click();
  await expect(sim(page)).toBeVisible();
  await sim(page)
    .getByRole('tab', { name: /^Setup/ })
    .click();
  await sim(page).getByLabel('Trace files').setInputFiles(traceFile);
  await expect(sim(page).getByRole('status').filter({ hasText: 'Added 1 trace.' })).toBeVisible();
  await sim(page).getByRole('button', { name: 'Run', exact: true }).click();
  await expect(
    sim(page).getByRole('status').filter({ hasText: 'Done: 2 decisions from 2 steps' }),
  ).toBeVisible({ timeout: 30_000 });

  const timeline = sim(page).getByRole('listbox', { name: 'Decisions' });
  await expect(timeline.getByRole('option')).toHaveCount(2);
  await expect(timeline.getByRole('option').first()).toContainText('a');
  await expect(timeline.getByRole('option').first()).toContainText(/blocked/i);
  await expect(timeline.getByRole('option').nth(1)).toContainText(/allowed/i);

  const errors = sim(page).locator('.sim-rule-errors');
  await expect(errors.locator('summary')).toHaveText(
    /Replayed as the rules read, with 1 error in the rule files/,
  );
  await errors.locator('summary').click();
  await expect(errors.getByRole('list', { name: 'Errors in the rule files' })).toContainText(
    'T001',
  );
  await expect(sim(page).getByText('Not run: the rule files cannot be read')).toHaveCount(0);
});
