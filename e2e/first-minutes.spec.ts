import { expect, test, type Page } from './test.ts';
import { readFileSync } from 'node:fs';
import { dragEdge, exportedAsWritten, graphNode, importPaths, region, runCommand, setSource, stayOffline } from './helpers.ts';
import { saveScreenshot } from './screenshots.ts';

test.use({ layout: { bottomOpen: true } });

/**
 * Issue 22, the first five minutes: the gallery (cards with previews, walk-throughs first, saved
 * projects in their own tab), examples that open without a warning, a broken file opened to be
 * fixed, a trace typo reported as such, and workflow YAML in one block style. At 1280×720.
 */
test.beforeEach(async ({ page }) => {
  await stayOffline(page);
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/');
  await expect(region(page, 'Graph')).toBeVisible();
});

const gallery = async (page: Page) => {
  await page.getByRole('button', { name: 'Examples', exact: true }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Examples' });
  await expect(dialog).toBeVisible();
  return dialog;
};

/** The Problems pane, opened if the bottom panel is folded. */
async function problems(page: Page) {
  const pane = region(page, 'Problems');
  if (!(await pane.isVisible())) await page.getByRole('button', { name: /problems/i }).first().click();
  await expect(pane).toBeVisible();
  return pane;
}

test('the gallery: cards with a graph preview, walk-throughs first, saved projects in their own tab', async ({ page }) => {
  const dialog = await gallery(page);
  const walks = dialog.getByRole('list', { name: 'Guided walk-throughs' });
  const examples = dialog.getByRole('list', { name: 'Examples' });
  // One walk-through per family: Pattern, hegel, Letta and Claude Code.
  await expect(walks.getByRole('button')).toHaveCount(4);
  await expect(walks.getByRole('button', { name: 'A Claude Code session under a project’s settings' })).toBeVisible();
  expect(await examples.getByRole('button').count()).toBeGreaterThanOrEqual(8);
  // Walk-throughs come first.
  const [wy, ey] = [(await walks.boundingBox())!.y, (await examples.boundingBox())!.y];
  expect(wy).toBeLessThan(ey);
  // Every card shows its graph: boxes for nodes, lines for edges.
  for (const card of await dialog.getByRole('listitem').all()) expect(await card.locator('svg.gallery-preview rect').count()).toBeGreaterThan(1);
  await expect(examples.getByRole('listitem').filter({ has: page.getByRole('button', { name: 'etl-pipeline.toml', exact: true }) })).toContainText('Pattern agent');
  await saveScreenshot(page, 'test-results/gallery-1280x720.png');
  // Saved projects are not in the gallery tab.
  await expect(dialog.getByText('No other saved projects')).toHaveCount(0);
  await examples.getByRole('button', { name: 'etl-pipeline.toml', exact: true }).click();
  await runCommand(page, 'New project');
  const again = await gallery(page);
  await again.getByRole('tab', { name: 'Saved projects' }).click();
  // The example opened into the empty project, which took its name.
  await expect(again.getByRole('list', { name: 'Saved projects' }).getByRole('button', { name: /^etl-pipeline/ })).toBeVisible();
});

test('an example opens as a project of its own: opened twice, two projects, never two agents of one name', async ({ page }) => {
  const agents = page.getByRole('navigation', { name: 'Project' }).getByRole('region', { name: 'Agents' });
  await (await gallery(page)).getByRole('button', { name: 'etl-pipeline.toml', exact: true }).click();
  await expect(graphNode(page, 'send_message')).toBeVisible();
  await (await gallery(page)).getByRole('button', { name: 'etl-pipeline.toml', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'as a new project (“etl-pipeline” is still saved' })).toBeVisible();
  await expect(agents.locator('.explorer-doc')).toHaveText(['etl']);
  // The first copy is among the saved projects.
  const again = await gallery(page);
  await again.getByRole('tab', { name: 'Saved projects' }).click();
  await expect(again.getByRole('list', { name: 'Saved projects' }).getByRole('button', { name: /^etl-pipeline/ })).toHaveCount(1);
});

for (const name of ['etl-pipeline.toml', 'api-client.toml']) {
  test(`the example ${name} opens clean: no warning, its advice worded as what to do`, async ({ page }) => {
    await (await gallery(page)).getByRole('button', { name, exact: true }).click();
    const pane = await problems(page);
    await expect(pane.locator('.problem-counts')).toContainText('info', { timeout: 30_000 });
    await expect(pane.locator('.problem-counts')).not.toContainText('warning');
    await expect(pane).toContainText('remove it, or keep it as documentation');
    await expect(pane).not.toContainText('No static check');
  });
}

test('a TOML file with a syntax error opens in Source with its error, and the graph comes once it is fixed', async ({ page }) => {
  await importPaths(page, ['e2e/fixtures/broken-agent.toml']);
  await expect(page.getByRole('alert').filter({ hasText: 'Opened broken-agent.toml to be fixed: line' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Project' })).toContainText('broken-agent');
  const pane = await problems(page);
  await expect(pane).toContainText('F001');
  await expect(pane).toContainText('TOML syntax error');
  // The text is kept exactly as it was.
  const text = await exportedAsWritten(page);
  expect(text).toContain('tools = ["deploy", "rollback"\n');
  await expect(graphNode(page, 'deploy')).toHaveCount(0);
  // The canvas says where the text breaks (not a blank grid), and Source does not claim a version that read.
  const empty = region(page, 'Graph').getByRole('note', { name: 'Empty graph' });
  await expect(empty).toContainText('broken-agent.toml does not read yet');
  await expect(empty.getByRole('button', { name: /^Go to line \d+, column \d+$/ })).toBeVisible();
  await expect(page.getByText('The graph appears once this text reads')).toBeVisible();
  await expect(page.getByText('The graph shows the last version that read cleanly')).toHaveCount(0);
  // Fixed in Source: the graph appears.
  await setSource(page, readFileSync('e2e/fixtures/broken-agent.toml', 'utf8').replace('"rollback"\n', '"rollback"]\n'));
  await expect(graphNode(page, 'deploy')).toBeVisible();
  await expect(graphNode(page, 'rollback')).toBeVisible();
  await expect(empty).toHaveCount(0);
});

test('a new agent and a new workflow say what to do first, and do it', async ({ page }) => {
  await region(page, 'Graph').getByRole('button', { name: 'New agent' }).click();
  const empty = region(page, 'Graph').getByRole('note', { name: 'Empty graph' });
  await expect(empty).toContainText('No tools yet');
  await empty.getByRole('button', { name: 'Add tool' }).click();
  await expect(graphNode(page, 'tool')).toBeVisible();
  await expect(empty).toHaveCount(0);
  await saveScreenshot(page, 'test-results/empty-agent-after.png');
});

test('a scripted trace with a typo is added as a trace with its problem, not refused as "Not a rule file"', async ({ page }) => {
  await importPaths(page, ['e2e/fixtures/typo-trace.yaml']);
  const alert = page.getByRole('alert').filter({ hasText: 'typo-trace.yaml' });
  await expect(alert).toContainText("line 4: step 1: unknown key 'cal' (did you mean 'call'?)");
  await expect(alert).not.toContainText('Not a rule file');
  await expect(page.getByRole('navigation', { name: 'Project' }).getByRole('region', { name: 'Traces' })).toContainText('typo-trace.yaml');
});

test('a transition drawn on a new phase is written as block YAML, not a JSON flow sequence', async ({ page }) => {
  await runCommand(page, 'New workflow');
  // As a user does, once the new workflow is drawn (its readers may still be loading at the command).
  await expect(graphNode(page, 'start')).toBeVisible();
  await runCommand(page, 'Add phase');
  await page.keyboard.press('Escape');
  await expect(graphNode(page, 'phase')).toBeVisible();
  await runCommand(page, 'Auto layout');
  await dragEdge(page, 'phase', 'done');
  const yaml = await exportedAsWritten(page);
  expect(yaml).toContain('  phase:\n');
  expect(yaml).toMatch(/ {4}transitions:\n {6}- when: phase_complete\n {8}to: done\n/);
  expect(yaml).not.toContain('[{');
});

test('the toolbar does not reflow when a tool is selected', async ({ page }) => {
  await (await gallery(page)).getByRole('button', { name: 'etl-pipeline.toml', exact: true }).click();
  const bar = page.getByRole('toolbar').first();
  const places = () => bar.getByRole('button').evaluateAll((bs) => bs.filter((b) => b.checkVisibility()).map((b) => `${b.getAttribute('aria-label') ?? b.textContent}@${Math.round(b.getBoundingClientRect().x)}`));
  await page.keyboard.press('Escape');
  const before = await places();
  await graphNode(page, 'load').click();
  await expect(region(page, 'Inspector')).toContainText('load');
  expect(await places()).toEqual(before);
});

// Issue 28: the first render leaves the tooltips out and attaches them after the first paint.
test('the toolbar’s buttons show their tooltips on hover and on keyboard focus from the start', async ({ page }) => {
  const commands = page.getByRole('toolbar').first().getByRole('button', { name: 'Commands' });
  await commands.hover();
  await expect(page.getByRole('tooltip').filter({ hasText: 'Search commands' })).toHaveCount(1);
  // Keyboard focus: Tab onto the button (from the one before it).
  const newAgent = region(page, 'Graph').getByRole('button', { name: 'New agent' });
  await newAgent.focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  await expect(newAgent).toBeFocused();
  await expect(page.getByRole('tooltip').filter({ hasText: "An agent's tool rules" })).toHaveCount(1);
});

test('leaving the presenter with Escape hands the focus back to Present, without its tooltip over the toolbar', async ({ page }) => {
  await page.getByRole('button', { name: 'Examples', exact: true }).first().click();
  await page.getByRole('dialog', { name: 'Examples' }).getByRole('button', { name: 'etl-pipeline.toml', exact: true }).click();
  await expect(graphNode(page, 'send_message')).toBeAttached();
  const present = page.getByRole('toolbar').first().getByRole('button', { name: 'Present', exact: true });
  await present.click();
  const stage = page.getByRole('dialog', { name: 'Presenter view' });
  await expect(stage).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(stage).toBeHidden();
  await expect(present).toBeFocused();
  // Past the tooltip's 400 ms delay: the page moved the focus, the user did not.
  await page.waitForTimeout(700);
  await expect(page.getByRole('tooltip')).toHaveCount(0);
  // The user's own Tab onto it shows it.
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  await expect(present).toBeFocused();
  await expect(page.getByRole('tooltip')).toContainText('Present');
});

test('pasted Claude Code settings and Codex rules open as their dialect: named so, no TOML error, Source edits reach the graph', async ({ page }) => {
  const paste = (text: string) =>
    page.evaluate((t) => {
      const dt = new DataTransfer();
      dt.setData('text/plain', t);
      document.body.dispatchEvent(new ClipboardEvent('paste', { clipboardData: dt, bubbles: true, cancelable: true }));
    }, text);
  await paste('{"permissions":{"allow":["Bash(npm run test:*)"],"deny":["Bash(rm:*)"]}}');
  const pane = await problems(page);
  await expect(page.getByRole('textbox', { name: 'Source of settings.json' })).toBeAttached();
  await expect(pane).not.toContainText('F001');
  await setSource(page, '{"permissions":{"allow":["Bash(npm run test:*)"],"deny":["Bash(rm:*)", "Bash(curl:*)"]}}');
  await expect(region(page, 'Inspector')).toContainText('Bash(curl:*)');

  // a paste outside the editor (the editor keeps its own)
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await paste(readFileSync('examples/codex-default.rules', 'utf8'));
  await expect(page.getByRole('textbox', { name: 'Source of default.rules' })).toBeAttached();
  await expect(graphNode(page, 'rm')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /TOML syntax error/ })).toHaveCount(0);
});

test('the Codex example in Simulate says where Codex rules are decided, and goes there', async ({ page }) => {
  await (await gallery(page)).getByRole('button', { name: 'codex-default.rules', exact: true }).click();
  await expect(graphNode(page, 'rm')).toBeVisible();
  await page.keyboard.press('Alt+2');
  const note = region(page, 'Simulation').getByRole('note', { name: 'Decided in the Policy view' });
  await expect(note).toContainText('Codex rules are decided in the Policy view');
  // Run says the same, as information, not in error red (review12).
  await region(page, 'Simulation').getByRole('button', { name: 'Run', exact: true }).click();
  await expect(region(page, 'Simulation').getByRole('status').filter({ hasText: 'decided by Codex' })).toBeVisible();
  await expect(region(page, 'Simulation').getByRole('alert')).toHaveCount(0);
  await note.getByRole('button', { name: 'Open the Policy view' }).click();
  await expect(region(page, 'Policy').getByTestId('codex-total-forbidden')).toBeVisible();
});

test('an example with tests and no traces offers its tests’ traces in Simulate, and Run replays the one chosen (review12 #3)', async ({ page }) => {
  await (await gallery(page)).getByRole('button', { name: 'api-client.toml', exact: true }).click();
  await expect(graphNode(page, 'authenticate')).toBeVisible();
  await page.keyboard.press('Alt+2');
  const simulation = region(page, 'Simulation');
  // The review: Run was the primary button, then a red "Choose a trace to replay", and no trace offered.
  await simulation.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(simulation.getByText('No trace to replay yet: add one under Traces')).toBeVisible();
  const offers = simulation.getByRole('group', { name: 'Traces of this project’s tests' });
  await offers.getByRole('button', { name: 'Replay the test “post is rate-limited and cannot share a batch with delete”' }).click();
  const decisions = simulation.getByRole('listbox', { name: 'Decisions' });
  await expect(decisions.getByRole('option', { name: /CooldownActive|cooldown/i }).first()).toBeVisible();
  // The trace is the project's now: chosen, and Run replays it again.
  await simulation.getByRole('tab', { name: 'Setup' }).click();
  const traces = simulation.getByRole('group', { name: 'Traces' });
  await expect(traces.getByRole('checkbox', { name: /post-is-rate-limited/ })).toBeChecked();
  await expect(offers).toHaveCount(0);
  await simulation.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(decisions.getByRole('option', { name: /CooldownActive|cooldown/i }).first()).toBeVisible();
  await expect(simulation.getByText('No trace to replay yet')).toHaveCount(0);
});
