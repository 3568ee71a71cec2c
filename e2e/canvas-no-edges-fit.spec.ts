import { expect, test, type Page } from './test.ts';
import { region, stayOffline } from './helpers.ts';
import { geometry, settled, smallestText, type Rect } from './canvasGeometry.ts';

/**
 * The fresh-eyes review (review12 #8): at 1280×720, codex-default.rules and the Gemini example (no
 * edges: every tool on its own) opened as one row of nodes, the last ones off-screen to the right
 * over an empty canvas. A graph without edges is laid out as a grid shaped for the pane, so the
 * opening fit shows every node whole at a readable zoom, in Design and in Simulate.
 */
const graph = (page: Page) => region(page, 'Graph');
const inside = (a: Rect, b: Rect) => a.x >= b.x - 1 && a.y >= b.y - 1 && a.x + a.width <= b.x + b.width + 1 && a.y + a.height <= b.y + b.height + 1;

async function everyNodeWhole(page: Page): Promise<void> {
  await settled(page, graph(page));
  const pane = (await graph(page).locator('.rs-flow').first().boundingBox())!;
  const g = await geometry(graph(page));
  const total = Number(await graph(page).locator('.rs-flow').first().getAttribute('data-nodes'));
  expect(g.nodes.length).toBe(total);
  expect(g.nodes.filter((n) => !inside(n.box, pane)).map((n) => n.id), 'nodes cut at the pane’s edge').toEqual([]);
  const smallest = await smallestText(graph(page));
  expect(smallest.px, `smallest label “${smallest.text}”`).toBeGreaterThanOrEqual(11 - 0.01);
}

for (const name of ['codex-default.rules', /^gemini-policies/]) {
  test(`1280×720: ${String(name)} opens with every node whole in view, in Design and Simulate`, async ({ page }) => {
    await stayOffline(page);
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.goto('/');
    await page.getByRole('button', { name: 'Examples', exact: true }).first().click();
    await page.getByRole('dialog', { name: 'Examples' }).getByRole('button', { name, exact: typeof name === 'string' }).first().click();
    await everyNodeWhole(page);
    await page.getByRole('group', { name: 'Mode' }).getByRole('button', { name: 'Simulate' }).click();
    await everyNodeWhole(page);
  });
}
