import { resolve } from 'node:path';
import { expect, test } from './test.ts';
import { graphNode, importPaths, openStudioOffline, region, screenshotsWithAxe } from './helpers.ts';

/**
 * Claude Code settings on the graph (issue 23, item 6). Seen as a new user: importing a settings
 * file drew an empty canvas and the Inspector said "0 rules". Now each tool its rules name is a
 * node with the rules as allow / ask / deny badges, MCP tools show their server, a rule Claude Code
 * never consults dims its tool, and the Inspector lists the rules in evaluation order, each numbered
 * by its place in the file (review 15: one number per rule, as Simulate and the CLI say it).
 */
test('import a settings file: tools with their rules as badges, the Inspector lists them', async ({ page }) => {
  test.setTimeout(120_000);
  const errors = await openStudioOffline(page);
  await importPaths(page, [resolve('e2e/fixtures/claude-graph/.claude/settings.json')]);

  const bash = graphNode(page, 'Bash');
  await expect(bash).toBeVisible({ timeout: 30_000 });
  await expect(bash.getByRole('listitem')).toHaveText(['deny curl *', 'ask git push *', 'allow npm test *', 'allow npm run lint']);
  await expect(graphNode(page, 'mcp__github__create_issue')).toContainText('MCP server github');
  await expect(graphNode(page, 'mcp__slack')).toContainText('deny every tool');
  // Write(...) path rules are never consulted: the tool is dimmed, its badge struck through
  const write = graphNode(page, 'Write');
  await expect(write.locator('.rs-tool')).toHaveAttribute('data-dimmed', 'true');
  await expect(write.locator('.rs-badge-inert')).toHaveText('deny docs/**');

  const inspector = region(page, 'Inspector');
  await expect(inspector).toContainText('11 permission rules: 4 deny · 1 ask · 6 allow');
  await expect(inspector.getByRole('listitem').filter({ hasText: 'Bash(curl *)' })).toContainText('rule 8');

  // a tool, then one of its rules, by keyboard from the Inspector
  await bash.click();
  await expect(inspector.getByRole('heading', { name: 'Rules (4)' })).toBeVisible();
  const push = inspector.getByRole('button', { name: /Bash\(git push \*\)/ });
  await push.focus();
  await page.keyboard.press('Enter');
  await expect(inspector.getByRole('heading', { name: /Rule 7 of 11/ })).toBeVisible();
  await expect(inspector).toContainText('project scope');
  await expect(inspector.getByRole('button', { name: 'Show in source' })).toBeVisible();

  await page.keyboard.press('Escape');
  await screenshotsWithAxe(page, 'claude-graph', '.rs-flow');
  expect(errors).toEqual([]);
});
