/**
 * review15 #3: "would this command be allowed?" had no field: the Policy view needed a session
 * (with none loaded, "No decision of the 0 calls changes"). Now one call is typed and decided by
 * each dialect's engine, with the rule that decided it.
 */
import { resolve } from 'node:path';
import { expect, test, type Page } from './test.ts';
import { importPaths, openStudioOffline, runCommand } from './helpers.ts';
import { saveScreenshot } from './screenshots.ts';

async function ask(page: Page, dialect: string | undefined, call: string) {
  if (dialect) await page.getByRole('group', { name: 'Policy dialect' }).getByRole('button', { name: dialect, exact: true }).click();
  const form = page.getByRole('form', { name: 'Would this be allowed?' });
  await form.getByRole('textbox', { name: 'Would this be allowed?' }).fill(call);
  await form.getByRole('textbox', { name: 'Would this be allowed?' }).press('Enter');
  return form.getByRole('status');
}

test('one command typed in the Policy view is decided by Claude Code, Codex and Gemini CLI, with the rule', async ({ page }) => {
  test.setTimeout(90_000);
  await openStudioOffline(page);
  await importPaths(page, [resolve('examples/claude-code-settings.json'), resolve('examples/codex-default.rules')]);
  // The Policy command runs once a permission file is open (until then the palette says why not).
  await expect(page.getByRole('region', { name: 'Permission rules' }).getByRole('listitem')).toHaveCount(2);
  await runCommand(page, 'Policy');
  const claude = await ask(page, 'Claude Code', 'git push origin main');
  await expect(claude).toContainText('deny');
  await expect(claude).toContainText('Bash(git push *)');
  const read = await ask(page, 'Claude Code', 'Read(./.env)');
  await expect(read).toContainText('deny rule Read(./.env)');
  const codex = await ask(page, 'Codex', 'git push origin main');
  await expect(codex).toContainText('prompt');
  await expect(codex).toContainText('codex-default.rules:');
  await saveScreenshot(page, 'test-results/policy-try-codex-1440x900.png');
  const broken = await ask(page, 'Codex', "echo 'unclosed");
  await expect(broken).not.toBeEmpty();
});

test('Gemini CLI: the admin tier’s deny decides git push; a tool with JSON arguments is asked too', async ({ page }) => {
  await openStudioOffline(page);
  await page.getByRole('button', { name: 'Examples', exact: true }).first().click();
  await page.getByRole('dialog', { name: 'Examples' }).getByRole('button', { name: 'gemini-policies/', exact: true }).click();
  await expect(page.getByRole('region', { name: 'Permission rules' }).getByRole('listitem').first()).toBeVisible();
  await runCommand(page, 'Policy');
  const push = await ask(page, undefined, 'git push origin main');
  await expect(push).toContainText('deny');
  await expect(push).toContainText('admin tier');
  const bad = await ask(page, undefined, 'read_file {"file_path": }');
  await expect(bad).toContainText('arguments of read_file are not JSON');
});
