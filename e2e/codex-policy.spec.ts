import { resolve } from 'node:path';
import { expect, test } from './test.ts';
import { graphNode, importPaths, openStudioOffline, region, screenshotsWithAxe } from './helpers.ts';

test.use({ layout: { bottomOpen: true } });

/**
 * Codex execpolicy in the studio (issue 24): a `.rules` file and a Codex session log
 * (`rollout-*.jsonl`) imported, the graph has a node per program with its rules as badges, the
 * Policy view lists each prefix_rule with the calls it matched and decided, a call shows its
 * matched rules and what the log recorded, and editing a rule shows the decisions that change.
 * The figures are the core's (test/codex/policyReport.test.ts checks them).
 */
test('import Codex rules and a session: graph, per-rule counts, why, what-if of an edit; axe, screenshots', async ({ page }) => {
  test.setTimeout(300_000);
  const errors = await openStudioOffline(page);
  await importPaths(page, [resolve('examples/codex-default.rules')]);
  await importPaths(page, [resolve('examples/traces/codex-session.jsonl')]);

  // the graph: one node per program, each rule a badge
  const git = graphNode(page, 'git');
  await expect(git).toBeVisible({ timeout: 30_000 });
  await expect(git.getByRole('listitem')).toHaveText(['allow [status|diff|log|show]', 'prompt push']);
  await expect(graphNode(page, 'rm').getByRole('listitem')).toHaveText(['forbidden -rf']);
  // a bare program's rule matches its every command: "allow any call", not a bare "allow" (review15)
  await expect(graphNode(page, 'python3').getByRole('listitem')).toHaveText(['allow any call']);
  const inspector = region(page, 'Inspector');
  await expect(inspector).toContainText('6 prefix rules: 1 forbidden · 1 prompt · 4 allow');

  await page.getByRole('tab', { name: /^Policy/ }).click();
  const view = region(page, 'Policy');
  await expect(view.getByTestId('codex-total-allow').getByRole('definition')).toHaveText('4', { timeout: 30_000 });
  await expect(view.getByTestId('codex-total-prompt').getByRole('definition')).toHaveText('1');
  await expect(view.getByTestId('codex-total-forbidden').getByRole('definition')).toHaveText('1');
  await expect(view.getByTestId('codex-total-none').getByRole('definition')).toHaveText('2');

  const rules = view.getByRole('table', { name: 'Rules in load order' });
  await expect(rules.getByRole('row')).toHaveCount(1 + 6 + 1);
  await expect(rules.getByRole('row', { name: /git \[status\|diff\|log\|show\]/ })).toContainText('22');

  // a rule, by keyboard: its calls; a call: its matched rules and what the log says
  const gitRule = rules.getByRole('button', { name: 'git [status|diff|log|show]', exact: true });
  await gitRule.focus();
  await page.keyboard.press('Enter');
  const calls = view.getByRole('list', { name: 'Calls matched by git [status|diff|log|show]' });
  await expect(calls.getByRole('listitem')).toHaveCount(2);
  await calls.getByRole('button').last().click();
  const why = view.getByRole('region', { name: 'Why' });
  await expect(why).toContainText('allow');
  await expect(why.getByRole('list', { name: 'Matched rules' })).toContainText('git [status|diff|log|show]');
  await expect(why).toContainText('Differs from the log: the rules allow it without asking, but the log says the user declined it.');

  // npm test && npm run lint: two commands, three matches of two rules
  await rules.getByRole('button', { name: 'npm test', exact: true }).click();
  await view.getByRole('list', { name: 'Calls matched by npm test' }).getByRole('button').first().click();
  await expect(why.getByRole('list', { name: 'Matched rules' }).getByRole('listitem')).toHaveCount(2);
  await expect(why).toContainText('Checked as 2 commands: npm test · npm run lint');
  await screenshotsWithAxe(page, 'codex-policy', 'section.policy-view');

  // what-if: widen `rm -rf` to every `rm`; the `rm -fr dist` that ran becomes forbidden
  await page.setViewportSize({ width: 1440, height: 900 });
  const edit = rules.getByRole('button', { name: 'Edit rule rm -rf' });
  await edit.focus();
  await page.keyboard.press('Enter');
  const input = rules.getByRole('textbox', { name: /Rule text/ });
  await expect(input).toBeFocused();
  await input.fill('prefix_rule(pattern = ["rm"], decision = "forbidden")');
  const whatIf = view.getByRole('region', { name: 'What if' });
  await expect(whatIf.getByTestId('codex-whatif-count')).toHaveText('1 decision of 8 calls changes.');
  const changes = whatIf.getByRole('list', { name: 'Decisions that change' });
  await expect(changes.getByRole('listitem')).toHaveCount(1);
  await expect(changes.getByRole('listitem').first()).toContainText("no rule→becomesforbiddenbash -lc 'rm -fr dist'");
  await screenshotsWithAxe(page, 'codex-policy-whatif', 'section.policy-view');

  // an edit Codex refuses is said, and cannot be applied
  await input.fill('prefix_rule(pattern = ["rm"], decision = "deny")');
  await expect(whatIf.getByRole('alert')).toContainText('K011');
  await expect(whatIf.getByRole('button', { name: 'Apply edit' })).toBeDisabled();

  // Apply replaces only that rule's text, one undo step
  await input.fill('prefix_rule(pattern = ["rm"], decision = "forbidden")');
  await expect(changes.getByRole('listitem')).toHaveCount(1);
  await whatIf.getByRole('button', { name: 'Apply edit' }).click();
  await expect(rules.getByRole('button', { name: 'rm', exact: true })).toBeVisible();
  await expect(view.getByTestId('codex-total-forbidden').getByRole('definition')).toHaveText('2');
  await page.getByRole('button', { name: 'Undo', exact: true }).click();
  await expect(view.getByTestId('codex-total-forbidden').getByRole('definition')).toHaveText('1');
  await expect(rules.getByRole('button', { name: 'rm -rf', exact: true })).toBeVisible();

  expect(errors).toEqual([]);
});
