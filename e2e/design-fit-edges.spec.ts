/**
 * review14 (ui19 #1): hegel-cli's `research.yaml`, imported at 1280×720, opened in Design with its
 * `assess_incomplete` back edge drawn left of the first column and its label cut at the pane's left
 * edge (at 1440×900 it was whole): Design's fit measured the nodes only. The opening fit, in Design
 * and in Simulate (the same fit), keeps every node, every edge line and every edge label inside the pane.
 */
import { expect, test, type Page } from './test.ts';
import { resolve } from 'node:path';
import { graphNode, importPaths, region, stayOffline } from './helpers.ts';
import { settled } from './canvasGeometry.ts';
import { saveScreenshot } from './screenshots.ts';

// As a first visit finds the studio: the bottom panel folded.
test.use({ layout: null });

const RESEARCH = resolve(import.meta.dirname, '../test/data/hegel-cli/research.yaml');

/** What of the graph lies outside its pane: node ids, edge label texts, and `edge <id>` for an edge line. */
function cutAtEdge(page: Page) {
  return region(page, 'Graph').evaluate((root) => {
    const pane = (root.querySelector('.react-flow') as HTMLElement).getBoundingClientRect();
    const inside = (r: DOMRect) => r.left >= pane.left - 1 && r.right <= pane.right + 1 && r.top >= pane.top - 1 && r.bottom <= pane.bottom + 1;
    const out = (sel: string, name: (e: Element) => string) => [...root.querySelectorAll(sel)].filter((e) => !inside(e.getBoundingClientRect())).map(name);
    return {
      labels: root.querySelectorAll('.rs-edge-label').length,
      cut: [
        ...out('.react-flow__node', (n) => (n as HTMLElement).dataset['id'] ?? ''),
        ...out('.rs-edge-label', (l) => l.textContent ?? ''),
        ...out('.react-flow__edge-path', (p) => `edge ${p.closest('.react-flow__edge')?.getAttribute('data-id') ?? p.id}`),
      ],
    };
  });
}

for (const [w, h, modes] of [
  [1280, 720, ['Design']],
  [1440, 900, ['Design', 'Simulate']],
] as const)
  test(`${w}×${h}: research.yaml imported shows every node, edge and edge label whole, in ${modes.join(' and ')}`, async ({ page }) => {
    await stayOffline(page);
    await page.setViewportSize({ width: w, height: h });
    await page.goto('/');
    await importPaths(page, [RESEARCH]);
    await expect(graphNode(page, 'plan')).toBeVisible();
    for (const mode of modes) {
      await page.getByRole('group', { name: 'Mode' }).getByRole('button', { name: mode }).click();
      await settled(page, region(page, 'Graph'));
      await saveScreenshot(page, `test-results/design-fit-research-${mode.toLowerCase()}-${w}x${h}.png`);
      const view = await cutAtEdge(page);
      expect(view.labels, `${mode}: edge labels drawn`).toBe(6);
      expect(view.cut, `${mode}: cut at the pane's edge`).toEqual([]);
    }
  });
