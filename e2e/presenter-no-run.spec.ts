/**
 * review14 #3: Present on an example that is not a walk-through was a dead end: "No run yet — Run
 * a trace in Simulate mode", every control disabled, though Simulate → Setup offers the example's
 * test traces. The stage offers them itself: one Enter runs one and presents it.
 */
import { expect, test } from './test.ts';
import { openExample } from './helpers.ts';
import { saveScreenshot } from './screenshots.ts';

test('Present on api-client.toml with no run offers its tests’ traces; Enter runs one and presents it', async ({ page }) => {
  await openExample(page, 'api-client.toml', 'authenticate');
  await page.keyboard.press('Alt+3');
  const stage = page.getByRole('dialog', { name: 'Presenter view' });
  await expect(stage.locator('.presenter-counter')).toHaveText('No run yet');
  const offer = stage.getByRole('group', { name: 'Run a test’s trace to present' });
  const first = offer.getByRole('button').first();
  await expect(first).toBeVisible();
  await expect(first).toBeFocused();
  await saveScreenshot(page, 'test-results/presenter-no-run-offer-1280x720.png');
  await page.keyboard.press('Enter');
  await expect(stage.locator('.presenter-counter')).toHaveText(/^Step 0 of \d+$/);
  const forward = stage.getByRole('button', { name: 'Step forward', exact: true });
  await expect(forward).toBeEnabled();
  await page.keyboard.press('ArrowRight');
  await expect(stage.locator('.presenter-counter')).toHaveText(/^Step 1 of \d+/);
  await expect(stage.getByRole('region', { name: 'Current decision' }).locator('.presenter-kind, .presenter-event').first()).toBeVisible();
  // the presenter is still open: the run was presented, not shown in Simulate
  await expect(stage).toBeVisible();
});
