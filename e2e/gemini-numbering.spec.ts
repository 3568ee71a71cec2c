/**
 * One rule numbering for Gemini CLI policies (review 13, item 3): the Inspector numbered rules by
 * priority ("rule 3" was run_shell_command ["git status" …]) while Problems numbered them as the
 * file reads ("rule #3" was the autoEdit rule). Now a rule's number is its place in the file
 * everywhere (the Policy view's what-if too, review 15); the Inspector still lists them in priority order.
 */
import { expect, test } from './test.ts';
import { graphNode, openStudioOffline, region } from './helpers.ts';

test.use({ layout: { bottomOpen: true } });

test('Gemini rules carry their file number in the Inspector, on the graph and in Problems', async ({ page }) => {
  const errors = await openStudioOffline(page);
  await page.getByRole('button', { name: 'Examples', exact: true }).first().click();
  await page.getByRole('dialog', { name: 'Examples' }).getByRole('button', { name: 'gemini-policies/', exact: true }).click();
  await page.getByRole('region', { name: 'Permission rules' }).getByRole('button', { name: 'gemini-policies/user/dev.toml', exact: true }).click();
  const inspector = region(page, 'Inspector');
  await expect(inspector).toContainText('6 rules in the user tier');
  // Problems: rule #3 is the autoEdit rule (the third [[rule]] of the file).
  await expect(region(page, 'Problems').locator('li', { hasText: 'G103' })).toContainText('rule #3 (run_shell_command, allow, priority 10');
  // The Inspector, in priority order, numbers each rule as the file does.
  const listed = inspector.getByRole('list').nth(1).getByRole('button');
  await expect(listed.filter({ hasText: 'in autoEdit' })).toContainText('rule 3');
  await expect(listed.filter({ hasText: '"git status"' })).toContainText('rule 1');
  await expect(listed.first()).toContainText('"git push"');
  await expect(listed.first()).toContainText('rule 2');
  // The tool's rules, in priority order with their file numbers; the autoEdit one opens as rule 3.
  await graphNode(page, 'run_shell_command').click();
  const mine = inspector.getByRole('list').getByRole('button');
  await expect(mine).toHaveText([/"git push" rule 2$/, /"git status".* rule 1$/, /in autoEdit rule 3$/]);
  await mine.filter({ hasText: 'in autoEdit' }).click();
  await expect(inspector.getByRole('heading', { level: 2 })).toContainText('Rule 3');
  await expect(inspector).toContainText('in autoEdit');
  await expect(inspector).toContainText('user/dev.toml:20:1');
  // The Policy view's what-if names a rule by the same number (review 15: it said "rule 1", its row).
  await page.getByRole('tab', { name: /^Policy/ }).click();
  const view = region(page, 'Policy');
  await expect(view.getByRole('table', { name: 'Rules in priority order' })).toBeVisible();
  // The user file's first rule is the third row (the admin deny and the user's git push come first).
  await view.getByRole('button', { name: /^Edit rule run_shell_command \["git status"/ }).click();
  await expect(view.getByRole('region', { name: 'What if' })).toContainText('rule 1 · run_shell_command ["git status"');
  expect(errors).toEqual([]);
});
