import { expect, test } from './test.ts';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { importPaths, region, screenshotsWithAxe, stayOffline } from './helpers.ts';

test.use({ layout: { bottomOpen: true } });

/**
 * review16 #4, the review's steps: a 12-tool agent with MaxCalls 3 on every tool imported; Problems
 * shows the search's progress against its limit, and V006 says in the studio's words (no command-
 * line flags) that the search stopped, with an action that verifies again with a higher limit.
 */
const TOOLS = Array.from({ length: 12 }, (_, i) => `t${i}`);
const WIDE = `# one agent, big state space
[[agents]]
name = "wide"
tools = [${TOOLS.map((t) => `"${t}"`).join(', ')}]

[[agents.tool_rules]]
tool_name = "*"
rule_type = { type = "MaxCalls", value = 3 }

[[agents.tool_rules]]
tool_name = "t11"
rule_type = { type = "RequiredBeforeExit" }
`;

test('verifying a big agent shows its limit, and V006 offers to verify further', async ({ page }) => {
  test.setTimeout(120_000);
  await stayOffline(page);
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/');
  const file = join(mkdtempSync(join(tmpdir(), 'wide-')), 'wide.toml');
  writeFileSync(file, WIDE);
  await importPaths(page, [file]);
  const problems = region(page, 'Problems');
  await expect(problems.getByRole('status').filter({ hasText: /^Verifying · [\d,]+ states \(limit 50,000 each agent or workflow\)$/ })).toBeVisible({ timeout: 30_000 });
  const v006 = problems.locator('li', { hasText: 'V006' });
  await expect(v006).toBeVisible({ timeout: 60_000 });
  await expect(v006).toContainText('The search stopped at 50,000 states (to go further, verify again with a higher limit)');
  await expect(problems).not.toContainText('--max-states');
  await screenshotsWithAxe(page, 'prove-verify-limit', '[aria-label="Problems"]');
  await page.setViewportSize({ width: 1280, height: 720 });
  await v006.getByRole('button', { name: 'Verify with 200,000 states' }).click();
  await expect(problems.getByRole('status').filter({ hasText: /^Verifying · [\d,]+ states \(limit 200,000 each agent or workflow\)$/ })).toBeVisible({ timeout: 30_000 });
  await problems.getByRole('button', { name: 'Cancel' }).click();
  await expect(problems.getByRole('status').filter({ hasText: /^Verification cancelled after/ })).toBeVisible();
});
