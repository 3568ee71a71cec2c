/**
 * Gallery examples open with the sessions they name (review 13, item 1): the Codex example's
 * notice said "with the session codex-session.jsonl (see the Policy tab)" while the Policy tab
 * said "0 calls in 0 sessions" and the explorer listed no trace. Every example's notice is
 * checked against the project in test/app/openExample.test.ts; this follows the review's steps.
 */
import { expect, test } from './test.ts';
import { openStudioOffline, region } from './helpers.ts';

test.use({ layout: { bottomOpen: true } });

test('the Codex example opens with its session: the Policy tab counts its calls', async ({ page }) => {
  const errors = await openStudioOffline(page);
  await page.getByRole('button', { name: 'Examples', exact: true }).first().click();
  await page.getByRole('dialog', { name: 'Examples' }).getByRole('button', { name: 'codex-default.rules', exact: true }).click();
  await expect(page.getByText('Opened a copy of the example codex-default.rules with the session codex-session.jsonl (see the Policy tab)')).toBeVisible();
  const traces = page.getByRole('region', { name: 'Traces', exact: true });
  await expect(traces.getByRole('heading')).toHaveText('Traces (1)');
  await expect(traces.getByRole('button', { name: 'codex-session.jsonl' })).toBeVisible();
  await page.getByRole('tab', { name: /^Policy/ }).click();
  const view = region(page, 'Policy');
  await expect(view).toContainText('1 .rules file · 6 rules · 8 calls in 1 session', { timeout: 20_000 });
  await expect(view).not.toContainText('No sessions loaded');
  await expect(view.getByTestId('codex-total-allow').getByRole('definition')).toHaveText('4');
  expect(errors).toEqual([]);
});
