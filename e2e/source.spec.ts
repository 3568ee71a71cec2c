import { expect, test, type Page } from './test.ts';
import { setSource } from './helpers.ts';
import { saveScreenshot } from './screenshots.ts';

test.use({ layout: { bottomOpen: true } });

/**
 * The Source pane against the built app: Monaco loads from this machine only, typed text updates
 * the model only when it reads cleanly, validator findings and YAML schema errors appear as
 * markers, Problems entries reveal their range, and Ctrl/Cmd+Z in the editor is the store's undo.
 */

const outside: string[] = [];
const pageErrors: string[] = [];

test.beforeEach(async ({ page }) => {
  outside.length = 0;
  pageErrors.length = 0;
  page.on('pageerror', (e) => pageErrors.push(e.message));
  await page.route('**/*', (route) => {
    const url = new URL(route.request().url());
    if (url.hostname === '127.0.0.1' || url.hostname === 'localhost') return route.continue();
    outside.push(url.href);
    return route.abort();
  });
});

test.afterEach(() => {
  expect(outside, 'requests that left localhost').toEqual([]);
  expect(pageErrors).toEqual([]);
});

const source = (page: Page) => page.getByRole('region', { name: 'Source', exact: true });
const problems = (page: Page) => page.getByRole('region', { name: 'Problems', exact: true });
const explorerItem = (page: Page, name: string) => page.getByRole('navigation', { name: 'Project' }).getByRole('button', { name, exact: true });
/** The lines Monaco currently renders (spaces come out as no-break spaces). */
const visibleLines = async (page: Page) => ((await source(page).locator('.view-lines').innerText()) ?? '').replace(/\u00a0/g, ' ');

const NOTES = Array.from({ length: 80 }, (_, i) => `# note ${i + 1}`).join('\n');
const agentToml = (name: string) => `[[agents]]
name = "${name}"
tools = ["extract", "transform", "load"]

[[agents.tool_rules]]
tool_name = "transform"
rule_type = { type = "RequiresPrecedingTools" }
conditions = ["extract"]

[[agents.tool_rules]]
tool_name = "extract"
rule_type = { type = "RequiresPrecedingTools" }
conditions = ["transform"]
${NOTES}
`;

test('agent TOML: live model, syntax errors keep the last good state, Problems reveal, one undo history', async ({ page }) => {
  await page.goto('/');
  await source(page).getByRole('button', { name: 'Start a new agent' }).click();
  await expect(explorerItem(page, 'agent')).toBeVisible();
  await expect(source(page).locator('.monaco-editor')).toBeVisible();

  // Typing a whole agent updates the model (the explorer shows its name) and finds the cycle.
  await setSource(page, agentToml('etl'));
  await expect(explorerItem(page, 'etl')).toBeVisible();
  await expect(problems(page).getByRole('button', { name: /T001/ })).toBeVisible();
  await saveScreenshot(page, 'test-results/source-agent-cycle.png', { fullPage: true });

  // The cycle's rule is far above the cursor; its Problems entry scrolls to it and selects it,
  // and the finding is a marker there.
  expect(await visibleLines(page)).not.toContain('conditions = ["extract"]');
  await problems(page).getByRole('button', { name: /T001/ }).click();
  await expect.poll(() => visibleLines(page)).toContain('conditions = ["extract"]');
  await expect(source(page).locator('.selected-text').first()).toBeAttached();
  await expect(source(page).locator('.squiggly-error').first()).toBeAttached();
  await saveScreenshot(page, 'test-results/source-revealed.png', { fullPage: true });

  // A syntax error: F001 as a marker and in Problems, a banner, and the model keeps its state.
  await page.waitForTimeout(1100); // typing more than a second apart makes separate undo steps
  await setSource(page, agentToml('etl2').replace('name = "etl2"', 'name = "etl2'));
  await expect(problems(page).getByRole('button', { name: /F001/ })).toBeVisible();
  await expect(source(page).getByText('The graph shows the last version that read cleanly')).toBeVisible();
  await expect(explorerItem(page, 'etl')).toBeVisible();
  await problems(page).getByRole('button', { name: /F001/ }).click();
  await expect.poll(() => visibleLines(page)).toContain('name = "etl2');
  await expect(source(page).locator('.squiggly-error').first()).toBeAttached();
  await saveScreenshot(page, 'test-results/source-syntax-error.png', { fullPage: true });

  // Fixing it applies the text: the model follows, the banner and F001 go.
  await page.waitForTimeout(1100);
  await setSource(page, agentToml('etl2'));
  await expect(explorerItem(page, 'etl2')).toBeVisible();
  await expect(source(page).getByText('The graph shows the last version that read cleanly')).toHaveCount(0);
  await expect(problems(page).getByRole('button', { name: /F001/ })).toHaveCount(0);

  // Ctrl/Cmd+Z in the editor is the store's undo (so Redo becomes available), Shift redoes.
  const redoButton = page.getByRole('button', { name: 'Redo', exact: true });
  await expect(redoButton).toBeDisabled();
  await page.keyboard.press('ControlOrMeta+Z');
  await expect(explorerItem(page, 'etl')).toBeVisible();
  await expect(redoButton).toBeEnabled();
  await page.keyboard.press('ControlOrMeta+Shift+Z');
  await expect(explorerItem(page, 'etl2')).toBeVisible();
  // The toolbar's Undo changes the store; the editor follows: back to the text that did not read.
  await page.getByRole('button', { name: 'Undo', exact: true }).click();
  await expect(explorerItem(page, 'etl')).toBeVisible();
  await expect(source(page).getByText('The graph shows the last version that read cleanly')).toBeVisible();
  await page.getByRole('button', { name: 'Undo', exact: true }).click();
  await expect(source(page).getByText('The graph shows the last version that read cleanly')).toHaveCount(0);
  await source(page).locator('.monaco-editor textarea').focus();
  await page.keyboard.press('ControlOrMeta+Home');
  await expect.poll(() => visibleLines(page)).toContain('name = "etl"');
  await saveScreenshot(page, 'test-results/source-after-undo.png', { fullPage: true });
});

test('workflow YAML: schema errors from monaco-yaml appear as markers, schema hover works', async ({ page }) => {
  await page.goto('/');
  await source(page).getByRole('button', { name: 'Start a new workflow' }).click();
  await expect(source(page).locator('.monaco-editor')).toBeVisible();
  await setSource(
    page,
    [
      'mode: execution',
      'start_node: code',
      'nodes:',
      '  code:',
      '    prompt: Implement the plan.',
      '    transitions:',
      '      - when: code_complete',
      '        to: done',
      '    rules:',
      '      - type: token_budget',
      '        max_tokens: lots',
      '',
    ].join('\n'),
  );
  await expect(problems(page).getByRole('button', { name: /F003/ })).toBeVisible();
  await problems(page).getByRole('button', { name: /F003/ }).click();
  await expect.poll(() => visibleLines(page)).toContain('max_tokens: lots');

  // monaco-yaml's own marker (not the validator's): its hover says "Incorrect type".
  // The validator's marker and monaco-yaml's arrive from two workers; Monaco redraws its overlay
  // layer when the second lands, so a squiggle found a moment ago may be gone, and a marker over
  // an empty range draws a squiggle with no width. Hover the middle of each drawn squiggle in turn
  // until the hover shows monaco-yaml's message.
  const hover = page.locator('.monaco-hover').filter({ hasText: 'Incorrect type' });
  await expect(async () => {
    const boxes = [];
    for (const squiggle of await source(page).locator('.squiggly-error').all()) {
      const box = await squiggle.boundingBox();
      if (box && box.width > 0 && box.height > 0) boxes.push(box);
    }
    expect(boxes.length, 'a squiggle is drawn').toBeGreaterThan(0);
    for (const box of boxes) {
      await page.mouse.move(0, 0);
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      if (await hover.isVisible()) return;
      await page.waitForTimeout(600); // Monaco opens its hover after a short delay
      if (await hover.isVisible()) return;
    }
    await expect(hover).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 25_000 });
  await saveScreenshot(page, 'test-results/source-yaml-schema-marker.png', { fullPage: true });

  // Hover on a key shows the description taken from the spec.
  await page.mouse.move(0, 0);
  await source(page).locator('.monaco-editor textarea').focus();
  await page.keyboard.press('ControlOrMeta+Home');
  const key = source(page).locator('.view-line').filter({ hasText: 'start_node' }).locator('span span').first();
  await key.hover();
  await expect(page.locator('.monaco-hover').filter({ hasText: 'workflow_start' })).toBeVisible({ timeout: 10_000 });
});

test('workflow YAML: the editor offers what monaco-yaml provides (Go to Symbol lists a phase, Rename Symbol)', async ({ page }) => {
  await page.goto('/');
  await source(page).getByRole('button', { name: 'Start a new workflow' }).click();
  await expect(source(page).locator('.monaco-editor')).toBeVisible();
  await setSource(page, ['mode: execution', 'start_node: code', 'nodes:', '  code:', '    transitions:', '      - when: code_complete', '        to: review', '  review:', '    transitions: []', ''].join('\n'));
  await expect.poll(() => visibleLines(page)).toContain('review:');
  // The editor's context menu, opened on a phase's key.
  await source(page).locator('.view-line').filter({ hasText: 'review:' }).first().click({ button: 'right' });
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem', { name: /Go to Symbol/ })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: /Rename Symbol/ })).toBeVisible();
  await menu.getByRole('menuitem', { name: /Go to Symbol/ }).click();
  // Go to Symbol lists the document's symbols from monaco-yaml: the phase `review` among them.
  const picks = page.locator('.quick-input-widget');
  await expect(picks.getByRole('option', { name: /review/ })).toBeVisible();
  await page.keyboard.press('Escape');
});
