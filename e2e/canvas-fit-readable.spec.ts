import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from './test.ts';
import { importPaths, region, stayOffline } from './helpers.ts';
import { geometry, positionsOf, settled, smallestText, underChrome, type Rect } from './canvasGeometry.ts';
import { thirtyTools } from './thirtyTools.ts';

test.use({ layout: { bottomOpen: true } });

/**
 * The fresh-eyes review's steps (task ui5, B): at 1280×720 a gallery example with many tools, or a
 * 30-tool document, opened on the Design canvas at about 0.65× with 8 px labels. Now the canvas
 * never fits below the zoom at which its smallest label is 11 px: a graph too big for that opens at
 * its start, with the minimap showing the whole; "Fit view" (button or Shift+1) still shows the
 * whole graph on request; the document's node positions never change.
 */
const graph = (page: Page) => region(page, 'Graph');
const inside = (a: Rect, b: Rect) => a.x >= b.x - 1 && a.y >= b.y - 1 && a.x + a.width <= b.x + b.width + 1 && a.y + a.height <= b.y + b.height + 1;

async function open(page: Page, name: string): Promise<void> {
  if (name.startsWith('thirty')) {
    const file = join(tmpdir(), `ui5-${name}`);
    writeFileSync(file, thirtyTools(name === 'thirty-problem.toml'));
    await importPaths(page, [file]);
  } else {
    await page.getByRole('button', { name: 'Examples', exact: true }).first().click();
    await page.getByRole('dialog', { name: 'Examples' }).getByRole('button', { name, exact: true }).click();
  }
  await settled(page, graph(page));
}

/** The nodes drawn whole inside the flow's pane, those whose top-left corner is in it, and how many the graph has. */
async function inView(page: Page): Promise<{ ids: string[]; corners: string[]; total: number }> {
  const pane = (await graph(page).locator('.rs-flow').first().boundingBox())!;
  const g = await geometry(graph(page));
  const total = Number(await graph(page).locator('.rs-flow').first().getAttribute('data-nodes'));
  const corners = g.nodes.filter((n) => inside({ x: n.box.x, y: n.box.y, width: 1, height: 1 }, pane)).map((n) => n.id);
  return { ids: g.nodes.filter((n) => inside(n.box, pane)).map((n) => n.id), corners, total };
}

for (const name of ['hegel-execution.yaml', 'claude-code-settings.json', 'thirty.toml']) {
  test(`${name} opens with every label at 11 px or more; Fit view shows the whole, positions kept`, async ({ page }) => {
    await stayOffline(page);
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.goto('/');
    await open(page, name);
    const smallest = await smallestText(graph(page));
    expect(smallest.px, `smallest label “${smallest.text}”`).toBeGreaterThanOrEqual(11 - 0.01);
    const first = await inView(page);
    const firstPositions = positionsOf(await geometry(graph(page)));
    // Not whole in view: the minimap shows the whole graph, or, where no fit keeps the graph clear
    // of it, it is folded into its toggle and no node lies under the chrome (canvas-minimap.spec).
    if (first.ids.length < first.total) {
      if ((await graph(page).getByRole('button', { name: 'Minimap' }).getAttribute('aria-pressed')) === 'true') await expect(graph(page).locator('.react-flow__minimap')).toBeVisible();
      else expect(await underChrome(graph(page))).toEqual([]);
    }

    // Fit view on request (the shortcut, then the button) shows every node, however small.
    await graph(page).locator('.react-flow__pane').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('Shift+1');
    await settled(page, graph(page));
    const whole = await inView(page);
    expect(whole.ids.length, 'every node in view after Fit').toBe(whole.total);
    const all = positionsOf(await geometry(graph(page)));
    // The camera moved, never a node: the positions of the first view are the document's.
    expect(Object.fromEntries(Object.keys(firstPositions).map((id) => [id, all[id]]))).toEqual(firstPositions);
    // The graph starts in the first view: its first node along the reading direction (tools read
    // left to right, phases top down) is there, from its top-left corner (a tool with many rules
    // can be taller than the pane).
    const g = await geometry(graph(page));
    const down = name.endsWith('.yaml');
    const start = [...g.nodes].sort((a, b) => (down ? a.position.y - b.position.y || a.position.x - b.position.x : a.position.x - b.position.x || a.position.y - b.position.y))[0]!;
    // (A document with problems opens on its first problem's node instead: see the last test.)
    if (await region(page, 'Problems').getByText('No problems.').isVisible()) expect(first.corners, 'the start node in the first view').toContain(start.id);

    await graph(page).getByRole('button', { name: 'Zoom In' }).click();
    await graph(page).getByRole('button', { name: 'Fit view' }).click();
    await settled(page, graph(page));
    expect((await inView(page)).ids.length, 'every node in view after the Fit view button').toBe(whole.total);
    if (name === 'thirty.toml') {
      await page.keyboard.press('Control+Shift+L'); // auto layout fits again: readable, not whole
      await settled(page, graph(page));
      expect((await smallestText(graph(page))).px).toBeGreaterThanOrEqual(11 - 0.01);
    }
  });
}

test('a graph too big to show whole opens on its first problem, readable', async ({ page }) => {
  await stayOffline(page);
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/');
  await open(page, 'thirty-problem.toml');
  await expect(region(page, 'Problems').getByText('T003')).toBeVisible();
  await settled(page, graph(page));
  expect((await smallestText(graph(page))).px).toBeGreaterThanOrEqual(11 - 0.01);
  const first = await inView(page);
  expect(first.ids.length).toBeLessThan(first.total);
  expect(first.ids, 'the node of the error in view').toContain('tool_29');
});
