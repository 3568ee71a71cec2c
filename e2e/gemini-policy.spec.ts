import { resolve } from 'node:path';
import { axeViolations } from './axe.ts';
import { expect, test } from './test.ts';
import { graphNode, importPaths, openStudioOffline, region, runCommand, screenshotsWithAxe } from './helpers.ts';
import { saveScreenshot } from './screenshots.ts';

test.use({ layout: { bottomOpen: true } });

/**
 * Gemini CLI policies and translation in the studio (issue 24, Done when): a Gemini policy folder
 * (admin/ and user/ tiers and a scripted trace) and a Codex rules file with its session imported;
 * the Gemini Policy view shows each call's decision and its deciding rule; an edit of a rule shows
 * the decisions it changes, Apply is one undo step; Codex rules translated to Gemini CLI become a
 * new document and the what-if diff lists the session's commands decided differently. The
 * figures are the core's (test/gemini/policyReport.test.ts, test/translate/registry.test.ts).
 */
test('import a Gemini policy folder and Codex rules, see decisions and rules, translate and see the diff; axe, screenshots', async ({ page }) => {
  test.setTimeout(120_000);
  const errors = await openStudioOffline(page);
  const chooser = page.waitForEvent('filechooser');
  await runCommand(page, 'Import folder');
  await (await chooser).setFiles(resolve('examples/gemini-policies'));

  // the graph of the admin tier's file (the last one read): one node per tool name, each rule a
  // badge with its decision and priority; its G007 (an invalid regex Gemini drops) at line:col
  const shell = graphNode(page, 'run_shell_command');
  await expect(shell).toBeVisible({ timeout: 30_000 });
  await expect(shell.getByRole('listitem')).toHaveText(['deny ["git push", "rm -rf"] · 0']);
  await expect(region(page, 'Inspector')).toContainText('1 rule in the admin tier: 1 deny · 0 ask_user · 0 allow');
  await expect(page.getByText(/G007/).first()).toBeVisible();

  await importPaths(page, [resolve('examples/codex-default.rules')]);
  await importPaths(page, [resolve('examples/traces/codex-session.jsonl')]);
  await page.getByRole('tab', { name: /^Policy/ }).click();
  await page.getByRole('group', { name: 'Policy dialect' }).getByRole('button', { name: 'Gemini CLI' }).click();
  const view = region(page, 'Policy');
  await expect(view.getByTestId('gemini-total-allow').getByRole('definition')).toHaveText('3', { timeout: 30_000 });
  await expect(view.getByTestId('gemini-total-deny').getByRole('definition')).toHaveText('2');
  await expect(view.getByTestId('gemini-total-none').getByRole('definition')).toHaveText('2');
  // the rules in Gemini's order: the admin tier's deny first
  const rules = view.getByRole('table', { name: 'Rules in priority order' });
  await expect(rules.getByRole('row')).toHaveCount(1 + 7 + 1);
  await expect(rules.getByRole('row').nth(1)).toContainText('admin');
  const deny = rules.getByRole('button', { name: 'run_shell_command ["git push", "rm -rf"]', exact: true });
  await deny.focus();
  await page.keyboard.press('Enter');
  const calls = view.getByRole('list', { name: 'Calls decided by run_shell_command ["git push", "rm -rf"]' });
  await expect(calls.getByRole('listitem')).toHaveCount(2);
  await calls.getByRole('button').first().click();
  const why = view.getByRole('region', { name: 'Why' });
  await expect(why).toContainText('deny');
  await expect(why.getByRole('list', { name: 'Deciding rule' })).toContainText('admin tier, priority 0 · gemini-policies/admin/org.toml:2:1');
  await screenshotsWithAxe(page, 'gemini-policy', 'section.policy-view');

  // what-if: the admin deny becomes ask_user; the two denied calls change; Apply, then Undo
  await page.setViewportSize({ width: 1440, height: 900 });
  await rules.getByRole('button', { name: 'Edit rule run_shell_command ["git push", "rm -rf"]' }).click();
  const input = rules.getByRole('textbox', { name: /Rule text/ });
  await expect(input).toBeFocused();
  await input.fill('[[rule]]\ntoolName = "run_shell_command"\ncommandPrefix = ["git push", "rm -rf"]\ndecision = "ask_user"\npriority = 0');
  const whatIf = view.getByRole('region', { name: 'What if' });
  await expect(whatIf.getByTestId('gemini-whatif-count')).toHaveText('2 decisions of 7 calls change.');
  await expect(whatIf.getByRole('list', { name: 'Decisions that change' }).getByRole('listitem').first()).toContainText('deny→becomesask_userrun_shell_command(git status && rm -rf build)');
  await whatIf.getByRole('button', { name: 'Apply edit' }).click();
  await expect(view.getByTestId('gemini-total-deny').getByRole('definition')).toHaveText('0');
  await page.getByRole('button', { name: 'Undo', exact: true }).click();
  await expect(view.getByTestId('gemini-total-deny').getByRole('definition')).toHaveText('2');

  // the admin tier's file left out: its deny no longer decides (1 policy file counted), then back
  await view.getByRole('button', { name: 'All 2 files' }).click();
  const admin = page.getByRole('dialog', { name: 'Files counted' }).getByRole('checkbox', { name: /admin\/org\.toml/ });
  await admin.focus();
  await page.keyboard.press('Space');
  await expect(view.getByTestId('gemini-total-deny').getByRole('definition')).toHaveText('0');
  await expect(view.locator('.corpus-status')).toContainText('1 policy file');
  await page.keyboard.press('Space');
  await expect(view.getByTestId('gemini-total-deny').getByRole('definition')).toHaveText('2');
  await page.keyboard.press('Escape');
  await expect(view.getByRole('button', { name: 'All 2 files' })).toBeFocused();

  // translate the Codex rules to Gemini CLI: a new document, the report, the what-if diff
  await page.getByRole('group', { name: 'Policy dialect' }).getByRole('button', { name: 'Codex' }).click();
  await view.getByRole('button', { name: 'Translate to…' }).click();
  await view.getByRole('group', { name: 'Translate to' }).getByRole('button', { name: 'To Gemini CLI' }).click();
  const report = view.getByRole('region', { name: 'Translation report' });
  await expect(report.getByTestId('translate-summary')).toHaveText('Added translated.toml: 6 rules translated from Codex to Gemini CLI; 0 said more broadly; 0 not translated.');
  await expect(report.getByTestId('translate-diff-count')).toHaveText('1 shell command of 13 decided differently; 12 the same.');
  const diff = report.getByRole('list', { name: 'Calls decided differently' });
  await expect(diff.getByRole('listitem')).toHaveText([/^allow→becomesno rulenpm test > log\.txt/]);
  const agents = page.getByRole('region', { name: 'Permission rules' });
  await expect(agents.getByRole('button', { name: 'translated.toml', exact: true })).toBeVisible();
  // (one size, dark, here: the suite's time budget; the Policy view had all four above)
  await saveScreenshot(page, 'test-results/gemini-translate-dark-1440x900.png');
  expect((await axeViolations(page, { include: 'section.policy-view' })).filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  // one undo step removes the translation
  await page.getByRole('button', { name: 'Undo', exact: true }).click();
  await expect(agents.getByRole('button', { name: 'translated.toml', exact: true })).toHaveCount(0);

  // Save as test: with two Gemini sessions it is a menu of them, used here with the keyboard
  await importPaths(page, [resolve('examples/gemini-policies/calls.jsonl')]);
  await page.getByRole('group', { name: 'Policy dialect' }).getByRole('button', { name: 'Gemini CLI' }).click();
  await view.getByRole('button', { name: 'Save as test' }).focus();
  await page.keyboard.press('Enter');
  const sessions = page.getByRole('menu', { name: 'Save as test' }).getByRole('menuitem');
  await expect(sessions).toHaveText(['gemini-policies/calls.jsonl', 'calls.jsonl']);
  await expect(sessions.first()).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(sessions.last()).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Saved “calls.jsonl as decided” as calls.test.yaml (7 calls pinned)' })).toBeVisible();
  await page.getByRole('tab', { name: /^Tests/ }).first().click();
  await expect(region(page, 'Tests').locator('[data-status="pass"]')).toContainText('calls.jsonl as decided', { timeout: 30_000 });

  expect(errors).toEqual([]);
});
