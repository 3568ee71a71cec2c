/**
 * Stepping onto a step that decided nothing (review 12, item 7): the Step view says what the step
 * did instead of "Select a decision…", and the step counter is announced when stepped.
 */
import { expect, test } from './test.ts';
import { graphNode, openStudioOffline, region } from './helpers.ts';

test.use({ viewport: { width: 1280, height: 720 } });

test('stepping through hegel-execution shows every step, including those that decided nothing', async ({ page }) => {
  const errors = await openStudioOffline(page);
  await page.getByRole('button', { name: 'Examples', exact: true }).first().click();
  await page.getByRole('dialog', { name: 'Examples' }).getByRole('button', { name: 'hegel-execution.yaml', exact: true }).click();
  await expect(graphNode(page, 'code')).toBeVisible();
  await page.keyboard.press('Alt+2');
  const simulation = region(page, 'Simulation');
  await page.keyboard.press('ControlOrMeta+Enter');
  const steps = simulation.getByRole('group', { name: 'Step-through' });
  await expect(steps.getByText(/^Step 0 of \d+$/)).toBeVisible();
  const total = Number((await steps.getByText(/^Step 0 of \d+$/).innerText()).split(' of ')[1]);
  const decisions = await simulation.getByRole('listbox', { name: 'Decisions' }).getByRole('option').count();
  expect(decisions).toBeLessThan(total); // some steps decide nothing
  // The rows say what moved, whole, at 1280×720: the → says "transition" to the eye (review12 #9:
  // "transition spec →…"); a screen reader still hears the word.
  const moved = simulation.getByRole('option', { name: /transition code → code_review/ });
  await expect(moved).toBeVisible();
  expect(await moved.locator('.sim-label').evaluate((el) => el.scrollWidth <= el.clientWidth + 1), 'the row is not cut').toBe(true);
  // The counter is a live region: a screen reader hears "Step 1 of 22" when stepped.
  await expect(steps.getByText(/^Step 0 of/)).toHaveAttribute('aria-live', 'polite');
  const panel = simulation.getByRole('region', { name: 'Decision' });
  let quiet = 0;
  for (let i = 1; i <= total; i++) {
    await steps.getByRole('button', { name: 'Step forward' }).click();
    await expect(steps.getByText(`Step ${i} of ${total}`)).toBeVisible();
    await expect(panel).not.toContainText('Select a decision');
    await expect(panel.locator('.sim-stepref')).toHaveText(new RegExp(`^Step ${i}(\\.\\d+)?$`));
    if ((await panel.getByText('This step decided nothing').count()) > 0) quiet++;
  }
  expect(quiet).toBeGreaterThan(0);
  expect(errors).toEqual([]);
});
