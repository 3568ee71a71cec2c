import { expect, test, type Page } from './test.ts';
import { dropMadeFile, exportedAsWritten, graphNode, region } from './helpers.ts';
import { lineDiff } from '../src/core/text/lineDiff.ts';
import { longest, longTasksSince, pageNow } from './longTasks.ts';
import { cssRegion, dragEdgeByCss, nodeShows, openForBigFile, sourceSettled } from './bigFilePage.ts';
import { bigAgentToml } from '../test/support/bigAgent.ts';
import { longTasksOfTrace } from '../bench/traceTasks.ts';

test.use({ layout: { bottomOpen: true } });

/**
 * Issue 9.3, edits after the import: on a generated 30,000-rule agent (made in the page, never
 * committed) an Inspector edit and a graph edit show at once and change only the lines they
 * touch (the file's comment kept), and undo/redo bring the texts and the drawn edge back; the longest main-thread
 * task from each action until its text is written and checked is recorded (Long Tasks API) and
 * printed against the 200 ms target (not asserted yet: see docs/spec-decisions.md).
 */

const RULES = 30_000;
const TARGET_MS = 200;

/** The lines removed and added between two texts. */
function changedPart(before: string, after: string): { removed: string[]; added: string[] } {
  const diff = lineDiff(before, after);
  return { removed: diff.filter((l) => l.kind === 'removed').map((l) => l.text), added: diff.filter((l) => l.kind === 'added').map((l) => l.text) };
}

/**
 * Waits until the edit's text is written and checked: neither background banner of Source is
 * shown, Problems counted. Found by CSS, as every wait of a measured part (see bigFilePage.ts).
 */
async function settled(page: Page): Promise<void> {
  await sourceSettled(page);
  await cssRegion(page, 'Problems').getByText(/\d+ errors, \d+ warnings/).waitFor({ timeout: 60_000 });
  await page.waitForTimeout(1000);
}

/**
 * With `BIG_EDIT_TRACE=1`, each action is traced (Chromium performance trace) and what each of
 * its long tasks did is printed (`bench/traceTasks.ts`); serve an unminified build on E2E_PORT
 * (`vite build --minify false --outDir dist-profile` and `vite preview --outDir dist-profile`) to
 * read function names.
 */
const TRACE = process.env.BIG_EDIT_TRACE === '1';

/** Runs `action`, waits until it settled, and returns the longest main-thread task meanwhile. */
async function measured(page: Page, what: string, action: () => Promise<void>): Promise<number> {
  const browser = page.context().browser()!;
  if (TRACE) await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink.user_timing', 'v8.execute', 'disabled-by-default-v8.cpu_profiler', 'disabled-by-default-v8.gc', 'toplevel'] });
  const since = await pageNow(page);
  await page.evaluate(() => performance.mark('big-edit-action'));
  await action();
  await settled(page);
  if (TRACE) {
    console.log(`[big-edit] ${what}: what the long tasks did`);
    const tasks = longTasksOfTrace(JSON.parse((await browser.stopTracing()).toString('utf8')) as Parameters<typeof longTasksOfTrace>[0], 'big-edit-action');
    const list = (xs: [string, number][]) => xs.map(([n, ms]) => `${n} ${ms.toFixed(0)}`).join('; ');
    for (const t of tasks) console.log(`  task at +${t.startMs.toFixed(0)} ms, ${t.durationMs.toFixed(0)} ms\n    events: ${list(t.events)}\n    self:   ${list(t.functions)}\n    incl.:  ${list(t.inclusive)}`);
  }
  const l = longest(await longTasksSince(page, since), since);
  console.log(`[big-edit] ${what}: longest main-thread task ${l.ms.toFixed(0)} ms (${l.list || 'none ≥ 50 ms'})`);
  test.info().annotations.push({ type: `${what}: longest main-thread task (ms)`, description: l.ms.toFixed(0) });
  return l.ms;
}

test('Inspector and graph edits of a 30,000-rule file show at once, change only their lines, undo and redo, and record their longest main-thread task', async ({ page }) => {
  test.setTimeout(420_000);
  const errors = await openForBigFile(page);
  await dropMadeFile(page, 'big.toml', bigAgentToml.toString(), RULES);
  await expect(page.getByText('Imported big.toml.')).toBeVisible({ timeout: 180_000 });
  // A big text opens in the editor when asked (src/app/editor/bigSource.ts): edits are made with it open.
  await region(page, 'Source').getByRole('button', { name: 'Open in the editor' }).click({ timeout: 60_000 });
  await expect(region(page, 'Source').locator('.monaco-editor')).toBeVisible({ timeout: 120_000 });
  await settled(page);
  const original = bigAgentToml(RULES);

  // The Inspector: tool_02765's first rule is a MaxCalls of 4 (rule 3 of the generator).
  const banner = region(page, 'Graph').getByRole('region', { name: 'Graph view' });
  const search = banner.getByRole('combobox', { name: 'Find a tool in the whole graph' });
  await search.fill('tool_02765');
  await search.press('Enter');
  const inspector = region(page, 'Inspector');
  await expect(inspector.getByRole('textbox', { name: 'Name' })).toHaveValue('tool_02765');
  await inspector.getByRole('button', { name: /MaxCalls/ }).first().click();
  const field = inspector.getByLabel('Max calls');
  await expect(field).toHaveValue('4');
  // The field again by CSS, for the measured part.
  const input = cssRegion(page, 'Inspector').locator(`input[id="${await field.getAttribute('id')}"]`);
  const inspectorTask = await measured(page, 'Inspector edit (max calls 4 → 77)', async () => {
    await input.fill('77');
    await input.press('Enter');
    // Shown at once, before the text is written: the badge on the graph.
    await nodeShows(page, 'tool_02765', 'max 77');
  });
  await expect(graphNode(page, 'tool_02765')).toContainText('max 77');
  const afterInspector = await exportedAsWritten(page);
  expect(changedPart(original, afterInspector)).toEqual({ removed: ['rule_type = { type = "MaxCalls", value = 4 }'], added: ['rule_type = { type = "MaxCalls", value = 77 }'] });

  // The graph: an edge drawn from one drawn tool to another adds it to the order. The edge is
  // found by its label ("a before b"; an id suffix ":p:a" matches the tool's other edges too).
  // The canvas renders only what is in view, and an edit lays the capped view out afresh, so the
  // edge is looked for with its source tool brought into view (found with the banner's search);
  // the banner counts the whole graph's edges.
  const graph = region(page, 'Graph');
  const to = 'tool_02765';
  // (A tool whose handle is in the pane: React Flow also draws nodes partly out of view.)
  const ids = await graph.locator('.react-flow__node').evaluateAll((ns) => {
    const pane = ns[0]!.closest('.react-flow')!.getBoundingClientRect();
    const inPane = (n: Element) => {
      const h = n.querySelector('.react-flow__handle.source')?.getBoundingClientRect();
      return h !== undefined && h.left >= pane.left && h.right <= pane.right && h.top >= pane.top && h.bottom <= pane.bottom;
    };
    return ns.filter(inPane).map((n) => n.getAttribute('data-id')!);
  });
  const labels = await graph.locator('.react-flow__edge').evaluateAll((es) => es.map((e) => e.getAttribute('aria-label') ?? ''));
  const from = ids.find((id) => id !== to && id.startsWith('tool_') && !labels.includes(`${id} before ${to}`))!;
  const edge = graph.locator(`.react-flow__edge[aria-label="${from} before ${to}"]`);
  const totalEdges = (n: string) => banner.getByText(new RegExp(`of ${n} edges`));
  /** Waits, by CSS, until the banner counts `n` edges in the whole graph. */
  const edgesCounted = (n: string) => cssRegion(page, 'Graph').locator('.graph-cap').getByText(new RegExp(`of ${n} edges`)).waitFor({ timeout: 60_000 });
  /** Brings `from` into view, where an edge from it would be drawn. */
  const showFrom = async () => {
    await search.fill(from);
    await search.press('Enter');
    await expect(graphNode(page, from)).toBeInViewport();
  };
  await expect(totalEdges('23,999')).toBeVisible();
  const graphTask = await measured(page, `graph edit (an edge ${from} → ${to})`, async () => {
    await dragEdgeByCss(page, from, to);
    await edgesCounted('24,000');
  });
  await expect(totalEdges('24,000')).toBeVisible();
  await showFrom();
  await expect(edge).toHaveCount(1);
  const afterGraph = await exportedAsWritten(page);
  const drawn = changedPart(afterInspector, afterGraph);
  // One rule's conditions gain the tool, or a new rule is written after the last one.
  expect(drawn.added.join('\n')).toContain(`"${from}"`);
  expect(drawn.removed.length).toBeLessThanOrEqual(1);
  expect(drawn.added.length).toBeLessThanOrEqual(6);
  expect(afterGraph.split('\n')[0]).toBe(original.split('\n')[0]); // the comment

  // Undo and redo the graph edit: the text comes back exactly, and the graph draws it.
  // (The texts are read after the measured parts: an export drives the command palette, work the
  // measured page would count as the app's.)
  const undoTask = await measured(page, 'undo of the graph edit', async () => {
    await page.mouse.click(5, 5);
    await page.keyboard.press('Control+z');
    await edgesCounted('23,999');
  });
  expect(await exportedAsWritten(page)).toBe(afterInspector);
  await expect(totalEdges('23,999')).toBeVisible();
  await showFrom();
  await expect(edge).toHaveCount(0);
  const redoTask = await measured(page, 'redo of the graph edit', async () => {
    await page.mouse.click(5, 5);
    await page.keyboard.press('Control+Shift+z');
    await edgesCounted('24,000');
  });
  expect(await exportedAsWritten(page)).toBe(afterGraph);
  await expect(totalEdges('24,000')).toBeVisible();
  await showFrom();
  await expect(edge).toHaveCount(1);

  expect(errors).toEqual([]);
  // The criterion (under 200 ms) is printed and annotated, not asserted: the graph edit's
  // longest task (the capped view laid out afresh and drawn again) is not reliably under it on this
  // machine (see spec-decisions, "Edits of big files").
  for (const [what, ms] of Object.entries({ inspectorTask, graphTask, undoTask, redoTask }))
    test.info().annotations.push({ type: `${what} within the ${TARGET_MS} ms target`, description: String(ms < TARGET_MS) });
});
