import { readFileSync } from 'node:fs';
import { expect, test, type Page } from './test.ts';
import { dragEdge as drag, graphNode as node, setSource } from './helpers.ts';
import { saveScreenshot } from './screenshots.ts';

test.use({ layout: { bottomOpen: true } });

/**
 * The loop between graph and text: draw an edge that closes a cycle, see it in Problems
 * and on the graph, then fix it by editing the text in the Source editor — the graph follows.
 */
const graph = (page: Page) => page.getByRole('region', { name: 'Graph', exact: true });
const problems = (page: Page) => page.getByRole('region', { name: 'Problems', exact: true });
const source = (page: Page) => page.getByRole('region', { name: 'Source', exact: true });
const ETL = readFileSync('examples/etl-pipeline.toml', 'utf8');

test('a cycle drawn on the graph is fixed in the text editor', async ({ page }) => {
  await page.setViewportSize({ width: 1500, height: 1000 });
  await page.goto('/');
  await page.getByRole('button', { name: 'Examples', exact: true }).first().click();
  await page.getByRole('dialog').getByRole('button', { name: /etl-pipeline/ }).first().click();
  await expect(node(page, 'extract')).toBeVisible();
  // Let automatic layout place the nodes, then fit them in view.
  await expect(page.locator('html[data-autosave="saved"]')).toBeAttached({ timeout: 15_000 });
  await page.waitForTimeout(1000);
  await graph(page).locator('.react-flow__controls-fitview').click();
  await page.waitForTimeout(300);
  await expect(problems(page).getByRole('button', { name: /T001/ })).toHaveCount(0);

  // `load` before `extract` closes extract → transform → load → extract.
  await drag(page, 'load', 'extract');
  await expect(problems(page).getByRole('button', { name: /T001/ })).toBeVisible();
  await expect(graph(page).locator('.rs-edge-cycle').first()).toBeAttached();
  await saveScreenshot(page, 'test-results/cycle-drawn.png', { fullPage: true });

  // Fix it in the text: the example's own text, without the new rule.
  await expect(source(page).locator('.monaco-editor')).toBeVisible();
  await setSource(page, ETL);
  await expect(problems(page).getByRole('button', { name: /T001/ })).toHaveCount(0);
  await expect(graph(page).locator('.rs-edge-cycle')).toHaveCount(0);
  await saveScreenshot(page, 'test-results/cycle-fixed-in-text.png', { fullPage: true });

  // One history: Undo brings the cycle back from the text edit.
  await page.getByRole('button', { name: 'Undo', exact: true }).click();
  await expect(problems(page).getByRole('button', { name: /T001/ })).toBeVisible();
});
