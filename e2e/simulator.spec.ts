import { mkdtempSync, writeFileSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from './test.ts';
import { choose } from './helpers.ts';
import { saveScreenshot } from './screenshots.ts';
import { stayOffline } from './offline.ts';

test.use({ layout: { bottomOpen: true } });

/**
 * The simulator walk-through on the built app: an example agent and a scripted trace, Run, Next
 * violation to the first blocked call with its rule explained and the row selected; what-if with
 * changed rules and the diff; a hegel hooks + states pair and an interrupt's exact text; a
 * teaching link opening at its step. Screenshots go to test-results/.
 */
const sim = (page: Page) => page.getByRole('region', { name: 'Simulation', exact: true });
const button = (page: Page, name: string) => sim(page).getByRole('button', { name, exact: true });
const tmp = mkdtempSync(join(tmpdir(), 'sim-e2e-'));

const SCRIPT = `start: 2025-01-01T10:00:00Z
steps:
  - call: extract
  - call: load
  - call: transform
  - call: load
    args: { batch: 1 }
  - call: load
    args: { batch: 2 }
  - call: disconnect_db
  - call: send_message
`;
/** The script without its last step, which the test types with the schema's completion. */
const SCRIPT_HEAD = SCRIPT.slice(0, SCRIPT.indexOf('  - call: send_message'));

async function openSimulation(page: Page) {
  await page.getByRole('group', { name: 'Mode' }).getByRole('button', { name: 'Simulate' }).click();
  await expect(sim(page)).toBeVisible();
}

/** Opens a view of the simulator's side column (Step, Setup, Changes, Summary). */
const simTab = (page: Page, name: string) => sim(page).getByRole('tab', { name: new RegExp(`^${name}`) }).click();

async function importRuleFile(page: Page, path: string) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Import', exact: true }).first().click();
  await (await chooser).setFiles(path);
}

async function runAndWait(page: Page) {
  await button(page, 'Run').click();
  await expect(sim(page).getByRole('status').filter({ hasText: /Done:/ })).toBeVisible({ timeout: 30_000 });
}

test.beforeEach(async ({ page }) => {
  await stayOffline(page);
  await page.setViewportSize({ width: 1600, height: 1100 });
});

test('scripted trace: run, first blocked call explained, what-if diff, teaching link', async ({ page, context, browser }) => {
  test.setTimeout(120_000); // two runs, Monaco typing and a second browser context on a shared machine
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/');
  await importRuleFile(page, 'examples/etl-pipeline.toml');
  await openSimulation(page);

  await simTab(page, 'Setup');
  await button(page, 'New scripted trace').click();
  await sim(page).getByLabel('Trace name').fill('etl-scenario.yaml');
  await sim(page).getByLabel('Trace name').press('Enter');
  await expect(sim(page).getByRole('checkbox', { name: 'etl-scenario.yaml' })).toBeChecked();

  // the scripted trace is typed in the Monaco trace editor, with completion from the trace schema
  const editor = sim(page).locator('.sim-trace-monaco .monaco-editor');
  await expect(editor).toBeVisible({ timeout: 30_000 });
  await editor.locator('textarea').focus();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  // pasted (typing would auto-indent each line after the one before), then the last step typed.
  // The paste event carries its own data: headless Chromium's system clipboard is not dependable.
  await editor.locator('textarea').evaluate((area, text) => {
    const data = new DataTransfer();
    data.setData('text/plain', text);
    area.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, SCRIPT_HEAD);
  // Typing goes on once the paste shows: keys sent within the same frame as the hand-made paste
  // event made Monaco read its text area as having replaced the pasted lines (in about a third of
  // runs the trace kept only the typed step); no person types that fast after a paste.
  await expect(editor.locator('.view-lines')).toContainText('call: disconnect_db');
  await page.keyboard.insertText('  - c');
  await page.keyboard.type('a');
  const suggestion = page.locator('.suggest-widget .monaco-list-row').filter({ hasText: /^call/ });
  await expect(suggestion).toBeVisible({ timeout: 15_000 });
  await saveScreenshot(page, 'test-results/simulator-trace-completion.png', { fullPage: true });
  await page.keyboard.press('Enter');
  await page.keyboard.type('send_message');
  await expect(editor.locator('.view-lines')).toContainText('call: send_message');
  await expect(sim(page).locator('.sim-trace-problems')).toHaveCount(0);

  await runAndWait(page);
  const timeline = sim(page).getByRole('region', { name: 'Timeline' });
  await expect(timeline.getByRole('listbox', { name: 'Decisions' }).getByRole('option').first()).toBeVisible();
  const progress = sim(page).getByRole('progressbar');
  await expect(progress).toHaveAttribute('aria-valuenow', '100');

  await button(page, 'Next violation').click();
  const selected = timeline.locator('[role="option"][aria-selected="true"]');
  await expect(selected).toContainText('blocked load PrerequisitesNotMet');
  await expect(selected).toHaveAccessibleName(/blocked load PrerequisitesNotMet\s*, rule #4$/);
  await expect(selected).toHaveClass(/sim-violation/);
  const decision = sim(page).getByRole('region', { name: 'Decision' });
  await expect(decision.getByRole('heading')).toContainText('Blocked');
  await expect(decision).toContainText('transform');
  const state = sim(page).getByRole('region', { name: 'State' });
  await expect(state).toContainText('after step 2');
  await expect(state.locator('dt:text-is("Called") + dd')).toHaveText('connect_db, extract');
  // the canvas highlights the step: the blocked tool and the deciding rule (load needs transform)
  const graph = page.getByRole('region', { name: 'Graph', exact: true });
  await expect(graph.locator('.react-flow__node[aria-label="Tool load"]')).toHaveClass(/\brs-step\b/);
  await expect(graph.locator('.react-flow__edge[aria-label="transform before load"]')).toHaveClass(/\brs-edge-step\b/);
  await expect(graph.locator('.react-flow__node.rs-step')).toHaveCount(1);
  await expect(graph.locator('.react-flow__edge.rs-edge-step')).toHaveCount(1);
  await saveScreenshot(page, 'test-results/simulator-first-blocked.png', { fullPage: true });

  // step-through moves the selection with it
  await button(page, 'Step forward').click();
  await expect(selected).toContainText('allowed transform');
  await expect(graph.locator('.react-flow__node[aria-label="Tool transform"]')).toHaveClass(/\brs-step\b/);
  await expect(graph.locator('.react-flow__node[aria-label="Tool load"]')).not.toHaveClass(/\brs-step\b/);
  await button(page, 'Step back').click();
  await expect(selected).toContainText('blocked load');
  await expect(sim(page).getByRole('slider', { name: 'Step' })).toHaveValue('1');
  await button(page, 'Play').click();
  await expect(button(page, 'Pause')).toBeVisible();
  await button(page, 'Pause').click();
  await expect(button(page, 'Play')).toBeVisible();

  // what-if: the same agent without its MaxCalls rule on load
  const relaxed = join(tmp, 'etl-relaxed.toml');
  writeFileSync(relaxed, readFileSync('examples/etl-pipeline.toml', 'utf8').replace('name = "etl"', 'name = "etl_relaxed"').replace(/\[\[agents\.tool_rules\]\]\ntool_name = "load"\nrule_type = \{ type = "MaxCalls", value = 1 \}\n/, ''));
  await importRuleFile(page, relaxed);
  await openSimulation(page);
  await choose(sim(page).getByLabel('Agent'), 'etl-relaxed.toml');
  await runAndWait(page);
  await simTab(page, 'Changes');
  await expect(sim(page).getByRole('heading', { name: 'Changes (1)' })).toBeVisible();
  const change = sim(page).getByRole('button', { name: /blocked load MaxCallsExceeded .* → allowed load/ });
  await expect(change).toBeVisible();
  await change.click();
  await expect(selected).toContainText('allowed load');
  await saveScreenshot(page, 'test-results/simulator-what-if.png', { fullPage: true });

  // teaching link at the selected step, copied from the presenter, opened in a fresh page
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await sim(page).getByRole('button', { name: 'Presenter' }).click();
  await page.getByRole('dialog', { name: 'Presenter view' }).getByRole('button', { name: 'Copy teaching link' }).click();
  await expect(page.getByRole('dialog', { name: 'Presenter view' }).getByRole('button', { name: 'Copied' })).toBeVisible();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  await page.keyboard.press('Escape');
  expect(link).toMatch(/#teach=v1\.[\w-]+$/);
  const fresh = await browser.newContext();
  const other = await fresh.newPage();
  await other.setViewportSize({ width: 1600, height: 1100 });
  await other.goto(link);
  const stage = other.getByRole('dialog', { name: 'Presenter view' });
  await expect(stage).toBeVisible({ timeout: 30_000 });
  await expect(stage.getByRole('region', { name: 'Current decision' })).toContainText('allowed load');
  await expect(stage.getByRole('region', { name: 'Current decision' }).getByRole('heading')).toContainText('load');
  await saveScreenshot(other, 'test-results/simulator-teaching-link.png', { fullPage: true });
  await fresh.close();
  await sim(page).getByRole('button', { name: 'Presenter' }).click();
  await expect(page.getByRole('dialog', { name: 'Presenter view' })).toBeVisible();
  await saveScreenshot(page, 'test-results/simulator-presenter.png', { fullPage: true });
  expect(errors).toEqual([]);
});

test('hegel hooks + states: an interrupt shows its exact prompt text', async ({ page }) => {
  await page.goto('/');
  await importRuleFile(page, 'examples/hegel-execution.yaml');
  await openSimulation(page);
  const at = (s: number) => new Date(Date.UTC(2025, 0, 1, 10, 0, s)).toISOString().replace('Z', '+00:00');
  const hooks = Array.from({ length: 6 }, (_, i) =>
    JSON.stringify({ timestamp: at(40 + i * 5), session_id: 's', event_type: 'post_tool_use', tool_name: 'Bash', tool_input: { command: 'cargo build' } }),
  ).join('\n');
  const states = [
    { timestamp: at(0), from_node: 'START', to_node: 'spec', phase: 'spec', mode: 'execution' },
    { timestamp: at(10), from_node: 'spec', to_node: 'plan', phase: 'plan', mode: 'execution' },
    { timestamp: at(30), from_node: 'plan', to_node: 'code', phase: 'code', mode: 'execution' },
    { timestamp: at(100), from_node: 'code', to_node: 'code_review', phase: 'code_review', mode: 'execution' },
  ]
    .map((s) => JSON.stringify(s))
    .join('\n');
  writeFileSync(join(tmp, 'hooks.jsonl'), hooks);
  writeFileSync(join(tmp, 'states.jsonl'), states);
  await simTab(page, 'Setup');
  await sim(page).locator('input[aria-label="Trace files"]').setInputFiles([join(tmp, 'hooks.jsonl'), join(tmp, 'states.jsonl')]);
  await expect(sim(page).getByRole('checkbox', { name: 'hooks.jsonl' })).toBeChecked();
  await expect(sim(page).getByRole('checkbox', { name: 'states.jsonl' })).toBeChecked();
  await choose(sim(page).getByLabel('Agent'), '(none)');
  await runAndWait(page);
  await choose(sim(page).getByLabel('Kind'), 'interrupt');
  const timeline = sim(page).getByRole('region', { name: 'Timeline' });
  await timeline.getByRole('listbox', { name: 'Decisions' }).getByRole('option').filter({ hasText: 'interrupt code' }).first().click();
  const prompt = sim(page).getByRole('region', { name: 'Decision' }).locator('pre.sim-prompt');
  await expect(prompt).toContainText('WORKFLOW INTERRUPT');
  await expect(prompt).toContainText('commit');
  await expect(sim(page).getByRole('region', { name: 'State' })).toContainText('At code_review');
  await saveScreenshot(page, 'test-results/simulator-hegel-interrupt.png', { fullPage: true });
});

test('trace files dropped on the window join the project; hooks + states are chosen together', async ({ page }) => {
  await page.goto('/');
  await importRuleFile(page, 'examples/hegel-execution.yaml');
  await openSimulation(page);
  const files = [
    { name: 'hooks.jsonl', text: readFileSync('test/traces/fixtures/hooks.jsonl', 'utf8') },
    { name: 'states.jsonl', text: readFileSync('test/traces/fixtures/states.jsonl', 'utf8') },
  ];
  const dataTransfer = await page.evaluateHandle((list) => {
    const dt = new DataTransfer();
    for (const f of list) dt.items.add(new File([f.text], f.name, { type: 'application/x-ndjson' }));
    return dt;
  }, files);
  await page.dispatchEvent('body', 'dragover', { dataTransfer });
  await page.dispatchEvent('body', 'drop', { dataTransfer });
  await simTab(page, 'Setup');
  await expect(sim(page).getByRole('checkbox', { name: 'hooks.jsonl' })).toBeChecked();
  await expect(sim(page).getByRole('checkbox', { name: 'states.jsonl' })).toBeChecked();
  // (The 'Added hooks.jsonl (hegel hooks log)' notice dismisses itself after 6 s; test/app/traceImport checks its text.)
  await expect(page.getByText(/not a rule file/i)).toHaveCount(0);
  // a recorded log opens read-only in the trace editor
  await sim(page).getByRole('button', { name: 'Edit hooks.jsonl' }).click();
  await expect(sim(page).getByText('hegel hooks log · read-only')).toBeVisible();
  await expect(sim(page).locator('.sim-trace-monaco .monaco-editor .view-lines')).toContainText('session_id', { timeout: 30_000 });
  await saveScreenshot(page, 'test-results/simulator-dropped-traces.png', { fullPage: true });
});

test('a stepped decision is drawn on its node in Simulate mode: blocked in red with its word, allowed in green', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/');
  await page.getByRole('button', { name: 'Examples', exact: true }).first().click();
  await page.getByRole('dialog', { name: 'Examples' }).getByRole('button', { name: 'ETL pipeline, step by step', exact: true }).click();
  const stage = page.getByRole('dialog', { name: 'Presenter view' });
  await expect(stage.getByText(/^Step 0 of \d+$/)).toBeVisible({ timeout: 20_000 });
  // Step 1's two decisions, a slide each: connect_db run automatically, then transform blocked.
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(stage.locator('.presenter-counter')).toHaveText(/^Step 1 of \d+, decision 2 of \d+$/);
  await page.keyboard.press('Escape');
  await expect(stage).toHaveCount(0);
  const graph = page.getByRole('region', { name: 'Graph', exact: true });
  const node = (id: string) => graph.locator(`.react-flow__node[data-id="${id}"]`);
  const colour = (name: string) =>
    page.evaluate((v) => {
      const probe = document.createElement('span');
      probe.style.color = `var(${v})`;
      document.querySelector('.rs-flow')?.append(probe);
      const c = getComputedStyle(probe).color;
      probe.remove();
      return c;
    }, name);
  // step 1: transform called before extract: blocked
  await expect(node('transform')).toHaveClass(/rs-verdict-blocked/);
  expect(await node('transform').evaluate((el) => getComputedStyle(el, '::before').content)).toContain('Blocked');
  expect(await node('transform').evaluate((el) => getComputedStyle(el).borderTopColor)).toBe(await colour('--error'));
  await saveScreenshot(page, 'test-results/simulate-verdict-blocked-1280x720.png');
  // the next step: extract runs (leaving the presenter put the focus back on its button, in the
  // toolbar, whose arrow keys move along it: the step control steps)
  await page.getByRole('region', { name: 'Simulation' }).getByRole('button', { name: 'Step forward', exact: true }).click();
  await expect(node('extract')).toHaveClass(/rs-verdict-allowed/);
  await expect(node('transform')).not.toHaveClass(/rs-verdict/);
  expect(await node('extract').evaluate((el) => getComputedStyle(el, '::before').content)).toContain('Allowed');

  // the Summary tab at 1280×720: names wrap between words, never inside one, and nothing is cut at the side
  await page.getByRole('tab', { name: 'Summary' }).click();
  const summary = page.locator('.sim-summary-panel');
  await expect(summary.getByRole('row', { name: /^disconnect_db 1/ })).toBeVisible();
  const fit = await summary.evaluate((el) => {
    const cells = [...el.querySelectorAll('th, td')];
    return {
      breaksInWords: cells.filter((c) => getComputedStyle(c).overflowWrap !== 'normal' || getComputedStyle(c).wordBreak !== 'normal').length,
      overflow: [...el.querySelectorAll('table')].filter((t) => t.scrollWidth > (t.parentElement?.clientWidth ?? 0) + 1).length,
      backticks: (el as HTMLElement).innerText.includes('`'),
    };
  });
  await saveScreenshot(page, 'test-results/simulate-summary-1280x720.png');
  expect(fit).toEqual({ breaksInWords: 0, overflow: 0, backticks: false });
  await page.emulateMedia({ colorScheme: 'dark' });
  await saveScreenshot(page, 'test-results/simulate-summary-dark-1280x720.png');
});
