/**
 * review14 #2: the Claude Code walk-through moved two steps per key. Its session's token counts are
 * no slides (the presenter steps over them), yet the counter counted them: →, Space and ← went
 * "Step 0 → 2 → 4 … 16 of 16", eight slides, and "Step 1" was never shown. One key is one slide,
 * and the counter counts slides (the strip's chips too).
 */
import { expect, test } from './test.ts';
import { openWalkthrough, stayOffline } from './helpers.ts';

test('one key is one slide in the Claude Code walk-through, and the counter counts slides', async ({ page }) => {
  test.setTimeout(90_000);
  await stayOffline(page);
  await page.setViewportSize({ width: 1280, height: 720 });
  const stage = await openWalkthrough(page, 'A Claude Code session under a project’s settings');
  const counter = stage.locator('.presenter-counter');
  const slide = stage.getByRole('region', { name: 'Current decision' });
  const strip = stage.getByRole('navigation', { name: 'Calls so far' });
  await expect(counter).toHaveText(/^Step 0 of 8$/);
  await page.keyboard.press('ArrowRight');
  await expect(counter).toHaveText('Step 1 of 8');
  await expect(slide).toContainText('Grep');
  await expect(strip.getByRole('button', { name: /^Step 1: Grep/ })).toHaveAttribute('aria-current', 'step');
  await page.keyboard.press(' ');
  await expect(counter).toHaveText('Step 2 of 8');
  await expect(slide).toContainText('Read');
  await page.keyboard.press('ArrowLeft');
  await expect(counter).toHaveText('Step 1 of 8');
  // every press is one more, to the last slide
  for (let n = 2; n <= 8; n++) {
    await page.keyboard.press('ArrowRight');
    await expect(counter).toHaveText(`Step ${n} of 8`);
  }
  await expect(stage.getByRole('button', { name: 'Step forward', exact: true })).toBeDisabled();
  // the strip numbers its chips as the counter does: 1 to 8
  await expect(strip.locator('.presenter-chip-n')).toHaveText(['1', '2', '3', '4', '5', '6', '7', '8']);
});
