import { expect, test } from '@playwright/test';
import { graphNode, region } from './helpers.ts';

/** Teaching mode's guided walk-through: open it from the gallery and step through in presenter view. */
test('a guided walk-through opens in presenter view and steps through its trace', async ({ page }) => {
  await page.setViewportSize({ width: 1500, height: 1000 });
  await page.goto('/');
  await page.getByRole('button', { name: 'Examples', exact: true }).first().click();
  await page.getByRole('dialog', { name: 'Examples' }).getByRole('button', { name: 'ETL pipeline, step by step' }).click();

  const sim = region(page, 'Simulation');
  await expect(sim).toBeVisible();
  await expect(sim).toHaveClass(/sim-presenter/, { timeout: 15_000 });

  await sim.getByRole('button', { name: 'Step forward', exact: true }).click();
  const decision = region(page, 'Decision');
  await expect(decision).toContainText('transform');
  await expect(decision).toContainText('extract');
  await expect(graphNode(page, 'transform')).toHaveClass(/rs-step/);
  await page.screenshot({ path: 'test-results/walkthrough-step-1.png' });

  // Jump to the limit that bites.
  await sim.getByRole('button', { name: 'Next violation', exact: true }).click();
  await expect(decision).toContainText('MaxCalls');
  await page.screenshot({ path: 'test-results/walkthrough-limit.png' });
});
