import { expect, test, type Page } from './test.ts';
import { choose, dragEdge as drag } from './helpers.ts';
import { saveScreenshot } from './screenshots.ts';
import { stayOffline } from './offline.ts';

test.use({ layout: { bottomOpen: true } });

/**
 * The designer walk-through: open an example, add a tool, draw a requires-preceding edge by
 * dragging between handles, see the TOML change, make a cycle and see it in Problems and on the
 * graph, undo and redo, move a node with the arrow keys, delete, and check user text stays text.
 */
const graph = (page: Page) => page.getByRole('region', { name: 'Graph', exact: true });
const inspector = (page: Page) => page.getByRole('region', { name: 'Inspector', exact: true });
const problems = (page: Page) => page.getByRole('region', { name: 'Problems', exact: true });
const source = (page: Page) => page.getByRole('region', { name: 'Source', exact: true });
const node = (page: Page, id: string) => graph(page).locator(`.react-flow__node[data-id="${id}"]`);
const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true }).first();

async function fit(page: Page) {
  await graph(page).locator('.react-flow__controls-fitview').click();
  await page.waitForTimeout(300);
}

/** The Source editor's visible lines, after moving its view to the end of the document. */
async function sourceEnd(page: Page) {
  const lines = source(page).locator('.monaco-editor .view-lines').first();
  await expect(lines).toBeVisible({ timeout: 15_000 });
  const editor = source(page).getByRole('textbox').first();
  await editor.focus();
  await editor.press('Control+End');
  return lines;
}

const translate = async (page: Page, id: string) => {
  const t = await node(page, id).evaluate((el) => (el as HTMLElement).style.transform);
  const m = /translate\(([-\d.]+)px, ([-\d.]+)px\)/.exec(t);
  return m ? { x: Number(m[1]), y: Number(m[2]) } : undefined;
};

test.beforeEach(async ({ page }) => {
  await stayOffline(page);
});

test('designer walk-through: example, add tool, drag an edge, cycle, undo/redo, keyboard', async ({ page }) => {
  test.setTimeout(150_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.setViewportSize({ width: 1600, height: 1000 });
  await page.goto('/');
  await expect(graph(page)).toBeVisible();
  await expect(inspector(page)).toBeVisible();

  // Open an example from the gallery.
  await button(page, 'Examples').click();
  await page.getByRole('dialog', { name: 'Examples' }).getByRole('button', { name: 'consent-shell.toml', exact: true }).click();
  await expect(node(page, 'shell')).toBeVisible();
  await expect(node(page, 'shell')).toContainText('consent (exec)');
  await expect(node(page, 'shell')).toContainText('cooldown 5s');
  await expect(node(page, 'send_message')).toContainText('exit');
  await saveScreenshot(page, 'test-results/designer-1-example.png');

  // Add a tool: it is selected and shown in the inspector.
  await button(page, 'Add tool').click();
  await expect(node(page, 'tool')).toBeVisible();
  await expect(inspector(page).getByLabel('Name')).toHaveValue('tool');
  await fit(page);

  // Drag status → tool: "status before tool" (RequiresPrecedingTools on tool).
  await drag(page, 'status', 'tool');
  await expect(graph(page).locator('.react-flow__edge.rs-edge-precedes')).toHaveCount(1);
  await expect(inspector(page)).toContainText('Call tool only after calling: status');
  const lines = await sourceEnd(page);
  await expect(lines).toContainText('tool_name = "tool"');
  await expect(lines).toContainText('conditions = ["status"]');
  await saveScreenshot(page, 'test-results/designer-2-edge.png');

  // Make a cycle: tool → status as well.
  await drag(page, 'tool', 'status');
  await expect(problems(page)).toContainText('T001');
  await expect(graph(page).locator('.react-flow__edge.rs-edge-cycle')).toHaveCount(2);
  await expect(node(page, 'tool')).toHaveClass(/rs-error/);
  await saveScreenshot(page, 'test-results/designer-3-cycle.png');

  // Undo removes the cycle; Redo brings it back.
  await button(page, 'Undo').click();
  await expect(graph(page).locator('.react-flow__edge.rs-edge-cycle')).toHaveCount(0);
  await expect(problems(page)).not.toContainText('T001');
  await button(page, 'Redo').click();
  await expect(graph(page).locator('.react-flow__edge.rs-edge-cycle')).toHaveCount(2);

  // Fix it on the graph, by keyboard: focus the closing edge, select it with Enter, press Delete.
  await graph(page).getByRole('group', { name: 'tool before status' }).focus();
  await page.keyboard.press('Enter');
  await expect(inspector(page)).toContainText('Rule #6');
  await page.keyboard.press('Delete');
  await expect(graph(page).locator('.react-flow__edge.rs-edge-cycle')).toHaveCount(0);
  await expect(problems(page)).not.toContainText('T001');

  // Arrow keys move the selected node by 10 px.
  await node(page, 'tool').click();
  const before = await translate(page, 'tool');
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => translate(page, 'tool')).toEqual({ x: before!.x + 10, y: before!.y });
  await page.keyboard.press('ArrowDown');
  await expect.poll(() => translate(page, 'tool')).toEqual({ x: before!.x + 10, y: before!.y + 10 });

  // User text is rendered as text: rename the tool to markup.
  const evil = '<img src=x onerror=alert(1)>';
  await inspector(page).getByLabel('Name').fill(evil);
  await inspector(page).getByLabel('Name').press('Enter');
  await expect(node(page, evil)).toContainText(evil);
  await expect(graph(page).locator('img')).toHaveCount(0);
  await saveScreenshot(page, 'test-results/designer-4-text.png');

  // Delete the tool: nothing is asked (no native confirm), a notice says Undo brings it back.
  page.once('dialog', (d) => {
    throw new Error(`unexpected ${d.type()} dialog`);
  });
  await node(page, evil).click();
  await page.keyboard.press('Delete');
  await expect(node(page, evil)).toHaveCount(0);
  await expect(page.getByText(/Deleted tool .* Undo \(Ctrl\/Cmd\+Z\) brings it back/)).toBeVisible();
  await expect(await sourceEnd(page)).not.toContainText('onerror');
  await page.getByRole('button', { name: 'Undo', exact: true }).click();
  await expect(node(page, evil)).toHaveCount(1);
  expect(errors).toEqual([]);
});

test('shell: theme switch persists, palette runs a command, separators resize by keyboard and keep their size', async ({ page }) => {
  await page.goto('/');
  await choose(page.getByLabel('Theme'), 'Dark');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await saveScreenshot(page, 'test-results/designer-5-dark.png');

  const sep = page.getByRole('separator', { name: 'Resize explorer' });
  const v0 = Number(await sep.getAttribute('aria-valuenow'));
  await sep.focus();
  await page.keyboard.press('ArrowRight');
  await expect(sep).toHaveAttribute('aria-valuenow', String(v0 + 10));
  await page.reload();
  await expect(page.getByRole('separator', { name: 'Resize explorer' })).toHaveAttribute('aria-valuenow', String(v0 + 10));

  await page.locator('body').click();
  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await expect(palette).toBeVisible();
  // Ctrl+K puts the focus in the search: typing filters at once.
  await expect(palette.getByRole('combobox', { name: 'Command' })).toBeFocused();
  await page.keyboard.type('theme light');
  await page.keyboard.press('Enter');
  await expect(palette).toHaveCount(0);
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
});
