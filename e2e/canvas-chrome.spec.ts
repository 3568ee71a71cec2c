import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, test, type Page } from './test.ts';
import { graphNode, importPaths, region, screenshotsWithAxe, stayOffline } from './helpers.ts';
import { collisions, geometry, positionsOf, settled, smallestText, underChrome } from './canvasGeometry.ts';
import { thirtyTools } from './thirtyTools.ts';

test.use({ layout: { bottomOpen: true } });

/**
 * The canvas's chrome (task ui8, a fresh-eyes review): at 1280×720 the zoom controls touched the
 * ETL example's `disconnect_db` handle after the fit, and on a graph too big for zoom 1 the
 * minimap's corner covered part of a node; the Letta example's condition labels sat on the lines
 * of the branches crossing them; and look.spec's click on `load` right after an import sometimes
 * selected nothing (the node lay past the pane's edge: the browser scrolled React Flow's wrapper
 * to reveal it, React Flow scrolled it back, and the click met the pane).
 */
const graph = (page: Page) => region(page, 'Graph');

async function openExample(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: 'Examples', exact: true }).first().click();
  await page.getByRole('dialog', { name: 'Examples' }).getByRole('button', { name, exact: true }).click();
  await settled(page, graph(page));
}

for (const size of [
  { width: 1280, height: 720 },
  { width: 1440, height: 900 },
]) {
  test(`${size.width}×${size.height}: after a fit no node lies under the zoom controls or the minimap; positions kept`, async ({ page }) => {
    await stayOffline(page);
    await page.setViewportSize(size);
    await page.goto('/');
    await openExample(page, 'etl-pipeline.toml');
    expect(await underChrome(graph(page)), 'ETL example').toEqual([]);
    const etl = positionsOf(await geometry(graph(page)));
    await page.keyboard.press('Shift+1');
    await settled(page, graph(page));
    expect(await underChrome(graph(page)), 'ETL example, Fit view').toEqual([]);
    expect(positionsOf(await geometry(graph(page)))).toEqual(etl);

    // Claude Code's settings: too tall for zoom 1, opened on its first problem.
    await openExample(page, 'claude-code-settings.json');
    expect(await underChrome(graph(page)), 'Claude Code settings').toEqual([]);

    const file = join(tmpdir(), 'ui8-thirty.toml');
    writeFileSync(file, thirtyTools());
    await importPaths(page, [file]);
    await expect(graphNode(page, 'tool_29')).toBeAttached();
    await settled(page, graph(page));
    expect((await smallestText(graph(page))).px, 'still readable').toBeGreaterThanOrEqual(11 - 0.01);
    // This tree runs on past the pane's right and bottom edges from its top-left corner: no camera
    // clears the minimap's corner without cutting the graph's start, so the minimap folds into its
    // button (see canvas-minimap.spec.ts) and nothing lies under the chrome.
    await expect(graph(page).getByRole('button', { name: 'Minimap' })).toHaveAttribute('aria-pressed', 'false');
    expect(await underChrome(graph(page)), 'a graph too big for zoom 1').toEqual([]);
  });
}

test('the Letta example: condition labels clear of each other, of nodes and of the lines crossing their branch, readable at zoom 1', async ({ page }) => {
  await stayOffline(page);
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/');
  await openExample(page, 'letta-refund-agent.af');
  const g = await geometry(graph(page));
  expect(collisions(g)).toEqual([]);
  expect((await smallestText(graph(page))).px).toBeGreaterThanOrEqual(11 - 0.01);
  // Each label against the other edges' lines, sampled along their paths on screen.
  const crossed = await graph(page).evaluate((root) => {
    const lines = [...root.querySelectorAll<SVGGElement>('.react-flow__edge')].map((e) => {
      const path = e.querySelector<SVGPathElement>('.react-flow__edge-path')!;
      const m = path.getScreenCTM()!;
      const len = path.getTotalLength();
      const pts = Array.from({ length: 81 }, (_, i) => path.getPointAtLength((len * i) / 80).matrixTransform(m));
      return { id: e.dataset['id'] ?? '', pts };
    });
    const out: string[] = [];
    for (const l of root.querySelectorAll<HTMLElement>('.rs-edge-label')) {
      const r = l.getBoundingClientRect();
      for (const line of lines)
        if (line.id !== l.dataset['edge'] && line.pts.some((p) => p.x > r.left && p.x < r.right && p.y > r.top && p.y < r.bottom)) out.push(`“${l.textContent}” on the line of ${line.id}`);
    }
    return out;
  });
  // The branch leaves check_refund_eligibility in a fan 120 px wide: its middle label cannot keep
  // off the last branch's line (that line crosses the whole height between the two), the others do.
  expect(crossed.length, crossed.join('\n')).toBeLessThanOrEqual(1);
  await screenshotsWithAxe(page, 'ui8-letta', 'section.canvas');
});

test('screenshots and axe: the ETL example after its fit, the bottom panel open', async ({ page }) => {
  await stayOffline(page);
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/');
  await openExample(page, 'etl-pipeline.toml');
  await screenshotsWithAxe(page, 'ui8-etl', 'section.canvas');
  expect(await underChrome(graph(page))).toEqual([]);
});

/** Imports the ETL example with its trace and tests as look.spec does (the bottom panel open at 1280×720). */
async function importEtl(page: Page): Promise<void> {
  await importPaths(page, [resolve('examples/etl-pipeline.toml'), resolve('examples/traces/etl-walkthrough.yaml'), resolve('examples/etl-pipeline.test.yaml')]);
  await expect(graphNode(page, 'load')).toBeVisible();
}

test('a node past the pane’s edge that the browser scrolls into view stays in view, and a click on it right after an import selects it', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 }, colorScheme: 'dark' });
  let page = await context.newPage();
  await stayOffline(page);
  await page.goto('/');
  await importEtl(page);
  const pane = (await graph(page).locator('.rs-flow').boundingBox())!;
  const load = graphNode(page, 'load');
  // At zoom 1 the graph is wider than the pane: `load` starts past its right edge.
  expect((await load.boundingBox())!.x).toBeGreaterThan(pane.x + pane.width - 20);
  // What find-in-page, assistive technology and a test's click do: reveal the element.
  await load.evaluate((el) => el.scrollIntoView({ block: 'nearest', inline: 'nearest' }));
  await expect
    .poll(async () => {
      const b = (await load.boundingBox())!;
      return b.x >= pane.x && b.x + b.width <= pane.x + pane.width;
    })
    .toBe(true);
  // The click a user (or look.spec) makes at once, again and again after fresh imports.
  for (let i = 0; i < 3; i++) {
    if (i > 0) {
      await page.context().close();
      page = await (await browser.newContext({ viewport: { width: 1280, height: 720 }, colorScheme: 'dark' })).newPage();
      await stayOffline(page);
      await page.goto('/');
      await importEtl(page);
    }
    await graphNode(page, 'load').click();
    await expect(region(page, 'Inspector')).toContainText('MaxCalls');
  }
  await page.context().close();
});
