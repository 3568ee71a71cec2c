import { expect, test } from './test.ts';
import { region } from './helpers.ts';
import { saveScreenshot } from './screenshots.ts';

/**
 * The Letta walk-through from the gallery runs under profile letta: a refused first call names
 * the run_first rule, and the State region shows the allowed set Letta's solver gives next.
 */
test('the Letta walk-through replays under profile letta and shows the allowed set', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/');
  await page.getByRole('button', { name: 'Examples', exact: true }).first().click();
  await page.getByRole('dialog', { name: 'Examples' }).getByRole('button', { name: 'A Letta agent, as Letta runs it' }).click();

  const stage = page.getByRole('dialog', { name: 'Presenter view' });
  await expect(stage).toBeVisible({ timeout: 15_000 });
  await stage.getByRole('button', { name: 'Step forward', exact: true }).click();
  const decision = stage.getByRole('region', { name: 'Current decision' });
  await expect(decision).toContainText('check_refund_eligibility');
  await expect(decision).toContainText('run_first');
  await saveScreenshot(page, 'test-results/letta-walkthrough-step-1.png');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Escape');
  await expect(stage).toBeHidden();

  // After lookup_order ran, its child rule leaves only the eligibility check and a reply.
  const state = region(page, 'State');
  await expect(state.getByTestId('letta-allowed')).toHaveText('check_refund_eligibility, send_message');
  await expect(state).toContainText('issue_refund: removed by rule #2');
  await saveScreenshot(page, 'test-results/letta-walkthrough-state.png');
});
