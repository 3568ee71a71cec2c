/**
 * A simulation worker that closes itself mid-run (no `error` event reaches the page) is reported
 * within 5 s, and Run again works on a fresh worker. Playwright evaluates `self.close()` inside
 * the real worker, so the product carries no test hook for this.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from './test.ts';
import { stayOffline } from './helpers.ts';
import { saveScreenshot } from './screenshots.ts';

const sim = (page: Page) => page.getByRole('region', { name: 'Simulation', exact: true });
const tmp = mkdtempSync(join(tmpdir(), 'watch-e2e-'));

test.beforeEach(async ({ page }) => {
  await stayOffline(page);
  await page.setViewportSize({ width: 1600, height: 1100 });
});

test('a worker closed mid-run is reported within 5 s and Run again works', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  test.setTimeout(150_000);
  // 300,000 calls: a run of several seconds, so there is time to close the worker in the middle.
  const steps = Array.from({ length: 3 }, (_, i) => `  - {call: ${['extract', 'transform', 'load'][i % 3]}, repeat: 100000, every: 1s}`);
  writeFileSync(join(tmp, 'long.yaml'), `start: 2025-01-01T10:00:00Z\nsteps:\n${steps.join('\n')}\n`);
  writeFileSync(join(tmp, 'etl.toml'), '[[agents]]\nname = "etl"\ntools = ["extract", "transform", "load"]\n');

  await page.goto('/');
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Import', exact: true }).first().click();
  await (await chooser).setFiles([join(tmp, 'etl.toml'), join(tmp, 'long.yaml')]);
  await page.getByRole('group', { name: 'Mode' }).getByRole('button', { name: 'Simulate' }).click();
  await expect(sim(page)).toBeVisible();

  await sim(page).getByRole('button', { name: 'Run', exact: true }).click();
  const status = sim(page).getByRole('status').filter({ hasText: /Running… [1-9][\d,]* decisions/ });
  await expect(status).toBeVisible({ timeout: 30_000 });
  // The simulation worker may have started before Run (the verifier uses it after an import).
  const worker = page.workers().findLast((w) => w.url().includes('simulation'));
  if (worker === undefined) throw new Error('no simulation worker is running');

  void worker.evaluate(() => self.close()).catch(() => undefined);
  const alert = sim(page).getByRole('alert');
  await expect(alert).toContainText('The simulation worker stopped (it stopped responding', { timeout: 5_000 });
  await expect(sim(page).getByRole('status')).toHaveText('The run failed');
  await saveScreenshot(page, 'test-results/worker-watch-stopped.png');

  await alert.getByRole('button', { name: 'Run again' }).click();
  await expect(sim(page).getByRole('status').filter({ hasText: /^Done: [\d,]+ decisions from 300,000 steps/ })).toBeVisible({ timeout: 120_000 });
  expect(errors).toEqual([]);
});
