/**
 * Review 12 (smaller item): the presenter's counter read "Step 16.2 of 16" on the Letta
 * walk-through's last slide (the loop's end, a second decision of step 16), a step past the end.
 * The counter counts steps; which decision of a step is shown is said under it.
 */
import { expect, test } from './test.ts';
import { forwardTo, openWalkthrough, stayOffline } from './helpers.ts';
import { saveScreenshot } from './screenshots.ts';

test.use({ viewport: { width: 1280, height: 720 } });

test('the last slide of the Letta walk-through is "Step 16 of 16, decision 2 of 2", never 16.2', async ({ page }) => {
  await stayOffline(page);
  const stage = await openWalkthrough(page, 'A Letta agent, as Letta runs it');
  const counter = stage.locator('.presenter-counter');
  await page.keyboard.press('End');
  await expect(counter).toHaveText(/^Step (\d+) of \1(, decision \d+ of \d+)?$/);
  // The last step ended the loop: its second decision is the exit, shown as the last slide.
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('End');
  await forwardTo(page, stage, /^Step (\d+) of \1, decision 2 of 2$/);
  await expect(counter).not.toHaveText(/\d\.\d/);
  await expect(stage.getByRole('region', { name: 'Current decision' })).toContainText('exit');
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await saveScreenshot(page, `test-results/ui15-4-letta-last-${scheme}-1280x720.png`);
  }
});

test('the step buttons stay put when the counter shows which decision (a clicker presses the same place)', async ({ page }) => {
  await stayOffline(page);
  const stage = await openWalkthrough(page, 'ETL pipeline, step by step');
  const forward = stage.getByRole('button', { name: 'Step forward', exact: true });
  await forwardTo(page, stage, /^Step 5 of 9$/);
  const before = await forward.boundingBox();
  await forwardTo(page, stage, /^Step 6 of 9, decision 2 of 3$/);
  expect(await forward.boundingBox()).toEqual(before);
  await page.setViewportSize({ width: 1440, height: 900 });
  await saveScreenshot(page, 'test-results/ui15-4-etl-decision-light-1440x900.png');
});
