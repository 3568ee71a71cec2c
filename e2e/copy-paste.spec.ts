import { readFileSync } from 'node:fs';
import { expect, test, type Page } from './test.ts';
import { exportedAsWritten, graphNode, openEtl, region, runCommand, screenshotsWithAxe } from './helpers.ts';

/**
 * Review 12 #6: copy, paste and duplicate of nodes, as in Figma, Excalidraw or Stately Studio.
 * Ctrl+C copies the selected tools and the rules among them (as the rule file's text too), Ctrl+V
 * pastes them beside the originals under free names, selected and in view, one undo step; Ctrl+D
 * duplicates a workflow's phase; Simulate mode changes nothing.
 */

const selectedIds = (page: Page) =>
  region(page, 'Graph')
    .locator('.react-flow__node.selected')
    .evaluateAll((ns) => ns.map((n) => (n as HTMLElement).dataset['id'] ?? '').sort());

/** The boxes of every drawn node, on screen. */
const nodeBoxes = (page: Page) =>
  region(page, 'Graph')
    .locator('.react-flow__node')
    .evaluateAll((ns) =>
      ns.map((n) => {
        const r = n.getBoundingClientRect();
        return { id: (n as HTMLElement).dataset['id'] ?? '', x: r.x, y: r.y, w: r.width, h: r.height };
      }),
    );

/** The pairs of drawn nodes that overlap (none, when nothing was pasted on top of anything). */
async function overlapping(page: Page): Promise<string[]> {
  const boxes = await nodeBoxes(page);
  const out: string[] = [];
  for (const [i, a] of boxes.entries())
    for (const b of boxes.slice(i + 1)) if (a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h) out.push(`${a.id}/${b.id}`);
  return out;
}

/** True when every line of `before` is in `after`, in order (the paste only added lines). */
function keepsEveryLine(before: string, after: string): boolean {
  const lines = after.split('\n');
  let i = 0;
  for (const line of before.split('\n')) {
    while (i < lines.length && lines[i] !== line) i++;
    if (i++ >= lines.length) return false;
  }
  return true;
}

const status = (page: Page, text: string | RegExp) => page.getByRole('status').filter({ hasText: text });

test('click, Shift+click, Ctrl+C, Ctrl+V: two tools beside the originals, the rule between them, one undo step', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openEtl(page);
  await graphNode(page, 'extract').click();
  await graphNode(page, 'transform').click({ modifiers: ['Shift'] });
  await expect.poll(() => selectedIds(page)).toEqual(['extract', 'transform']);
  await page.keyboard.press('Control+c');
  await expect(status(page, 'Copied 2 tools and 1 rule')).toBeVisible();
  // The system clipboard holds the rule file's own text of what was copied.
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toContain('tools = ["extract", "transform"]');
  expect(copied).toContain('tool_name = "transform"');
  expect(copied).not.toContain('connect_db');

  await page.keyboard.press('Control+v');
  await expect(graphNode(page, 'extract_2')).toBeVisible();
  await expect(graphNode(page, 'transform_2')).toBeVisible();
  await expect(status(page, 'Pasted 2 tools and 1 rule (as extract_2, transform_2)')).toBeVisible();
  await expect.poll(() => selectedIds(page)).toEqual(['extract_2', 'transform_2']);
  // Beside the originals, on nothing, and in view.
  await expect.poll(() => overlapping(page)).toEqual([]);
  const graphBox = await region(page, 'Graph').boundingBox();
  for (const id of ['extract_2', 'transform_2']) {
    const b = await graphNode(page, id).boundingBox();
    expect(b && graphBox && b.x >= graphBox.x && b.y >= graphBox.y && b.x + b.width <= graphBox.x + graphBox.width && b.y + b.height <= graphBox.y + graphBox.height).toBe(true);
  }
  // The rule between them was copied, renamed to match: the edge extract_2 → transform_2.
  await expect(region(page, 'Graph').locator('.react-flow__edge[aria-label="extract_2 before transform_2"]')).toHaveCount(1);
  await screenshotsWithAxe(page, 'ui14-pasted', 'section.canvas');

  const text = await exportedAsWritten(page);
  expect(keepsEveryLine(readFileSync('examples/etl-pipeline.toml', 'utf8'), text)).toBe(true);
  expect(text).toContain('  "extract_2",\n  "transform_2",\n]');
  expect(text).toContain('tool_name = "transform_2"\nrule_type = { type = "RequiresPrecedingTools" }\nconditions = ["extract_2"]');

  await page.keyboard.press('Control+z');
  await expect(graphNode(page, 'extract_2')).toHaveCount(0);
  await expect(graphNode(page, 'transform_2')).toHaveCount(0);
  expect(await exportedAsWritten(page)).toBe(readFileSync('examples/etl-pipeline.toml', 'utf8'));

  // Another tab of the studio reads the copy back from the clipboard: pasted, not opened as a file.
  const other = await context.newPage();
  await openEtl(other);
  await graphNode(other, 'load').focus();
  await other.keyboard.press('Control+v');
  await expect(graphNode(other, 'transform_2')).toBeVisible();
  await expect(status(other, 'Pasted 2 tools and 1 rule (as extract_2, transform_2)')).toBeVisible();
});

test('a pasted tool renamed, then pasted again: no clash, nothing stacked', async ({ page }) => {
  await openEtl(page);
  await graphNode(page, 'extract').click();
  await page.keyboard.press('Control+c');
  await page.keyboard.press('Control+v');
  await expect(graphNode(page, 'extract_2')).toBeVisible();
  const name = region(page, 'Inspector').getByRole('textbox', { name: 'Name', exact: true });
  await expect(name).toHaveValue('extract_2');
  await name.fill('fetch');
  await name.press('Enter');
  await expect(graphNode(page, 'fetch')).toBeVisible();

  await graphNode(page, 'fetch').focus();
  await page.keyboard.press('Control+v');
  await expect(graphNode(page, 'extract_2')).toBeVisible();
  await expect.poll(() => selectedIds(page)).toEqual(['extract_2']);
  await page.keyboard.press('Control+v');
  await expect(graphNode(page, 'extract_3')).toBeVisible();
  await expect(status(page, 'Pasted 1 tool (as extract_3)')).toBeVisible();
  await expect.poll(() => overlapping(page)).toEqual([]);

  // Ctrl+C in a field copies its text, not the graph's nodes.
  await name.focus();
  await page.keyboard.press('Control+a');
  await page.keyboard.press('Control+c');
  await expect(status(page, 'Pasted 1 tool (as extract_3)')).toBeVisible();
  await expect(status(page, 'Copied')).toHaveCount(0);
});

test('Ctrl+D on a hegel phase duplicates it with its way out; Simulate mode changes nothing', async ({ page }) => {
  await openEtl(page);
  await page.getByRole('button', { name: 'Examples', exact: true }).first().click();
  await page.getByRole('dialog', { name: 'Examples' }).getByRole('button', { name: 'hegel-minimal.yaml', exact: true }).click();
  await expect(graphNode(page, 'plan')).toBeVisible();
  await graphNode(page, 'plan').click();
  await page.keyboard.press('Control+d');
  await expect(graphNode(page, 'plan_2')).toBeVisible();
  await expect(status(page, 'Duplicated 1 phase and 1 transition (as plan_2)')).toBeVisible();
  await expect(region(page, 'Inspector').getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('plan_2');
  await expect(region(page, 'Graph').locator('.react-flow__edge[aria-label="plan_2 to done when plan_2_complete"]')).toHaveCount(1);
  await expect.poll(() => overlapping(page)).toEqual([]);
  const text = await exportedAsWritten(page);
  expect(keepsEveryLine(readFileSync('examples/hegel-minimal.yaml', 'utf8'), text)).toBe(true);
  expect(text).toContain('  plan_2:\n');

  await screenshotsWithAxe(page, 'ui14-duplicated-phase', 'main');
  await page.keyboard.press('Control+z');
  await expect(graphNode(page, 'plan_2')).toHaveCount(0);
  // The palette's Duplicate does the same.
  await graphNode(page, 'spec').click();
  await runCommand(page, 'Duplicate');
  await expect(graphNode(page, 'spec_2')).toBeVisible();
  await page.keyboard.press('Control+z');
  await expect(graphNode(page, 'spec_2')).toHaveCount(0);
  // Nothing selected, a phase reached by the keyboard: Ctrl+D duplicates that one.
  await graphNode(page, 'spec').focus();
  await page.keyboard.press('Escape');
  await expect.poll(() => selectedIds(page)).toEqual([]);
  await page.keyboard.press('Control+d');
  await expect(graphNode(page, 'spec_2')).toBeVisible();
  await page.keyboard.press('Control+z');
  await expect(graphNode(page, 'spec_2')).toHaveCount(0);

  // Simulate mode is read-only: Ctrl+D and Ctrl+V add nothing (and the copied phase is not opened as a document).
  await graphNode(page, 'plan').click();
  await page.keyboard.press('Control+c');
  await expect(status(page, 'Copied 1 phase and 1 transition')).toBeVisible();
  await page.getByRole('group', { name: 'Mode' }).getByRole('button', { name: 'Simulate' }).click();
  await graphNode(page, 'plan').click();
  await page.keyboard.press('Control+d');
  await expect(status(page, /^Duplicate: /)).toBeVisible();
  await page.keyboard.press('Control+v');
  await expect(status(page, 'Paste: Simulate mode is read-only; switch to Design to paste.')).toBeVisible();
  await expect(graphNode(page, 'plan_2')).toHaveCount(0);
  await expect(page.locator('.notice-error')).toHaveCount(0);
});
