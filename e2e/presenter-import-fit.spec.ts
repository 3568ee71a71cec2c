/**
 * review14 #1: an imported hegel workflow on stage with no run yet. hegel-cli's own `discovery.yaml`
 * and `research.yaml` were cropped at 1280×720 (node names cut at the left and right, edge labels
 * such as `restart_cycle`, `continue_study` and `assess_incomplete` off the stage; discovery at
 * 1440×900 too) although no step was current: the stage must show the whole graph, every node and
 * every edge label inside it, at text that reads.
 */
import { expect, test, type Locator, type Page } from './test.ts';
import { resolve } from 'node:path';
import { graphNode, importPaths, stageGeometry, stayOffline } from './helpers.ts';
import { saveScreenshot } from './screenshots.ts';

const HEGEL_CLI = resolve(import.meta.dirname, '../test/data/hegel-cli');

async function presentImported(page: Page, file: string, start: string): Promise<Locator> {
  await page.goto('/');
  await importPaths(page, [resolve(HEGEL_CLI, file)]);
  await expect(graphNode(page, start)).toBeVisible();
  await page.keyboard.press('Alt+3');
  const stage = page.getByRole('dialog', { name: 'Presenter view' });
  await expect(stage).toBeVisible();
  await expect(stage.getByRole('region', { name: 'Stage graph' }).locator(`.react-flow__node[data-id="${start}"]`)).toBeVisible();
  // the camera's move lasts 400 ms
  await page.waitForTimeout(600);
  return stage;
}

test.beforeEach(async ({ page }) => {
  await stayOffline(page);
});

for (const [file, start, nodes, labels, w, h] of [
  ['discovery.yaml', 'spec', 6, 6, 1280, 720],
  ['research.yaml', 'plan', 5, 6, 1280, 720],
  ['discovery.yaml', 'spec', 6, 6, 1440, 900],
] as const) {
  test(`hegel-cli's ${file} imported, on stage at ${w}×${h} with no run: the whole graph and every edge label in view`, async ({ page }) => {
    await page.setViewportSize({ width: w, height: h });
    const stage = await presentImported(page, file, start);
    await expect(stage.locator('.presenter-counter')).toHaveText('No run yet');
    const view = await stageGeometry(stage);
    expect(view.nodes).toBe(nodes);
    expect(view.labels).toBe(labels);
    expect(view.cut, 'nodes and edge labels cut at the stage edge').toEqual([]);
    expect(view.smallest, 'smallest node text on stage').toBeGreaterThanOrEqual(12);
    await saveScreenshot(page, `test-results/presenter-import-${file.replace('.yaml', '')}-${w}x${h}.png`);
  });
}
