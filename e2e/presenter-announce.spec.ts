/**
 * review14 #5: a screen reader did not hear the decision: on → the presenter's only live region
 * said "Step 1 of 9, decision 1 of 2", and the slide's heading ("blocked transform … rule #3") was
 * never announced. The one polite live region now holds the counter and the slide's heading.
 */
import { expect, test } from './test.ts';
import { openWalkthrough, stayOffline } from './helpers.ts';

test('the live region says the step and the slide’s heading (verdict and call), and it is the only one', async ({ page }) => {
  await stayOffline(page);
  await page.setViewportSize({ width: 1280, height: 720 });
  const stage = await openWalkthrough(page, 'ETL pipeline, step by step');
  // the live regions that speak of the steps (React Flow's own and the teaching link's say nothing here)
  const live = stage.locator('[aria-live], [role="status"], output').filter({ hasText: /\S/ });
  await expect(live).toHaveCount(1);
  const slide = stage.getByRole('region', { name: 'Current decision' });
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(stage.locator('.presenter-counter')).toHaveText(/^Step 1 of 9, decision 2 of 2$/);
  const heading = ((await slide.getByRole('heading', { level: 2 }).textContent()) ?? '').replace(/^\S+\s/, '').trim();
  expect(heading).toContain('transform');
  await expect(live).toHaveCount(1);
  await expect(live).toHaveAttribute('aria-atomic', 'true');
  await expect(live).toContainText('Step 1 of 9');
  await expect(live).toContainText(heading);
});
