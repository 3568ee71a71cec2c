/**
 * review17's permission-family findings, by the review's own steps (a paste is a click on the page
 * and a paste event carrying the file, as review17's scripts did):
 * #1 Export kept `default.rules` as `default.toml`; #4 Gemini's answer to `ls` said "no rule
 * matched: Gemini's default (ask_user …)" under "allow", and every answer's place read
 * `would-this-be-allowed:1`; #5 `npm   run lint` was echoed as `npm run lint`, and `npm run
 * test:unit` never named the near miss `Bash(npm run test:*)`; #8 `cat .env` was allowed with no
 * word about the `Read(./.env)` deny; s2 a missing comma in Source dropped the Claude graph to the
 * one rule before it; s6 "1 errors"; s9 Codex judged `bash -lc "npm test && curl x"` as no rule.
 */
import { expect, test, type Page } from './test.ts';
import { graphNode, openStudioOffline, region, runCommand, screenshotsWithAxe, setSource } from './helpers.ts';

test.use({ layout: { bottomOpen: true } });

const CLAUDE = `{
  "permissions": {
    "allow": [
      "Bash(npm run test:*)",
      "Bash(npm run lint)",
      "Bash(git status)",
      "Read(~/projects/shop/**)",
      "Edit(src/**)",
      "WebFetch(domain:github.com)"
    ],
    "ask": ["Bash(git push:*)", "Edit(package.json)"],
    "deny": ["Bash(rm -rf:*)", "Bash(curl:*)", "Read(./.env)", "Read(./secrets/**)"]
  }
}
`;
const CODEX = `# ~/.codex/rules/default.rules
prefix_rule(
    pattern = ["git", ["status", "diff", "log"]],
    decision = "allow",
    justification = "read-only git",
)

prefix_rule(pattern = ["git", "push"], decision = "prompt", justification = "publishing")

prefix_rule(pattern = ["npm", "test"], decision = "allow")

prefix_rule(pattern = ["curl"], decision = "forbidden")
`;
const GEMINI = `# ~/.gemini/policies/team.toml
[[rule]]
toolName = "run_shell_command"
commandPrefix = ["git status", "git diff", "npm test"]
decision = "allow"
priority = 100

[[rule]]
toolName = "run_shell_command"
commandPrefix = "git push"
decision = "ask_user"
priority = 200

[[rule]]
toolName = "web_fetch"
decision = "deny"
priority = 50
`;

/** Pastes `text` onto the page, as review17 did: a click on the page, then a paste event on the body. */
async function paste(page: Page, text: string): Promise<void> {
  await page.locator('body').click({ position: { x: 700, y: 200 } });
  await page.evaluate((t) => {
    const data = new DataTransfer();
    data.setData('text/plain', t);
    document.body.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
}

async function ask(page: Page, call: string) {
  const form = page.getByRole('form', { name: 'Would this be allowed?' });
  const box = form.getByRole('textbox', { name: 'Would this be allowed?' });
  await box.fill(call);
  await box.press('Enter');
  const answer = form.getByRole('status');
  await expect(answer.locator('code.policy-try-asked')).toHaveText(call);
  return answer;
}

test('#1: Export keeps a Codex default.rules as default.rules', async ({ page }) => {
  const errors = await openStudioOffline(page);
  await paste(page, CODEX);
  await expect(page.getByText('Imported default.rules.')).toBeVisible({ timeout: 20_000 });
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export', exact: true }).first().click();
  expect((await download).suggestedFilename()).toBe('default.rules');
  await expect(page.getByText('Exported default.rules as written: a Codex rules file.')).toBeVisible();
  expect(errors).toEqual([]);
});

test('#4 and s9: Codex splits bash -lc per command; Gemini says its heuristic allowed ls; no pseudo place', async ({ page }) => {
  test.setTimeout(120_000);
  const errors = await openStudioOffline(page);
  await paste(page, CODEX);
  await expect(page.getByText('Imported default.rules.')).toBeVisible({ timeout: 20_000 });
  await runCommand(page, 'Policy');
  const codex = await ask(page, 'bash -lc "npm test && curl x"');
  await expect(codex.locator('strong').first()).toHaveText('forbidden');
  await expect(codex).toContainText('the strictest of the 2 rules that matched');
  await expect(codex).toContainText('Checked as 2 commands: npm test · curl x');
  await expect(codex).not.toContainText('would-this-be-allowed');
  await screenshotsWithAxe(page, 'review17-codex-answer', '.policy-try');
  await page.emulateMedia({ colorScheme: 'light' });

  await paste(page, GEMINI);
  await expect(page.getByText(/Imported (team|policy)\.toml\./)).toBeVisible({ timeout: 20_000 });
  await runCommand(page, 'Policy');
  const dialects = page.getByRole('group', { name: 'Policy dialect' });
  if (await dialects.isVisible()) await dialects.getByRole('button', { name: 'Gemini CLI', exact: true }).click();
  const ls = await ask(page, 'ls');
  await expect(ls.locator('strong').first()).toHaveText('allow');
  await expect(ls).toContainText('Gemini’s shell heuristics allow it');
  await expect(ls).toContainText('known-safe read-only command');
  await expect(ls).not.toContainText('Gemini’s default');
  await expect(ls).not.toContainText('would-this-be-allowed');
  await expect(ls).toContainText('mode default');
  await screenshotsWithAxe(page, 'review17-gemini-answer', '.policy-try');
  const push = await ask(page, 'git push origin main');
  await expect(push).toContainText('ask_user — decided by the first rule in priority order that matched');
  await expect(push).not.toContainText('would-this-be-allowed');
  expect(errors).toEqual([]);
});

test('#5, #8: Claude keeps the spaces typed, names the near miss, and says a Read deny does not stop cat', async ({ page }) => {
  test.setTimeout(120_000);
  const errors = await openStudioOffline(page);
  await paste(page, CLAUDE);
  await expect(page.getByText('Imported settings.json.')).toBeVisible({ timeout: 20_000 });
  await runCommand(page, 'Policy');
  const lint = await ask(page, 'npm   run lint');
  await expect(lint.locator('code.policy-try-asked')).toHaveCSS('white-space', 'pre-wrap');
  await expect(lint.locator('strong').first()).toHaveText('ask');
  await expect(lint.locator('.policy-try-note')).toContainText('closest rule: Bash(npm run lint) (allow) did not match npm   run lint');
  await expect(lint.locator('.policy-try-note')).toContainText('runs of spaces');
  const unit = await ask(page, 'npm run test:unit');
  await expect(unit.locator('.policy-try-note')).toContainText('closest rule: Bash(npm run test:*) (allow) did not match npm run test:unit');
  await expect(unit.locator('.policy-try-note')).toContainText('needs a space or the end of the command right after npm run test');
  const env = await ask(page, 'cat .env');
  await expect(env.locator('strong').first()).toHaveText('allow');
  await expect(env.locator('.policy-try-note')).toContainText('the deny rule Read(./.env) does not apply to Bash');
  await expect(env.locator('.policy-try-note')).toContainText('Bash(cat .env)');
  await screenshotsWithAxe(page, 'review17-claude-answer', '.policy-try');
  // The checker says it too, with its stable code (docs/reference/diagnostics.md#C022).
  await page.getByRole('tab', { name: /^Source and problems/ }).click();
  await expect(region(page, 'Problems').locator('li', { hasText: 'C022' })).toHaveCount(2);
  expect(errors).toEqual([]);
});

test('s2, s6: a missing comma keeps the last good Claude graph, marked with the line:col; "1 error"', async ({ page }) => {
  test.setTimeout(120_000);
  const errors = await openStudioOffline(page);
  await paste(page, CLAUDE);
  await expect(page.getByText('Imported settings.json.')).toBeVisible({ timeout: 20_000 });
  const nodes = region(page, 'Graph').locator('.react-flow__node');
  await expect(graphNode(page, 'WebFetch')).toBeVisible();
  const before = await nodes.count();
  expect(before).toBeGreaterThanOrEqual(4);
  await page.getByRole('tab', { name: /^Source and problems/ }).click();
  await expect(region(page, 'Source').locator('.monaco-editor')).toBeVisible({ timeout: 20_000 });
  // Line 4 loses its comma: the error is at line 5, column 7.
  await setSource(page, CLAUDE.replace('"Bash(npm run test:*)",', '"Bash(npm run test:*)"'));
  const c001 = region(page, 'Problems').locator('li', { hasText: 'C001' });
  await expect(c001).toContainText('5:7');
  await expect(region(page, 'Source').getByRole('status')).toContainText('The graph shows the last version that read cleanly (the text stops reading at line 5, column 7)');
  await expect(nodes).toHaveCount(before);
  await expect(graphNode(page, 'WebFetch')).toBeVisible();
  const inspector = region(page, 'Inspector');
  await expect(inspector.getByRole('heading', { name: 'settings.json does not read', exact: true })).toBeVisible();
  await expect(inspector).toContainText('(line 5, column 7)');
  // s6: the tab's counts say "1 error", not "1 errors".
  await expect(page.getByRole('tab', { name: /^Source and problems/ })).toHaveAccessibleName(/1 error, 0 warnings, 0 infos/);
  // The Policy view decides with the text as Claude Code reads it: the file is ignored.
  await page.getByRole('tab', { name: /^Policy/ }).click();
  const unit = await ask(page, 'npm run test');
  await expect(unit.locator('strong').first()).toHaveText('ask');
  // The comma back: the graph and the Inspector follow the text again.
  await page.getByRole('tab', { name: /^Source and problems/ }).click();
  await setSource(page, CLAUDE.replace('"Bash(git status)",', '"Bash(git status)", "Bash(git diff:*)",'));
  await expect(c001).toHaveCount(0);
  await expect(inspector.getByRole('heading', { name: 'settings.json does not read', exact: true })).toHaveCount(0);
  await expect(nodes).toHaveCount(before);
  expect(errors).toEqual([]);
});

test('s2: a Codex file keeps its last good graph on a syntax error too (Gemini: codex-half-written.spec.ts)', async ({ page }) => {
  test.setTimeout(120_000);
  const errors = await openStudioOffline(page);
  await paste(page, CODEX);
  await expect(page.getByText('Imported default.rules.')).toBeVisible({ timeout: 20_000 });
  await expect(graphNode(page, 'curl')).toBeVisible();
  await page.getByRole('tab', { name: /^Source and problems/ }).click();
  await expect(region(page, 'Source').locator('.monaco-editor')).toBeVisible({ timeout: 20_000 });
  // A rule half typed at the top: Codex refuses the file; the studio keeps every rule drawn.
  await setSource(page, `prefix_rule(pattern = ["git", "reset"\n${CODEX}`);
  await expect(region(page, 'Problems').locator('li', { hasText: 'K001' })).toBeVisible();
  await expect(graphNode(page, 'curl')).toBeVisible();
  await expect(graphNode(page, 'git').getByRole('listitem')).toHaveCount(2);
  await expect(region(page, 'Source').getByRole('status')).toContainText('The graph shows the last version that read cleanly (the text stops reading at line');
  expect(errors).toEqual([]);
});
