import { expect, test } from './test.ts';
import { graphNode, region } from './helpers.ts';
import { saveScreenshot } from './screenshots.ts';

/** Teaching mode's guided walk-through: open it from the gallery and step through in presenter view. */
test('a guided walk-through opens in presenter view and steps through its trace', async ({ page }) => {
  await page.setViewportSize({ width: 1500, height: 1000 });
  await page.goto('/');
  await page.getByRole('button', { name: 'Examples', exact: true }).first().click();
  await page.getByRole('dialog', { name: 'Examples' }).getByRole('button', { name: 'ETL pipeline, step by step' }).click();

  const stage = page.getByRole('dialog', { name: 'Presenter view' });
  await expect(stage).toBeVisible({ timeout: 15_000 });
  await expect(stage.getByText('Step 0 of 9')).toBeVisible();

  // Step 1 made two decisions, each a slide: connect_db called automatically, then transform blocked.
  await stage.getByRole('button', { name: 'Step forward', exact: true }).click();
  const decision = stage.getByRole('region', { name: 'Current decision' });
  await expect(decision).toContainText('auto connect_db');
  await stage.getByRole('button', { name: 'Step forward', exact: true }).click();
  await expect(decision).toContainText('transform');
  await expect(decision).toContainText('extract');
  await expect(stage.getByRole('region', { name: 'Stage graph' }).locator('.react-flow__node[data-id="transform"]')).toHaveClass(/rs-step/);
  await saveScreenshot(page, 'test-results/walkthrough-step-1.png');

  // The keyboard steps too; End jumps to the last step, Escape leaves for Simulate mode.
  await page.keyboard.press('ArrowRight');
  await expect(stage.getByText('Step 2 of 9')).toBeVisible();
  // Back into step 1 lands on its last decision; forward into it, on its first.
  await page.keyboard.press('ArrowLeft');
  await expect(stage.locator('.presenter-counter')).toHaveText('Step 1 of 9, decision 2 of 2');
  await page.keyboard.press('End');
  await expect(stage.locator('.presenter-counter')).toHaveText(/^Step 9 of 9(, decision \d+ of \d+)?$/);
  await page.keyboard.press('Home');
  await expect(stage.getByText('Step 0 of 9')).toBeVisible();
  await page.keyboard.press(' ');
  await expect(stage.locator('.presenter-counter')).toHaveText('Step 1 of 9, decision 1 of 2');
  await page.keyboard.press('Escape');
  await expect(stage).toBeHidden();

  // Jump to the limit that bites (the presenter left us on 1.1, before step 1's blocked transform).
  const sim = region(page, 'Simulation');
  await sim.getByRole('button', { name: 'Next violation', exact: true }).click();
  await expect(region(page, 'Decision')).toContainText('transform was blocked');
  await sim.getByRole('button', { name: 'Next violation', exact: true }).click();
  await expect(region(page, 'Decision')).toContainText('MaxCalls');
  await expect(graphNode(page, 'load')).toHaveClass(/rs-step/);
  await saveScreenshot(page, 'test-results/walkthrough-limit.png');
});
