/**
 * review15 #4: at 1280×720 the Policy view showed 1½–2½ rule rows under a mostly empty graph (a
 * permission file's graph has no edges), and its "No rule" row was below the fold. Opened, it now
 * takes most of the workbench's height; a drag of its grip after that holds.
 */
import { resolve } from 'node:path';
import { expect, test } from './test.ts';
import { importPaths, runCommand, stayOffline } from './helpers.ts';
import { saveScreenshot } from './screenshots.ts';

test.use({ layout: { bottomOpen: true } });

test('the Policy view opens with room for its rules: four rule rows at 1280×720, all and No rule at 1440×900', async ({ page }) => {
  await stayOffline(page);
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/');
  await importPaths(page, [resolve('examples/codex-default.rules')]);
  await importPaths(page, [resolve('examples/traces/codex-session.jsonl')]);
  await expect(page.getByRole('region', { name: 'Permission rules' }).getByRole('listitem')).toHaveCount(1);
  await runCommand(page, 'Policy');
  const view = page.locator('section.policy-view');
  const rows = view.locator('tr.policy-rule-row');
  // the six rules and the "No rule" row
  await expect(rows).toHaveCount(7);
  await saveScreenshot(page, 'test-results/policy-room-1280x720.png');
  await expect(rows.last()).toContainText('No rule');
  for (let i = 0; i < 4; i++) await expect(rows.nth(i), `row ${i + 1}`).toBeInViewport({ ratio: 1 });
  // the view opened at 1440×900 (a new opening of it): every row
  await page.getByRole('tab', { name: /^Tests/ }).click();
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.getByRole('tab', { name: /^Policy/ }).click();
  for (let i = 0; i < 7; i++) await expect(rows.nth(i), `row ${i + 1} at 1440×900`).toBeInViewport({ ratio: 1 });
  await saveScreenshot(page, 'test-results/policy-room-1440x900.png');
  await saveScreenshot(page, 'test-results/policy-room-1280x720.png');
  // a drag of the grip down afterwards holds (the view does not take its room back)
  const grip = page.getByRole('separator', { name: 'Resize bottom panel' });
  const before = (await page.locator('.area-bottom').boundingBox())!.height;
  await grip.focus();
  for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowDown');
  await expect.poll(async () => (await page.locator('.area-bottom').boundingBox())!.height).toBeLessThan(before - 20);
});
