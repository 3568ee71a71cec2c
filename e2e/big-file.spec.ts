import { writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { expect, test } from './test.ts';
import { graphNode, region } from './helpers.ts';
import { bigAgentToml } from '../test/support/bigAgent.ts';
import { longTasksSince, quiet } from './longTasks.ts';
import { cssRegion, openForBigFile } from './bigFilePage.ts';

test.use({ layout: { bottomOpen: true } });

/**
 * Issue 9.3 in the built app: a generated 30,000-rule agent file (about 3.7 MB, made here, never
 * committed) is dropped on the window. Progress is shown, the import finishes, and afterwards the
 * capped graph, its search and the Problems list are usable with the keyboard and the mouse. The
 * Long Tasks API records every main-thread task of the page from the drop until the page has
 * settled (the progress card gone, the graph drawn, Problems counted, the Source pane offering to
 * open the big text, then two quiet seconds); the longest is printed and annotated with the load
 * beside it. It is not asserted: the 200 ms target is measured by `npm run bench -- import` on an
 * idle machine (`node --import tsx bench/importProfile.ts` says what each long task did). Opening
 * the text in the editor is the user's own later step, checked after the measured part.
 */

test('importing a 30,000-rule file shows progress, finishes, records its longest main-thread task, and leaves the graph, Problems and Source usable', async ({ page, browser }) => {
  test.setTimeout(300_000);
  const errors = await openForBigFile(page);
  // The file is made in the page (Playwright's own setFiles turns a 3.7 MB buffer into a File on
  // the page's main thread, in a task of seconds that would be counted against the app), then
  // dropped on the window as a user drops a file. Start-up work settles before the measured part.
  await page.evaluate(`window.__bigFile = new File([(${bigAgentToml.toString()})(30000)], 'big.toml', { type: 'application/toml' })`);
  await quiet(page);
  const loadAtStart = loadavg()[0]!;
  // BIG_FILE_TRACE=1 records a Chromium trace of the measured part into test-results/big-file-trace.json
  // (`node --import tsx bench/importProfile.ts --trace test-results/big-file-trace.json` reads it).
  const tracing = process.env.BIG_FILE_TRACE === '1';
  if (tracing) await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink.user_timing', 'v8.execute', 'disabled-by-default-v8.cpu_profiler', 'disabled-by-default-v8.gc', 'toplevel'] });
  const since = await page.evaluate(() => performance.now());
  await page.evaluate(() => {
    performance.mark('bench-drop');
    const data = new DataTransfer();
    data.items.add((window as unknown as { __bigFile: File }).__bigFile);
    window.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
  });

  // Progress is shown while the worker reads and checks the file. Waited for by CSS, as every
  // wait of a measured part (see bigFilePage.ts); asserted after the measured part.
  const progress = page.locator('[role="progressbar"][aria-label*="big.toml"]');
  await progress.waitFor({ timeout: 10_000 });
  await page.locator('.notice', { hasText: 'Imported big.toml.' }).waitFor({ timeout: 120_000 });
  await progress.waitFor({ state: 'hidden' });
  await cssRegion(page, 'Graph').locator('.react-flow__node').first().waitFor({ timeout: 60_000 });
  await cssRegion(page, 'Problems').getByText('2999 errors, 3032 warnings').waitFor({ timeout: 60_000 });
  await cssRegion(page, 'Source').getByRole('button', { name: 'Open in the editor' }).waitFor({ timeout: 60_000 });
  await quiet(page);
  if (tracing) writeFileSync('test-results/big-file-trace.json', await browser.stopTracing());

  const tasks = await longTasksSince(page, since);
  const longest = Math.max(0, ...tasks.map((t) => t.duration));
  const listed = tasks.map((t) => `${(t.start - since).toFixed(0)}+${t.duration.toFixed(0)}`).join(', ');
  console.log(`[big-file] ${tasks.length} long tasks from the drop until settled; longest ${longest.toFixed(0)} ms: ${listed}`);
  test.info().annotations.push({ type: 'longest main-thread task (ms)', description: longest.toFixed(0) });
  // Printed, not asserted: a wall-time figure belongs to the bench (`npm run bench -- import`).
  const load = Math.max(loadAtStart, loadavg()[0]!);
  test.info().annotations.push({ type: 'load average', description: `${load.toFixed(1)} on ${cpus().length} cores` });

  // What the measured part waited for, asserted.
  await expect(page.getByRole('progressbar', { name: /big\.toml/ })).toBeHidden();
  const graph = region(page, 'Graph');
  await expect(graph.locator('.react-flow__node').first()).toBeVisible();
  const problems = region(page, 'Problems');
  await expect(problems.getByText('2999 errors, 3032 warnings')).toBeVisible();
  // The Source pane shows the start of the 3.7 MB text and offers to open it in the editor.
  const source = region(page, 'Source');
  const openEditor = source.getByRole('button', { name: 'Open in the editor' });
  await expect(openEditor).toBeVisible();
  await expect(source.getByLabel('The start of big.toml')).toContainText('# A generated agent: 30000 rules over 3000 tools.');

  // The graph is a capped view: 100 of the 6,000 tools (3,000 declared, 3,000 retired ones named
  // in conditions) and 200 of the 23,999 edges, around the first tool, with a banner saying so.
  const banner = graph.getByRole('region', { name: 'Graph view' });
  await expect(banner).toContainText('Showing 100 of 6,000 tools and 200 of 23,999 edges');
  await expect(banner).toContainText('around tool_00000');
  expect(await graph.locator('.react-flow__node').count()).toBeLessThanOrEqual(100);
  expect(await graph.locator('.react-flow__edge').count()).toBeLessThanOrEqual(200);

  // Problems: thousands of entries, a few in the page; the keyboard reaches the last one, which
  // keeps its place in the list for screen readers, and activating one selects what it is about.
  const entries = problems.getByRole('listitem');
  expect(await entries.count()).toBeLessThan(200);
  await problems.getByRole('button').first().focus();
  await page.keyboard.press('End');
  const last = problems.locator('li:has(button:focus)');
  await expect(last).toHaveAttribute('aria-posinset', '6031');
  await expect(last).toHaveAttribute('aria-setsize', '6031');
  await page.keyboard.press('Enter');
  // What it is about is selected (a rule of a tool: the Inspector shows the rule) and drawn: the
  // graph re-centres on its tool when that tool was not in the view.
  const inspector = region(page, 'Inspector');
  await expect(inspector.getByRole('heading', { level: 2 })).not.toHaveText('Agent');
  await expect(graph.locator('.react-flow__node.rs-related, .react-flow__node.selected')).toHaveCount(1);
  const related = (await graph.locator('.react-flow__node.rs-related, .react-flow__node.selected').getAttribute('data-id'))!;
  expect(related).toMatch(/^tool_\d{5}$/);
  await page.keyboard.press('Home');
  await expect(problems.locator('li:has(button:focus)')).toHaveAttribute('aria-posinset', '1');

  // The graph's search centres the view on any tool, drawn or not, and selects it.
  await banner.getByRole('combobox', { name: 'Find a tool in the whole graph' }).fill('tool_02999');
  await banner.getByRole('combobox', { name: 'Find a tool in the whole graph' }).press('Enter');
  await expect(banner).toContainText('around tool_02999');
  await expect(graphNode(page, 'tool_02999')).toHaveClass(/selected/);
  await expect(inspector.getByRole('textbox', { name: 'Name' })).toHaveValue('tool_02999');
  await banner.getByRole('combobox', { name: 'Find a tool in the whole graph' }).fill('no such tool');
  await banner.getByRole('combobox', { name: 'Find a tool in the whole graph' }).press('Enter');
  await expect(banner).toContainText('No tool is named like “no such tool”.');

  // Opening the text in the editor (the user's step, not part of the import): the editor holds
  // the whole text, its first and last lines included. It may open scrolled to what is selected
  // (a rule near the end, chosen in Problems above), so the test goes to the start first.
  await openEditor.click();
  const editor = source.locator('.monaco-editor');
  await expect(editor.locator('.view-lines')).toContainText('tool_name', { timeout: 120_000 });
  // Focused as a keyboard user reaches it (a click on its lines' box lands under the graph or
  // outside the pane: the box is as wide as the longest line).
  await editor.locator('textarea').first().focus();
  await page.keyboard.press('ControlOrMeta+Home');
  await expect(editor.locator('.view-lines')).toContainText('# A generated agent: 30000 rules over 3000 tools.', { timeout: 30_000 });
  await page.keyboard.press('ControlOrMeta+End');
  const lines = String(bigAgentToml(30000).split('\n').length);
  await expect(editor.locator('.line-numbers', { hasText: new RegExp(`^${lines}$`) })).toBeVisible({ timeout: 30_000 });

  const after = await longTasksSince(page, since);
  console.log(`[big-file] interactions after the import: ${after.length - tasks.length} long tasks, longest ${Math.max(0, ...after.slice(tasks.length).map((t) => t.duration)).toFixed(0)} ms`);
  expect(errors).toEqual([]);
});
