import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';

/**
 * The loop between graph and text: draw an edge that closes a cycle, see it in Problems
 * and on the graph, then fix it by editing the text in the Source editor — the graph follows.
 */
const graph = (page: Page) => page.getByRole('region', { name: 'Graph', exact: true });
const problems = (page: Page) => page.getByRole('region', { name: 'Problems', exact: true });
const source = (page: Page) => page.getByRole('region', { name: 'Source', exact: true });
const node = (page: Page, id: string) => graph(page).locator(`.react-flow__node[data-id="${id}"]`);
const ETL = readFileSync('examples/etl-pipeline.toml', 'utf8');

async function drag(page: Page, from: string, to: string) {
  const a = await node(page, from).locator('.react-flow__handle.source').boundingBox();
  const b = await node(page, to).locator('.react-flow__handle.target').boundingBox();
  if (!a || !b) throw new Error('handle not visible');
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 5 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 5 });
  await page.mouse.up();
}

/** Replaces the whole editor content by a paste (typing would auto-close brackets and quotes). */
async function setSource(page: Page, text: string) {
  await source(page).locator('.monaco-editor .view-lines').click();
  await page.keyboard.press('ControlOrMeta+A');
  await source(page)
    .locator('.monaco-editor textarea')
    .evaluate((el, t) => {
      const data = new DataTransfer();
      data.setData('text/plain', t);
      el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    }, text);
}

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
  await page.screenshot({ path: 'test-results/cycle-drawn.png', fullPage: true });

  // Fix it in the text: the example's own text, without the new rule.
  await expect(source(page).locator('.monaco-editor')).toBeVisible();
  await setSource(page, ETL);
  await expect(problems(page).getByRole('button', { name: /T001/ })).toHaveCount(0);
  await expect(graph(page).locator('.rs-edge-cycle')).toHaveCount(0);
  await page.screenshot({ path: 'test-results/cycle-fixed-in-text.png', fullPage: true });

  // One history: Undo brings the cycle back from the text edit.
  await page.getByRole('button', { name: 'Undo', exact: true }).click();
  await expect(problems(page).getByRole('button', { name: /T001/ })).toBeVisible();
});
