import { expect, test, type Page } from './test.ts';
import { dropMadeFile, region, stayOffline } from './helpers.ts';
import { collisions, geometry, inside, overlapArea, settled, type Rect } from './canvasGeometry.ts';

test.use({ layout: { bottomOpen: true } });

/**
 * The capped view of a graph too big to draw whole (issue 9.3), as the user first sees it at the
 * smallest supported window: a 3,000-tool agent whose 12,000 rules are four identical
 * `RequiresPrecedingTools` rules per tool (the screenshots' file), so the drawn neighbourhood is a
 * long chain with four parallel `before` edges between each pair. The fitted view must be
 * readable: labels apart, every drawn node whole inside the pane (not cut at its edge, not under
 * the banner, the minimap or the zoom controls), the pane used rather than a strip of nodes over
 * empty canvas, and the centre tool in view.
 */

/** The screenshots' file: `rules` rules over `count` tools, tool i requiring tool (7i+1) mod count. */
function parallelAgent(rules: number): string {
  const count = 3000;
  const tools = Array.from({ length: count }, (_, i) => `tool_${i}`);
  const out = ['[[agents]]', 'name = "big"', `tools = [${tools.map((t) => `"${t}"`).join(', ')}]`, ''];
  for (let i = 0; i < rules; i++) {
    out.push('[[agents.tool_rules]]', `tool_name = "${tools[i % count]}"`, 'rule_type = { type = "RequiresPrecedingTools" }', `conditions = ["${tools[(i * 7 + 1) % count]}"]`, '');
  }
  return out.join('\n');
}

const rectOf = (page: Page, selector: string) =>
  region(page, 'Graph')
    .locator(selector)
    .first()
    .evaluate((el): Rect => {
      const r = el.getBoundingClientRect();
      return { x: r.x, y: r.y, width: r.width, height: r.height };
    });

for (const [width, height] of [
  [1280, 720],
  [1440, 900],
] as const) {
  test(`the capped 3,000-tool graph opens readable at ${width}×${height}: labels apart, nodes whole in the pane, the pane used, the centre shown`, async ({ page }) => {
    test.setTimeout(180_000);
    await stayOffline(page);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.setViewportSize({ width, height });
    await page.goto('/');
    await expect(region(page, 'Source').locator('.monaco-editor, .pane-empty').first()).toBeVisible({ timeout: 60_000 });
    await dropMadeFile(page, 'big-agent.toml', parallelAgent.toString(), 12000);
    await expect(page.getByText('Imported big-agent.toml.')).toBeVisible({ timeout: 120_000 });
    const graph = region(page, 'Graph');
    const banner = graph.getByRole('region', { name: 'Graph view' });
    await expect(banner).toContainText('around tool_0');
    await settled(page, graph);
    await page.waitForTimeout(500);
    await settled(page, graph);

    const g = await geometry(graph);
    const pane = await rectOf(page, '.react-flow');
    const bannerBox = (await banner.boundingBox())!;
    const minimap = await rectOf(page, '.react-flow__minimap');
    const controls = await rectOf(page, '.react-flow__controls');
    // What is drawn of the view (React Flow draws the nodes in or near the view).
    const seen = g.nodes.filter((n) => overlapArea(n.box, pane) > 0);
    // At readable text (zoom 1, task ui5) the 1280×720 window's graph pane, under an open bottom
    // panel, holds one band of two tools; 1440×900 holds more.
    expect(seen.length).toBeGreaterThan(width > 1280 ? 3 : 1);

    // No two labels overlap, no label covers a node, and four rules between two tools make one
    // label saying so, not a stack of four equal labels.
    const labels = g.labels.filter((l) => overlapArea(l.box, pane) > 0);
    expect(collisions({ ...g, nodes: seen, labels })).toEqual([]);
    const stacked = labels.filter((l, i) => labels.some((m, j) => j !== i && m.text === l.text && Math.abs(m.box.x - l.box.x) < 4 && Math.abs(m.box.y - l.box.y) < 1.5 * l.box.height));
    expect(stacked.map((l) => l.text), 'equal labels stacked on one route').toEqual([]);
    expect(labels.map((l) => l.text)).toContain('before ×4');
    // Every node in view is whole inside the pane, and clear of the banner, the minimap and the controls.
    const cut = seen.filter((n) => !inside(n.box, pane)).map((n) => n.id);
    expect(cut, 'nodes cut at the pane edge').toEqual([]);
    const covered = seen.filter((n) => [bannerBox, minimap, controls].some((r) => overlapArea(n.box, r) > 0)).map((n) => n.id);
    expect(covered, 'nodes under the banner, the minimap or the controls').toEqual([]);
    // The pane is used: the nodes in view span most of the height below the banner, not one strip.
    const free = pane.y + pane.height - (bannerBox.y + bannerBox.height);
    const top = Math.min(...seen.map((n) => n.box.y));
    const bottom = Math.max(...seen.map((n) => n.box.y + n.box.height));
    expect((bottom - top) / free, `nodes span ${Math.round(bottom - top)} of ${Math.round(free)} px`).toBeGreaterThan(0.5);
    // The tool the view is built around is in view, at a readable zoom.
    expect(seen.map((n) => n.id)).toContain('tool_0');
    expect(g.zoom).toBeGreaterThanOrEqual(0.7 - 1e-6);
    expect(errors).toEqual([]);
  });
}

test('Auto layout lays a capped view out again: a tool moved there goes back to its place', async ({ page }) => {
  test.setTimeout(180_000);
  await stayOffline(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/');
  await expect(region(page, 'Source').locator('.monaco-editor, .pane-empty').first()).toBeVisible({ timeout: 60_000 });
  await dropMadeFile(page, 'big-agent.toml', parallelAgent.toString(), 12000);
  await expect(page.getByText('Imported big-agent.toml.')).toBeVisible({ timeout: 120_000 });
  const graph = region(page, 'Graph');
  await settled(page, graph);
  const node = graph.locator('.react-flow__node[data-id="tool_0"]');
  const place = () => node.evaluate((n) => (n as HTMLElement).style.transform);
  const laid = await place();
  // The view keeps its layout across edits, so Auto layout is how it is laid out afresh.
  const box = (await node.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 60, box.y + box.height / 2 + 40, { steps: 8 });
  await page.mouse.up();
  await expect.poll(place).not.toBe(laid);
  await page.getByRole('button', { name: 'Auto layout' }).click();
  await expect.poll(place).toBe(laid);
});
