/**
 * review15 #5: the CLI's `check` of the gemini-policies folder reports G101 (the admin deny of
 * `git push` shadows the user's allow, as the example's own comment promises); the studio's
 * Problems did not, since it checked each file alone. And a policy imported without its folder
 * read as the user tier with nothing said.
 */
import { resolve } from 'node:path';
import { expect, test } from './test.ts';
import { importPaths, openStudioOffline, region } from './helpers.ts';

test.use({ layout: { bottomOpen: true } });

test('Problems shows the admin rule shadowing a user rule across the two tier files', async ({ page }) => {
  const errors = await openStudioOffline(page);
  await page.getByRole('button', { name: 'Examples', exact: true }).first().click();
  await page.getByRole('dialog', { name: 'Examples' }).getByRole('button', { name: 'gemini-policies/', exact: true }).click();
  const problems = region(page, 'Problems');
  const shadowed = problems.locator('li', { hasText: 'G101' });
  await expect(shadowed).toHaveCount(1);
  await expect(shadowed).toContainText('rule #2 (run_shell_command commandPrefix "git push", allow, priority 999 in the user tier) is shadowed: rule #1 at gemini-policies/admin/org.toml:2');
  // The rest of the folder's findings, as the CLI reports them: G007, G103, G104, G003.
  for (const code of ['G007', 'G103', 'G104', 'G003']) await expect(problems.locator('li', { hasText: code }), code).toHaveCount(1);
  expect(errors).toEqual([]);
});

test('a Gemini policy imported without its folder says which tier it read as, and why', async ({ page }) => {
  await openStudioOffline(page);
  await importPaths(page, [resolve('examples/gemini-policies/admin/org.toml')]);
  await expect(region(page, 'Inspector')).toContainText('user tier: imported without its folder');
});
