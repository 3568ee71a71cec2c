import { expect, test, type Page } from './test.ts';
import { dragEdge, graphNode, region, stayOffline } from './helpers.ts';
import { saveScreenshot } from './screenshots.ts';

/**
 * Letta as a family (issue 13): the gallery's Letta agent drawn from its .af, a "may follow" edge
 * drawn by hand, and the replay under profile letta allowing the call it refused before, because
 * the tool joined the allowed set after lookup_order. Screenshots of the Letta graph in both
 * themes at two sizes go to test-results/.
 */
const sim = (page: Page) => region(page, 'Simulation');
const mode = (page: Page, name: 'Design' | 'Simulate') => page.getByRole('group', { name: 'Mode' }).getByRole('button', { name }).click();
const row = (page: Page, text: RegExp) => sim(page).getByRole('region', { name: 'Timeline' }).getByRole('listbox', { name: 'Decisions' }).getByRole('option').filter({ hasText: text }).first();
/** The replay's first issue_refund call (step 3: straight after lookup_order). */
const firstRefund = (page: Page) => row(page, /\bissue_refund\b/);
/** The allowed set Letta gives the call after the first lookup_order (step 2), in the State region. */
async function allowedAfterLookup(page: Page) {
  await row(page, /allowed lookup_order\b/).click();
  return sim(page).getByRole('region', { name: 'State' }).getByTestId('letta-allowed');
}

async function runAndWait(page: Page) {
  await sim(page).getByRole('button', { name: 'Run', exact: true }).click();
  await expect(sim(page).getByRole('status').filter({ hasText: /Done:/ })).toBeVisible({ timeout: 30_000 });
}

test('open the Letta example, draw a child edge, see the allowed set change in the replay', async ({ page }) => {
  test.setTimeout(120_000);
  await stayOffline(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/');
  await page.getByRole('button', { name: 'Examples', exact: true }).first().click();
  await page.getByRole('dialog', { name: 'Examples' }).getByRole('button', { name: 'A Letta agent, as Letta runs it' }).click();
  const stage = page.getByRole('dialog', { name: 'Presenter view' });
  await expect(stage).toBeVisible({ timeout: 15_000 });
  await page.keyboard.press('Escape');
  await expect(stage).toBeHidden();

  // Before: after lookup_order only check_refund_eligibility or send_message may follow.
  const before = await allowedAfterLookup(page);
  await expect(before).toHaveText(/check_refund_eligibility/);
  await expect(before).not.toHaveText(/issue_refund/);
  await expect(firstRefund(page)).toContainText('blocked');
  await firstRefund(page).click();
  const decision = sim(page).getByRole('region', { name: 'Decision' });
  await expect(decision).toContainText('lookup_order');
  await expect(decision).toContainText('check_refund_eligibility');

  // Draw "issue_refund may follow lookup_order" on the canvas.
  await mode(page, 'Design');
  const graph = region(page, 'Graph');
  await expect(graphNode(page, 'lookup_order')).toBeVisible();
  await expect(graph.locator('.react-flow__edge[aria-label="check_refund_eligibility may follow lookup_order"]')).toHaveCount(1);
  await expect(graph.locator('.react-flow__edge[aria-label="issue_refund follows check_refund_eligibility when its output = \\"eligible\\""]')).toHaveCount(1);
  await expect(graphNode(page, 'lookup_order').locator('.rs-badge')).toHaveText(['run first']);
  await dragEdge(page, 'lookup_order', 'issue_refund');
  await expect(graph.locator('.react-flow__edge[aria-label="issue_refund may follow lookup_order"]')).toHaveCount(1);
  const inspector = page.getByRole('region', { name: 'Inspector' });
  await expect(inspector.getByRole('heading', { name: /Letta rule 2/ })).toBeVisible();
  await expect(inspector).toContainText('issue_refund');
  await expect(inspector.getByRole('list', { name: 'Children (may follow)' })).toContainText('issue_refund');

  for (const [w, h] of [[1280, 720], [1440, 900]] as const)
    for (const scheme of ['light', 'dark'] as const) {
      await page.setViewportSize({ width: w, height: h });
      await page.emulateMedia({ colorScheme: scheme });
      await saveScreenshot(page, `test-results/letta-graph-${w}x${h}-${scheme}.png`);
    }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1440, height: 900 });

  // After: the same call, replayed again, is allowed.
  await mode(page, 'Simulate');
  await runAndWait(page);
  const after = await allowedAfterLookup(page);
  await expect(after).toHaveText(/check_refund_eligibility/);
  await expect(after).toHaveText(/issue_refund/);
  await expect(firstRefund(page)).toContainText('allowed');
  await firstRefund(page).click();
  await expect(sim(page).getByRole('region', { name: 'Decision' }).getByRole('heading')).toContainText(/Allowed/i);
  await saveScreenshot(page, 'test-results/letta-replay-after-edge.png');
});
