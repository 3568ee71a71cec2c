import { expect, test, type Page } from './test.ts';
import { openExample, openWalkthrough, region, stayOffline } from './helpers.ts';
import { geometry, settled } from './canvasGeometry.ts';
import { saveScreenshot } from './screenshots.ts';

/**
 * review13: Simulate at 1440×900 cut the Claude Code walk-through's right-hand column of tools at
 * the pane's edge (the graph laid out for a wide Design canvas), and a Letta agent's chain ran past
 * it. Simulate lays the graph out for its pane, as the presenter's stage does: at the readable zoom
 * no node is cut at the pane's left or right edge, and a graph that can be read whole is (a graph
 * a few percent too wide is shown whole just below zoom 1, review17 s1).
 */
const WALKS = ['A Claude Code session under a project’s settings', 'A Letta agent, as Letta runs it'];
const SIZES = [
  { width: 1440, height: 900 },
  { width: 1280, height: 720 },
];

async function openInSimulate(page: Page, title: string) {
  await stayOffline(page);
  const stage = await openWalkthrough(page, title);
  await page.keyboard.press('Escape');
  await expect(stage).toBeHidden();
  await expect(page.getByRole('region', { name: 'Simulation' })).toBeVisible();
  await settled(page, region(page, 'Graph'));
}

for (const size of SIZES)
  for (const title of WALKS)
    test(`Simulate at ${size.width}×${size.height} cuts no node of “${title}” at the pane's side edges`, async ({ page }) => {
      await page.setViewportSize(size);
      await openInSimulate(page, title);
      const canvas = region(page, 'Graph');
      const pane = (await canvas.boundingBox())!;
      const g = await geometry(canvas);
      // The readable zoom (1), or a graph a few percent too wide shown whole down to the zoom at
      // which its smallest label is 10 px (review17 s1, docs/spec-decisions.md): then every node
      // is whole in the pane.
      expect(g.zoom).toBeGreaterThanOrEqual(0.9);
      if (g.zoom < 1)
        for (const n of g.nodes) {
          const whole = n.box.x >= pane.x - 1 && n.box.x + n.box.width <= pane.x + pane.width + 1 && n.box.y >= pane.y - 1 && n.box.y + n.box.height <= pane.y + pane.height + 1;
          expect(whole, `${n.id} whole in the pane at zoom ${g.zoom}`).toBe(true);
        }
      const total = Number(await canvas.locator('.rs-flow').getAttribute('data-nodes'));
      expect(g.nodes.length).toBe(total);
      for (const n of g.nodes) {
        // a node is whole across the pane, or wholly out of it: never cut at its left or right edge
        const inside = n.box.x >= pane.x - 1 && n.box.x + n.box.width <= pane.x + pane.width + 1;
        expect(inside, `${n.id} at ${Math.round(n.box.x)}..${Math.round(n.box.x + n.box.width)} in ${Math.round(pane.x)}..${Math.round(pane.x + pane.width)}`).toBe(true);
      }
      if (size.width === 1440) {
        // at 1440×900 the whole graph reads on screen: every node whole in the pane
        for (const n of g.nodes) expect(n.box.y + n.box.height, n.id).toBeLessThanOrEqual(pane.y + pane.height + 1);
      }
      await saveScreenshot(page, `test-results/simulate-fit-${title.slice(2, 8)}-${size.width}.png`);
    });

/**
 * review14 (ui19 #3): at 1280×720 Simulate laid the Claude Code example out down the pane, two
 * tools to a row as tall as `Bash`, its last row below the fold. Its tools (no edge orders them)
 * are packed in columns for the pane: every node whole in view at the readable zoom.
 */
test('Simulate at 1280×720 shows the Claude Code example whole at the readable zoom', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await openExample(page, 'claude-code-settings.json', 'Bash');
  await page.getByRole('group', { name: 'Mode' }).getByRole('button', { name: 'Simulate' }).click();
  await expect(page.getByRole('region', { name: 'Simulation' })).toBeVisible();
  const canvas = region(page, 'Graph');
  await settled(page, canvas);
  await saveScreenshot(page, 'test-results/simulate-fit-claude-example-1280.png');
  const pane = (await canvas.locator('.rs-flow').first().boundingBox())!;
  const g = await geometry(canvas);
  expect(g.zoom).toBeGreaterThanOrEqual(1);
  expect(g.nodes.length).toBe(Number(await canvas.locator('.rs-flow').getAttribute('data-nodes')));
  const cut = g.nodes.filter((n) => n.box.x < pane.x - 1 || n.box.y < pane.y - 1 || n.box.x + n.box.width > pane.x + pane.width + 1 || n.box.y + n.box.height > pane.y + pane.height + 1);
  expect(cut.map((n) => n.id), 'nodes not whole in the pane').toEqual([]);
});
