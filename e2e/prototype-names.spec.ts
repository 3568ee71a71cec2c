/**
 * Names that are Object.prototype members are drawn (issue 29): tools `constructor`, `toString`,
 * `valueOf` and `__proto__`, and a workflow node `constructor`, each get a node at a finite
 * position of its own, with no NaN error on the console (before: 0 of 3 nodes, 15 NaN errors).
 */
import { expect, test, type Page } from './test.ts';
import { graphNode, importPaths, region, stayOffline } from './helpers.ts';

const errors: string[] = [];

test.beforeEach(async ({ page }) => {
  errors.length = 0;
  await stayOffline(page);
  page.on('console', (m) => {
    if (m.type() === 'error' || /NaN/.test(m.text())) errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
});

/** The drawn nodes' ids and their translate() positions. */
async function drawn(page: Page): Promise<{ id: string; x: number; y: number }[]> {
  return region(page, 'Graph')
    .locator('.react-flow__node')
    .evaluateAll((els) =>
      els.map((el) => {
        const m = /translate\(([^,]+)px,\s*([^)]+)px\)/.exec((el as HTMLElement).style.transform) ?? [];
        return { id: el.getAttribute('data-id') ?? '', x: Number(m[1]), y: Number(m[2]) };
      }),
    );
}

test('tools named constructor, toString, valueOf and __proto__ are all drawn, apart', async ({ page }) => {
  await page.goto('/');
  await importPaths(page, ['e2e/fixtures/prototype-names.toml']);
  const names = ['constructor', 'toString', 'valueOf', '__proto__'];
  for (const n of names) await expect(graphNode(page, n)).toBeVisible();
  const nodes = await drawn(page);
  expect(nodes.map((n) => n.id).sort()).toEqual([...names].sort());
  for (const n of nodes) expect(Number.isFinite(n.x) && Number.isFinite(n.y), `${n.id} at ${n.x},${n.y}`).toBe(true);
  expect(new Set(nodes.map((n) => `${n.x},${n.y}`)).size).toBe(names.length);
  // the rules between them are drawn too
  await expect(region(page, 'Graph').locator('.react-flow__edge')).toHaveCount(2);
  expect(errors).toEqual([]);
});

test('a workflow node named constructor is drawn with the others', async ({ page }) => {
  await page.goto('/');
  await importPaths(page, ['e2e/fixtures/prototype-workflow.yaml']);
  for (const n of ['constructor', 'toString']) await expect(graphNode(page, n)).toBeVisible();
  const nodes = await drawn(page);
  expect(nodes.length).toBeGreaterThanOrEqual(3);
  for (const n of nodes) expect(Number.isFinite(n.x) && Number.isFinite(n.y), `${n.id} at ${n.x},${n.y}`).toBe(true);
  expect(errors).toEqual([]);
});
