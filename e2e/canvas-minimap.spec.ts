/**
 * The minimap over a dense graph (task ui10; ui8 left it): on the 30-tool tree, and on the Letta
 * example at 1280×720 with the bottom panel open, no camera cleared the minimap without cutting the
 * graph's start, so it lay over nodes. It folds into a toggle in the zoom controls when the fit
 * cannot clear it (the graph takes the freed space); the toggle shows or hides it by hand, and a
 * hidden minimap stays hidden after a reload, as the panels' folds do.
 */
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from './test.ts';
import { graphNode, importPaths, region, screenshotsWithAxe, stayOffline } from './helpers.ts';
import { settled, underChrome, type Rect } from './canvasGeometry.ts';
import { thirtyTools } from './thirtyTools.ts';
import { saveScreenshot } from './screenshots.ts';

test.use({ layout: { bottomOpen: true } });

const graph = (page: Page) => region(page, 'Graph');
const toggle = (page: Page) => graph(page).getByRole('button', { name: 'Minimap' });
const minimap = (page: Page) => graph(page).locator('.react-flow__minimap');
/** Where its screenshots go (as screenshotsWithAxe's), inside the project. */
const shots = 'test-results/ui10';

async function openExample(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: 'Examples', exact: true }).first().click();
  await page.getByRole('dialog', { name: 'Examples' }).getByRole('button', { name, exact: true }).click();
  await settled(page, graph(page));
}

/** Whether `id`'s node is drawn wholly inside the pane. */
async function wholeInPane(page: Page, id: string): Promise<boolean> {
  const pane = (await graph(page).locator('.rs-flow').boundingBox()) as Rect;
  const b = await graphNode(page, id).boundingBox();
  return b !== null && b.x >= pane.x && b.y >= pane.y && b.x + b.width <= pane.x + pane.width && b.y + b.height <= pane.y + pane.height;
}

test('1280×720: over a graph no fit keeps clear of it, the minimap folds into its toggle; the toggle brings it back and hides it, remembered', async ({ page }) => {
  await stayOffline(page);
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/');
  // The ETL example: the fit keeps its nodes clear of the minimap, which shows.
  await openExample(page, 'etl-pipeline.toml');
  await expect(minimap(page)).toBeVisible();
  await expect(toggle(page)).toHaveAttribute('aria-pressed', 'true');

  const file = join(tmpdir(), 'ui10-thirty.toml');
  writeFileSync(file, thirtyTools());
  await importPaths(page, [file]);
  await expect(graphNode(page, 'tool_29')).toBeAttached();
  await settled(page, graph(page));
  // Folded: no node under any chrome, the graph's start whole in view.
  await expect(minimap(page)).toHaveCount(0);
  await expect(toggle(page)).toHaveAttribute('aria-pressed', 'false');
  expect(await underChrome(graph(page))).toEqual([]);
  expect(await wholeInPane(page, 'tool_00')).toBe(true);
  await screenshotsWithAxe(page, 'ui10-thirty-folded', 'section.canvas');

  // Keyboard: the toggle is a button in the controls; Enter shows the minimap over the graph.
  await page.setViewportSize({ width: 1280, height: 720 });
  await toggle(page).focus();
  await page.keyboard.press('Enter');
  await expect(minimap(page)).toBeVisible();
  await expect(toggle(page)).toHaveAttribute('aria-pressed', 'true');
  // And hides it again, which is remembered: after a reload the ETL example opens without it.
  await page.keyboard.press('Enter');
  await expect(minimap(page)).toHaveCount(0);
  await page.reload();
  await openExample(page, 'etl-pipeline.toml');
  await expect(toggle(page)).toHaveAttribute('aria-pressed', 'false');
  await expect(minimap(page)).toHaveCount(0);
  await toggle(page).click();
  await expect(minimap(page)).toBeVisible();
});

test('1280×720, the bottom panel open: the Letta example folds the minimap and shows its start whole, clear of the chrome', async ({ page }) => {
  await stayOffline(page);
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/');
  await openExample(page, 'letta-refund-agent.af');
  expect(await underChrome(graph(page))).toEqual([]);
  await saveScreenshot(page, `${shots}/letta-1280-light.png`);
});
