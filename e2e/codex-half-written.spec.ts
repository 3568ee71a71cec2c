/**
 * A half-written rule in a permission file (review 13, item 2): the Codex example with
 * `prefix_rule(pattern=["git", "reset"` typed at its end drew "No rules to draw" and the Inspector
 * said "0 prefix rules", though its six rules were intact. As the half-written hegel rule
 * (half-written-rule.spec.ts): the rules that read are drawn, the broken one is an error at its
 * line:col. Gemini's TOML and Claude Code's JSON keep a graph too.
 */
import { expect, test, type Page } from './test.ts';
import { graphNode, openStudioOffline, region } from './helpers.ts';

test.use({ layout: { bottomOpen: true } });

/** Types `text` at the end of Source, as a paste (typing would auto-close the brackets the test leaves open). */
async function pasteAtEnd(page: Page, text: string): Promise<void> {
  const box = region(page, 'Source').locator('.monaco-editor textarea');
  await box.focus();
  await page.keyboard.press('ControlOrMeta+End');
  await box.evaluate((el, t) => {
    const data = new DataTransfer();
    data.setData('text/plain', t);
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
}

async function openExample(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: 'Examples', exact: true }).first().click();
  await page.getByRole('dialog', { name: 'Examples' }).getByRole('button', { name, exact: true }).click();
}

test('a half-written Codex rule: the six rules stay drawn, the broken one is an error at its line:col', async ({ page }) => {
  const errors = await openStudioOffline(page);
  await openExample(page, 'codex-default.rules');
  await expect(graphNode(page, 'git')).toBeVisible({ timeout: 20_000 });
  const source = region(page, 'Source');
  await expect(source).toContainText('codex-default.rules · Codex rules (Starlark)');
  await pasteAtEnd(page, '\nprefix_rule(pattern=["git", "reset"');
  const k001 = region(page, 'Problems').locator('li', { hasText: 'K001' });
  await expect(k001).toContainText('25:36');
  await expect(graphNode(page, 'git').getByRole('listitem')).toHaveText(['allow [status|diff|log|show]', 'prompt push']);
  await expect(graphNode(page, 'npm')).toBeVisible();
  await expect(page.getByText('No rules to draw')).toHaveCount(0);
  // review17 s2: the file does not parse, so the studio keeps its last good version (as for a
  // Pattern agent's F001): the Inspector says so with the error's place, then lists those rules.
  const inspector = region(page, 'Inspector');
  await expect(inspector.getByRole('heading', { name: 'codex-default.rules does not read', exact: true })).toBeVisible();
  await expect(inspector).toContainText('(line 25, column 36)');
  await expect(inspector).toContainText('Below is the last version that read cleanly');
  await expect(inspector).toContainText('6 prefix rules: 1 forbidden · 1 prompt · 4 allow');
  await expect(inspector).not.toContainText('No rules');
  // The Policy tab lists the rules that read and says why no call is decided, not "No sessions loaded".
  await page.getByRole('tab', { name: /^Policy/ }).click();
  const policy = region(page, 'Policy');
  await expect(policy.getByRole('alert')).toContainText('Codex refuses these rules, so no call is decided: K001 at codex-default.rules:25:36');
  // ui16: its status said "0 calls in 1 session" with no why; it says why no call is decided
  await expect(policy.locator('.corpus-status')).toHaveText('1 .rules file · 6 rules that read · no call decided in 1 session: Codex refuses codex-default.rules (line 25 does not read)');
  await expect(policy).not.toContainText('0 calls');
  // and goes to the problem, as the Inspector's note names it
  await policy.getByRole('button', { name: 'Show the problem' }).click();
  await expect(region(page, 'Source')).toBeVisible();
  await expect(region(page, 'Source').locator('.monaco-editor .view-line').filter({ hasText: 'prefix_rule(pattern=["git", "reset"' })).toBeVisible();
  await page.getByRole('tab', { name: /^Policy/ }).click();
  await expect(policy.getByRole('table', { name: 'Rules in load order' }).getByRole('row')).toHaveCount(1 + 6 + 1);
  await expect(policy).not.toContainText('No sessions loaded');
  await page.getByRole('tab', { name: /^Source/ }).click();
  // Finished, the rule is read and drawn.
  await pasteAtEnd(page, '], decision = "prompt")');
  await expect(k001).toHaveCount(0);
  await expect(graphNode(page, 'git').getByRole('listitem')).toHaveText(['allow [status|diff|log|show]', 'prompt push', 'prompt reset']);
  await expect(inspector).toContainText('7 prefix rules');
  expect(errors).toEqual([]);
});

test('a half-written Gemini table and a half-written Claude Code settings file keep their graphs', async ({ page }) => {
  const errors = await openStudioOffline(page);
  await openExample(page, 'gemini-policies/');
  await page.getByRole('region', { name: 'Permission rules' }).getByRole('button', { name: 'gemini-policies/user/dev.toml', exact: true }).click();
  await expect(graphNode(page, 'read_*')).toBeVisible({ timeout: 20_000 });
  await pasteAtEnd(page, '\n[[rule]]\ntoolName = "run_shell_command"\ncommandPrefix = ["git reset", ');
  await expect(region(page, 'Problems').locator('li', { hasText: 'G001' })).toBeVisible();
  await expect(graphNode(page, 'read_*')).toBeVisible();
  await expect(graphNode(page, 'run_shell_command').getByRole('listitem')).toHaveCount(3);
  await expect(page.getByText('No rules to draw')).toHaveCount(0);
  // The last good version stays, marked as such, with the error's place (review17 s2).
  await expect(region(page, 'Inspector').getByRole('heading', { name: /does not read$/ })).toBeVisible();
  await expect(region(page, 'Inspector')).toContainText('(line 50, column 17)');
  await expect(region(page, 'Inspector')).toContainText('Below is the last version that read cleanly');

  await openExample(page, 'claude-code-settings.json');
  await expect(graphNode(page, 'Bash')).toBeVisible({ timeout: 20_000 });
  await pasteAtEnd(page, ',\n  "permissions": { "allow": [');
  // Broken JSON that reads as settings up to its error is Claude Code's (review15): C001 at its
  // line:col, as the CLI says it (Claude Code ignores the whole file), and the graph keeps the
  // rules of its last good version (review17 s2; test/app/brokenPermissionText.test.ts).
  const c001 = region(page, 'Problems').locator('li', { hasText: 'C001' });
  await expect(c001).toContainText('Claude Code ignores the whole file');
  await expect(c001).toContainText('34:1');
  await expect(graphNode(page, 'Bash')).toBeVisible();
  await expect(page.getByText('No rules to draw')).toHaveCount(0);
  expect(errors).toEqual([]);
});
