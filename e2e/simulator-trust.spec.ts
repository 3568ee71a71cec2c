import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from './test.ts';
import { choose, graphNode, importPaths, region, runCommand, stayOffline } from './helpers.ts';

test.use({ layout: { bottomOpen: true } });

/**
 * A simulator you can trust (issue 22), at 1280×720, each flow as the issue reports it: the graph
 * in Simulate is the simulated agent, another project opened shows no run of the one before, one
 * step numbering for the counter, the timeline and the explanation, ← / → step.
 */
const sim = (page: Page) => page.getByRole('region', { name: 'Simulation', exact: true });
const tmp = mkdtempSync(join(tmpdir(), 'sim-trust-'));

/** An agent of its own tools (no `release` among them): the one the user simulates. */
const AGENT = `[[agents]]
name = "helper"
tools = ["start_session", "search", "answer"]

[[agents.tool_rules]]
tool_name = "start_session"
rule_type = { type = "StartConstraint" }

[[agents.tool_rules]]
tool_name = "search"
rule_type = { type = "MaxCalls", value = 2 }

[[agents.tool_rules]]
tool_name = "answer"
rule_type = { type = "ExitLoop" }
`;
/** Searches a minute apart with different queries (no dedupe): the third is blocked by MaxCalls at step 5. */
const TRACE = `start: 2025-01-01T10:00:00Z
steps:
  - call: start_session
  - call: search
    args: { q: one }
    after: 1m
  - call: search
    args: { q: two }
    after: 1m
  - call: answer
    after: 1m
    outcome: error
  - call: search
    args: { q: three }
    after: 1m
  - call: answer
    args: { text: done }
    after: 1m
`;
/** Written by hand: the same search three times, to hit MaxCalls 2 — identical calls within the dedupe window. */
const REPEATS = `start: 2025-01-01T10:00:00Z
steps:
  - call: search
  - call: search
  - call: search
`;
const agentFile = join(tmp, 'agent.toml');
const repeatsFile = join(tmp, 'repeats.yaml');
writeFileSync(repeatsFile, REPEATS);
const traceFile = join(tmp, 'searches.yaml');
writeFileSync(agentFile, AGENT);
writeFileSync(traceFile, TRACE);

test.beforeEach(async ({ page }) => {
  await stayOffline(page);
  await page.setViewportSize({ width: 1280, height: 720 });
});

async function simulate(page: Page) {
  await page.getByRole('group', { name: 'Mode' }).getByRole('button', { name: 'Simulate' }).click();
  await expect(sim(page)).toBeVisible();
}

async function addTrace(page: Page, path: string) {
  await sim(page).getByRole('tab', { name: /^Setup/ }).click();
  await sim(page).getByLabel('Trace files').setInputFiles(path);
  await expect(sim(page).getByRole('status').filter({ hasText: 'Added 1 trace.' })).toBeVisible();
}

async function run(page: Page) {
  await sim(page).getByRole('button', { name: 'Run', exact: true }).click();
  await expect(sim(page).getByRole('status').filter({ hasText: /Done:/ })).toBeVisible({ timeout: 30_000 });
}

/** agent.toml alone, a trace of it run in Simulate. */
async function runAgentTrace(page: Page, trace: string) {
  await page.goto('/');
  await importPaths(page, [agentFile]);
  await simulate(page);
  await addTrace(page, trace);
  await run(page);
}

const counter = (page: Page) => sim(page).locator('.sim-stepnum');

/** The release example and agent.toml in one project, `release` selected in Design. */
async function releaseAndAgent(page: Page) {
  await page.goto('/');
  await importPaths(page, ['examples/release-deadlock.toml', agentFile]);
  const project = page.getByRole('navigation', { name: 'Project' });
  await project.getByRole('button', { name: 'release', exact: true }).click();
  await expect(graphNode(page, 'hotfix')).toBeVisible();
}

test('Simulate draws the simulated agent, not the one selected in Design', async ({ page }) => {
  await releaseAndAgent(page);
  await simulate(page);
  await choose(sim(page).getByLabel('Agent'), 'agent.toml');
  // chosen, not yet run: the graph is already the agent that will be simulated
  await expect(graphNode(page, 'search')).toBeVisible();
  await addTrace(page, traceFile);
  await run(page);
  for (let i = 0; i < 5; i++) await sim(page).getByRole('button', { name: 'Step forward' }).click();
  await expect(counter(page)).toHaveText('Step 5 of 6');
  const decision = sim(page).getByRole('region', { name: 'Decision' });
  await expect(decision).toContainText('search');
  await expect(decision).toContainText('Blocked');
  // the graph shows the agent whose `search` is explained, not `release`
  await expect(graphNode(page, 'search')).toBeVisible();
  await expect(graphNode(page, 'hotfix')).toHaveCount(0);
  // back in Design, the graph is the selected document again
  await page.getByRole('group', { name: 'Mode' }).getByRole('button', { name: 'Design' }).click();
  await expect(graphNode(page, 'hotfix')).toBeVisible();
});

test('one numbering: the counter, the selected timeline row and the explanation say the same step', async ({ page }) => {
  await runAgentTrace(page, traceFile);
  const timeline = sim(page).getByRole('listbox', { name: 'Decisions' });
  // eight decisions from six steps (the automatic start call and the exit's are steps 1 and 6's
  // first): no row is numbered past the counter's last step
  await expect(timeline.getByRole('option')).toHaveCount(8);
  await expect(timeline.locator('.sim-seq')).toHaveText(['1.1', '1.2', '2', '3', '4', '5', '6.1', '6.2']);
  for (let i = 0; i < 5; i++) await sim(page).getByRole('button', { name: 'Step forward' }).click();
  await expect(counter(page)).toHaveText('Step 5 of 6');
  await expect(timeline.getByRole('option', { selected: true }).locator('.sim-seq')).toHaveText('5');
  await expect(sim(page).getByRole('region', { name: 'Decision' })).toContainText('Step 5');
  await expect(sim(page).getByRole('region', { name: 'State' }).getByRole('heading', { level: 3 })).toHaveText('State after step 5');
  // The automatic start call runs before the trace's first event (shared spec tool-rules §5), and
  // the trace's own call of start_session runs too: both are calls of this batch.
  await expect(sim(page).getByRole('region', { name: 'State' }).locator('dt:text-is("Called") + dd')).toHaveText('start_session ×2, search ×2');
});

test('← / → step in Simulate, also with the timeline focused', async ({ page }) => {
  await runAgentTrace(page, traceFile);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(counter(page)).toHaveText('Step 2 of 6');
  const timeline = sim(page).getByRole('listbox', { name: 'Decisions' });
  await timeline.getByRole('option').nth(4).click(); // rows 1.1, 1.2, 2, 3, 4
  await expect(counter(page)).toHaveText('Step 4 of 6');
  await page.keyboard.press('ArrowRight');
  await expect(counter(page)).toHaveText('Step 5 of 6');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect(counter(page)).toHaveText('Step 3 of 6');
  await expect(timeline).toBeFocused();
});

test('opening another saved project shows no run of the one before', async ({ page }) => {
  await page.goto('/');
  // a first project, saved (an import names the untitled project after its file: review17 s5)
  await importPaths(page, ['examples/api-client.toml']);
  await expect(page.getByRole('textbox', { name: 'Project', exact: true })).toHaveValue('api-client');
  await expect(page.locator('html')).toHaveAttribute('data-autosave', 'saved');
  // a second one, run in Simulate
  await runCommand(page, 'New project');
  await importPaths(page, [agentFile]);
  await simulate(page);
  await addTrace(page, traceFile);
  await run(page);
  await expect(page.locator('html')).toHaveAttribute('data-autosave', 'saved');
  // reopen the first
  await page.getByRole('button', { name: 'Examples', exact: true }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Examples' });
  await dialog.getByRole('tab', { name: 'Saved projects' }).click();
  await dialog.getByRole('list', { name: 'Saved projects' }).getByRole('button', { name: /^api-client/ }).click();
  await expect(dialog).toBeHidden();
  await expect(graphNode(page, 'authenticate')).toBeVisible();
  await expect(sim(page).getByRole('status').filter({ hasText: 'Not run yet' })).toBeVisible();
  await expect(sim(page).getByRole('listbox', { name: 'Decisions' }).getByRole('option')).toHaveCount(0);
  await expect(counter(page)).toHaveText('No run');
  await expect(region(page, 'Graph').locator('.react-flow__node[data-id="search"]')).toHaveCount(0);
});

test('a new scripted trace calls the simulated agent’s own tools', async ({ page }) => {
  await page.goto('/');
  await importPaths(page, [agentFile]);
  await simulate(page);
  await sim(page).getByRole('tab', { name: /^Setup/ }).click();
  await sim(page).getByRole('button', { name: 'New scripted trace', exact: true }).click();
  const editor = sim(page).locator('.sim-trace-monaco .monaco-editor .view-lines');
  await expect(editor).toContainText('start_session runs by itself first', { timeout: 30_000 });
  await expect(editor).toContainText('call: search');
  await expect(editor).toContainText('call: answer');
  await expect(editor).not.toContainText('load_data');
});

test('the Inspector says the scope as the explanation does: at most once per batch', async ({ page }) => {
  await page.goto('/');
  await importPaths(page, ['examples/etl-pipeline.toml']);
  await graphNode(page, 'load').click();
  const inspector = region(page, 'Inspector');
  await expect(inspector).toContainText('Call load at most once per batch');
  await expect(inspector).not.toContainText('per conversation');
  await expect(inspector).not.toContainText('1 times');
  // the type's help says the same scope
  await inspector.getByRole('button', { name: /MaxCalls/ }).first().click();
  await expect(inspector).toContainText('At most n calls per batch');
  await expect(inspector).toContainText('Call load at most once per batch');
});

test('repeated calls merged by dedupe are shown as such, and one click turns the window off for this run', async ({ page }) => {
  await runAgentTrace(page, repeatsFile);
  const timeline = sim(page).getByRole('region', { name: 'Timeline' });
  const rows = timeline.getByRole('listbox', { name: 'Decisions' }).getByRole('option');
  await expect(rows).toHaveCount(4);
  // 1.1 the automatic start call, 1.2 the first search, then the two merged repeats
  await expect(rows.nth(2)).toContainText('merged search: same call as one within the 5 min dedupe window, not run or counted');
  const note = timeline.getByRole('note');
  await expect(note).toContainText('2 calls were merged as duplicates');
  await note.getByRole('button', { name: 'Turn the window off for this run' }).click();
  await expect(sim(page).getByRole('status').filter({ hasText: /Done:/ })).toBeVisible({ timeout: 30_000 });
  // the limit the user wrote now bites
  await expect(rows.nth(3)).toContainText('blocked search MaxCallsExceeded');
  await expect(timeline.getByRole('note')).toContainText('Dedupe window off for this run (the settings keep 5 min).');
  // the automatic start call is counted once, and the two searches MaxCalls allows
  await sim(page).getByRole('button', { name: 'Last step' }).click();
  await expect(sim(page).getByRole('region', { name: 'State' }).locator('dt:text-is("Called") + dd')).toHaveText('start_session, search ×2');
});

test('Minimise on the final exit-blocked step of a deadlock keeps the calls that cause it; no 1970 clock', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/');
  await importPaths(page, ['examples/release-deadlock.toml']);
  const deadlock = region(page, 'Problems').locator('li', { hasText: 'V001' });
  await expect(deadlock).toContainText('Deadlock', { timeout: 30_000 });
  await deadlock.getByRole('button', { name: 'Show trace' }).click();
  await expect(counter(page)).toHaveText('Step 7 of 7', { timeout: 30_000 });
  const decision = sim(page).getByRole('region', { name: 'Decision' });
  await expect(decision).toContainText('Exit blocked');
  const state = sim(page).getByRole('region', { name: 'State' });
  await expect(state.locator('dt:text-is("Clock") + dd')).toHaveText(/^\+\d/);
  await expect(state).not.toContainText('1970');
  await decision.getByRole('button', { name: 'Minimise' }).click();
  // the minimised counterexample: the hotfix and a lock_branch (still a deadlock, review16), then the blocked exit
  await expect(counter(page)).toHaveText('Step 3 of 3', { timeout: 30_000 });
  const rows = sim(page).getByRole('listbox', { name: 'Decisions' }).getByRole('option');
  await expect(rows.first()).toContainText('allowed hotfix');
  await expect(rows.last()).toContainText('exit blocked: pending release');
  await expect(state).not.toContainText('1970');
});

test('an edit after a run: Simulate says the rules changed since, and Run again clears it', async ({ page }) => {
  // The review's steps: ETL walk-through → Esc → Design → select load → delete rule #5 (MaxCalls) → Alt+2.
  await page.goto('/');
  await page.getByRole('button', { name: 'Examples', exact: true }).first().click();
  await page.getByRole('dialog', { name: 'Examples' }).getByRole('button', { name: 'ETL pipeline, step by step', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Presenter view' })).toBeVisible({ timeout: 20_000 });
  // to step 1.2, transform blocked: the canvas marks it
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('dialog', { name: 'Presenter view' }).locator('.presenter-counter')).toHaveText(/^Step 1 of \d+, decision 2 of/);
  await page.keyboard.press('Escape');
  await page.getByRole('group', { name: 'Mode' }).getByRole('button', { name: 'Design' }).click();
  await expect(region(page, 'Graph').locator('.rs-step')).not.toHaveCount(0);
  await graphNode(page, 'load').click();
  await region(page, 'Inspector').getByRole('button', { name: /Max calls/ }).first().click();
  await region(page, 'Inspector').getByRole('button', { name: 'Delete rule', exact: true }).click();
  // the run's marks (a verdict, the path) go from the canvas: they were about the rules before the edit
  await expect(region(page, 'Graph').locator('.rs-step')).toHaveCount(0);
  await page.keyboard.press('Alt+2');
  const stale = sim(page).getByRole('status').filter({ hasText: 'The rules changed since this run' });
  await expect(stale).toBeVisible();
  await stale.getByRole('button', { name: 'Run again' }).click();
  await expect(sim(page).getByRole('status').filter({ hasText: /Done:/ })).toBeVisible({ timeout: 30_000 });
  await expect(stale).toHaveCount(0);
  await expect(sim(page).getByRole('listbox', { name: 'Decisions' })).not.toContainText('MaxCallsExceeded');
});
