/**
 * review13: on the presenter's stage the ETL walk-through's path never drew its transform → load
 * edge, though the trace walks it at step 4 and every slide after reads it as walked: the edge had
 * the path's classes, but its line, short between two layers, was hidden under its label and a grey
 * arrowhead.
 */
import { expect, test } from './test.ts';
import { forwardTo, openWalkthrough, stayOffline } from './helpers.ts';
import { settled } from './canvasGeometry.ts';
import { saveScreenshot } from './screenshots.ts';

test.use({ layout: { bottomOpen: true } });

test('the stage draws the transform → load move of the ETL walk-through, then keeps it on the path', async ({ page }) => {
  test.setTimeout(90_000);
  await stayOffline(page);
  await page.setViewportSize({ width: 1280, height: 720 });
  const stage = await openWalkthrough(page, 'ETL pipeline, step by step');
  const graph = stage.getByRole('region', { name: 'Stage graph' });
  const edge = (label: string) => graph.locator(`.react-flow__edge[aria-label="${label}"]`);
  await forwardTo(page, stage, /^Step 4 of \d+$/);
  await expect(edge('transform before load')).toHaveClass(/rs-edge-last/);
  await expect(edge('extract before transform')).toHaveClass(/rs-edge-walked/);
  // the line shows, not hidden under its label (which sits over it)
  await settled(page, graph);
  const covered = await edge('transform before load').evaluate((g) => {
    const line = g.querySelector('.react-flow__edge-path')!.getBoundingClientRect();
    const label = g.closest('.react-flow')!.querySelector(`.rs-edge-label[data-edge="${CSS.escape(g.getAttribute('data-id') ?? '')}"]`)!.getBoundingClientRect();
    const w = Math.min(line.right, label.right) - Math.max(line.left, label.left);
    const h = Math.min(line.bottom, label.bottom) - Math.max(line.top, label.top);
    return w > 0 && h > 0 ? w : 0;
  });
  expect(covered).toBe(0);
  await saveScreenshot(page, 'test-results/presenter-path-4.png');
  // drawn in the path's colour, not the plain edge's
  const stroke = (label: string) => edge(label).locator('.react-flow__edge-path').evaluate((p) => getComputedStyle(p).strokeWidth);
  expect(parseFloat(await stroke('transform before load'))).toBeGreaterThanOrEqual(3);
  // up to the exit (step 6) the whole chain stays on the path
  await forwardTo(page, stage, /^Step 6 of \d+/);
  for (const label of ['connect_db before extract', 'extract before transform', 'transform before load']) {
    await expect(edge(label), label).toHaveClass(/rs-edge-walked|rs-edge-last/);
    expect(parseFloat(await stroke(label)), label).toBeGreaterThanOrEqual(3);
  }
  // review14 #4: step 9 is a new batch, where load "needs transform to be called first in this
  // batch": the calls of the batch before are no longer drawn as walked
  await page.keyboard.press('End');
  await expect(stage.locator('.presenter-counter')).toHaveText(/^Step (\d+) of \1$/);
  await expect(stage.getByRole('region', { name: 'Current decision' })).toContainText('in this batch');
  for (const label of ['extract before transform', 'transform before load']) await expect(edge(label), label).not.toHaveClass(/rs-edge-walked|rs-edge-last/);
  await expect(graph.locator('.react-flow__node[data-id="transform"]')).not.toHaveClass(/rs-walked/);
  await saveScreenshot(page, 'test-results/presenter-path-end.png');
});

test('the stage shows no connection dots, and a drag between two tools there adds no rule', async ({ page }) => {
  await stayOffline(page);
  await page.setViewportSize({ width: 1280, height: 720 });
  const stage = await openWalkthrough(page, 'ETL pipeline, step by step');
  const graph = stage.getByRole('region', { name: 'Stage graph' });
  await settled(page, graph);
  const edges = graph.locator('.react-flow__edge');
  const before = await edges.count();
  const node = (id: string) => graph.locator(`.react-flow__node[data-id="${id}"]`);
  await expect(node('extract').locator('.react-flow__handle').first()).toBeHidden();
  // where the dots are in Design: the right edge of extract to the left edge of load
  const from = (await node('extract').boundingBox())!;
  const to = (await node('load').boundingBox())!;
  await page.mouse.move(from.x + from.width - 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(to.x + 2, to.y + to.height / 2, { steps: 8 });
  await page.mouse.up();
  await expect(edges).toHaveCount(before);
  await expect(graph.locator('.react-flow__connectionline')).toHaveCount(0);
});
