import { expect, test, type Page } from './test.ts';
import { graphNode, openEtl, region, screenshotsWithAxe } from './helpers.ts';

/**
 * Several nodes at once (the review: "Ctrl+A selects nothing; the graph selects one node or rule
 * at a time"): Ctrl+A on the graph selects every tool, Shift+click adds or takes one out, a
 * Shift+drag box selects what it covers; the Inspector says how many; the arrow keys and Delete
 * act on all of them, each as one undo step; Escape lets go.
 */

const selectedIds = (page: Page) =>
  region(page, 'Graph')
    .locator('.react-flow__node.selected')
    .evaluateAll((ns) => ns.map((n) => (n as HTMLElement).dataset['id'] ?? '').sort());

const positionOf = (page: Page, id: string) =>
  graphNode(page, id).evaluate((n) => {
    const m = /translate\(([-\d.]+)px, ?([-\d.]+)px\)/.exec((n as HTMLElement).style.transform);
    return m ? { x: Number(m[1]), y: Number(m[2]) } : undefined;
  });

test('Ctrl+A selects every tool; Delete removes them all in one undo step', async ({ page }) => {
  await openEtl(page);
  const all = await region(page, 'Graph')
    .locator('.react-flow__node')
    .evaluateAll((ns) => ns.map((n) => (n as HTMLElement).dataset['id'] ?? '').sort());
  expect(all.length).toBeGreaterThan(3);
  await graphNode(page, 'load').focus();
  await page.keyboard.press('Control+a');
  await expect.poll(() => selectedIds(page)).toEqual(all);
  const inspector = region(page, 'Inspector');
  await expect(inspector.getByRole('heading', { name: `${all.length} tools selected` })).toBeVisible();
  await screenshotsWithAxe(page, 'multi-select-all', '.area-inspector');

  await page.keyboard.press('Delete');
  await expect(region(page, 'Graph').locator('.react-flow__node')).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: `Deleted ${all.length} tools` })).toBeVisible();
  // One undo brings every one of them back.
  await page.keyboard.press('Control+z');
  await expect(region(page, 'Graph').locator('.react-flow__node')).toHaveCount(all.length);
});

test('Shift+click adds and takes out; the arrow keys move the selected tools together; Escape lets go', async ({ page }) => {
  await openEtl(page);
  await graphNode(page, 'extract').click();
  await graphNode(page, 'load').click({ modifiers: ['Shift'] });
  await graphNode(page, 'transform').click({ modifiers: ['Shift'] });
  await expect.poll(() => selectedIds(page)).toEqual(['extract', 'load', 'transform']);
  await graphNode(page, 'transform').click({ modifiers: ['Shift'] });
  await expect.poll(() => selectedIds(page)).toEqual(['extract', 'load']);
  await expect(region(page, 'Inspector').getByRole('heading', { name: '2 tools selected' })).toBeVisible();

  const before = { extract: await positionOf(page, 'extract'), load: await positionOf(page, 'load'), transform: await positionOf(page, 'transform') };
  await graphNode(page, 'load').focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect.poll(() => positionOf(page, 'load')).not.toEqual(before.load);
  const dy = ((await positionOf(page, 'load'))?.y ?? 0) - (before.load?.y ?? 0);
  expect(dy).toBeGreaterThan(0);
  expect(((await positionOf(page, 'extract'))?.y ?? 0) - (before.extract?.y ?? 0)).toBe(dy);
  expect(await positionOf(page, 'transform')).toEqual(before.transform);
  // Both presses are one undo step, for both tools.
  await page.keyboard.press('Control+z');
  await expect.poll(() => positionOf(page, 'load')).toEqual(before.load);
  expect(await positionOf(page, 'extract')).toEqual(before.extract);

  await graphNode(page, 'load').focus();
  await page.keyboard.press('Escape');
  await expect.poll(() => selectedIds(page)).toEqual([]);
});

test('a Shift+drag box selects the tools it covers, not the edges between them', async ({ page }) => {
  await openEtl(page);
  // Zoomed out a step, so the box starts away from the canvas's edges (near one, React Flow pans).
  await region(page, 'Graph').getByRole('button', { name: 'Zoom Out' }).click();
  // Where the nodes are once the view has settled.
  const boxes = async () => [await graphNode(page, 'extract').boundingBox(), await graphNode(page, 'transform').boundingBox()];
  let last = JSON.stringify(await boxes());
  await expect
    .poll(async () => {
      const now = JSON.stringify(await boxes());
      const same = now === last;
      last = now;
      return same;
    }, { intervals: [400] })
    .toBe(true);
  const [a, b] = await boxes();
  if (!a || !b) throw new Error('nodes not drawn');
  // From just outside the first to just past the second, on the pane.
  const from = { x: Math.min(a.x, b.x) - 12, y: Math.min(a.y, b.y) - 12 };
  const to = { x: Math.max(a.x + a.width, b.x + b.width) + 12, y: Math.max(a.y + a.height, b.y + b.height) + 12 };
  await page.keyboard.down('Shift');
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move((from.x + to.x) / 2, (from.y + to.y) / 2, { steps: 4 });
  await page.mouse.move(to.x, to.y, { steps: 4 });
  await page.mouse.up();
  await page.keyboard.up('Shift');
  await expect.poll(() => selectedIds(page)).toEqual(expect.arrayContaining(['extract', 'transform']));
  const picked = await selectedIds(page);
  await expect(region(page, 'Inspector').getByRole('heading', { name: `${picked.length} tools selected` })).toBeVisible();
  await expect(region(page, 'Graph').locator('.react-flow__edge.selected')).toHaveCount(0);
});
