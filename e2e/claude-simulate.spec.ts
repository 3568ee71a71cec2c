/**
 * Review 15, items 1, 2 and 4, in the review's steps: import a Claude Code settings file and a
 * scripted trace (git push, rm -rf …), Alt+2, Ctrl+Enter, click a row. The steps are said in Claude
 * Code's words with the deciding rule's number (the same on the chip's tooltip and in the
 * Inspector), the graph rings the rule that decided, Setup offers Claude Code's own profile without
 * the options it has no use for, and State lists each tool called once.
 */
import { resolve } from 'node:path';
import { expect, test } from './test.ts';
import { graphNode, importPaths, openStudioOffline, region, screenshotsWithAxe } from './helpers.ts';
import { saveScreenshot } from './screenshots.ts';

test('a Claude Code settings file replays in Simulate as Claude Code decides', async ({ page }) => {
  test.setTimeout(120_000);
  const errors = await openStudioOffline(page);
  await page.setViewportSize({ width: 1280, height: 720 });
  await importPaths(page, [resolve('e2e/fixtures/claude-simulate/.claude/settings.json')]);
  const bash = graphNode(page, 'Bash');
  await expect(bash).toBeVisible({ timeout: 30_000 });
  // item 4: the legacy prefix form keeps its :* on the chip, as git diff * keeps its star
  await expect(bash.getByRole('listitem').filter({ hasText: 'npm run test' })).toHaveText('allow npm run test:*');
  // item 2: the Inspector lists the rules as Claude Code checks them, numbered as the file lists them
  const inspector = region(page, 'Inspector');
  await expect(inspector.getByRole('listitem').filter({ hasText: 'Bash(rm -rf *)' })).toContainText('rule 12');
  await importPaths(page, [resolve('e2e/fixtures/claude-simulate/would.yaml')]);

  await page.keyboard.press('Alt+2');
  const simulation = region(page, 'Simulation');
  await expect(simulation).toBeVisible();
  await page.keyboard.press('ControlOrMeta+Enter');
  const rows = simulation.getByRole('listbox', { name: 'Decisions' }).getByRole('option');
  await expect(rows).toHaveCount(5, { timeout: 30_000 });
  const decision = simulation.getByRole('region', { name: 'Decision' });

  // item 1: the ask-matched git push, in Claude Code's words
  await rows.nth(0).click();
  await expect(decision).toContainText('Claude Code asks, as ask rule Bash(git push *) matches (rule #10); the answer was yes (approve_once)');
  await expect(decision).not.toContainText('ContinueLoop');
  await expect(decision).not.toContainText('passed every check');
  // the deny: Claude Code's words, rule 12, and the graph rings that rule's chip
  await rows.nth(1).click();
  await expect(decision).toContainText('Claude Code denies Bash without asking: deny rule Bash(rm -rf *) matches (rule #12)');
  await expect(decision).not.toContainText('needs user approval');
  await expect(graphNode(page, 'Bash').locator('.rs-badge-step')).toHaveText('deny rm -rf *');
  await expect(graphNode(page, 'Bash').locator('.rs-badge-step')).toHaveAttribute('title', /^Rule 12: deny/);
  // the node wears Claude Code's word for it, not the tool-rule families' "Blocked" (review15)
  await expect.poll(() => graphNode(page, 'Bash').evaluate((el) => getComputedStyle(el, '::before').content)).toContain('Denied');
  // State: no start or exit requirements in Claude Code
  const state = simulation.getByRole('region', { name: 'State' });
  await expect(state.locator('dt:text-is("Called") + dd')).toHaveText('Bash');
  await expect(state).not.toContainText('Pending start');
  await expect(state).not.toContainText('Ordering scope');
  await screenshotsWithAxe(page, 'claude-simulate-deny', '.sim-panel');

  // item 4: after the calls that ran, Called names Bash once, with its count
  await rows.nth(4).click();
  await expect(state.locator('dt:text-is("Called") + dd')).toHaveText('Bash ×2');

  // Setup: Claude Code's own profile, and none of the options it has no use for
  await simulation.getByRole('tab', { name: 'Setup' }).click();
  const setup = simulation.getByRole('form', { name: 'Replay settings' });
  await expect(setup.getByRole('combobox', { name: 'Profile' })).toContainText("Claude Code (the file's own)");
  for (const hidden of ['Ordering scope', 'Start constraints', 'Exit requirements', 'Dedupe window']) await expect(setup.getByText(hidden, { exact: true })).toHaveCount(0);
  await expect(setup.getByText('Consent default', { exact: true })).toBeVisible();
  // review15: the session's permission mode, working directory and home are set here, and a run uses them
  await expect(setup.getByRole('textbox', { name: 'Working directory' })).toHaveAttribute('placeholder', 'the project’s folder');
  await setup.getByRole('combobox', { name: 'Permission mode' }).click();
  await page.getByRole('option', { name: 'dontAsk', exact: true }).click();
  await expect(setup.getByRole('combobox', { name: 'Permission mode' })).toContainText('dontAsk');
  await saveScreenshot(page, 'test-results/claude-simulate-setup-1280x720.png');
  await expect(page.getByRole('option', { name: 'dontAsk', exact: true })).toHaveCount(0);
  await page.keyboard.press('ControlOrMeta+Enter');
  await expect(rows.nth(0)).toContainText('denied', { timeout: 30_000 });
  await rows.nth(0).click();
  await expect(decision).toContainText('dontAsk mode denies what would prompt');
  expect(errors).toEqual([]);
});
