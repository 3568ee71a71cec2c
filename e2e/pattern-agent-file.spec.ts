/**
 * Review 16, item 6, in the review's steps: Pattern's own agent file (rules under
 * `[[agent.tool_rules]]`, which Pattern's `AgentConfig::load_from_file` ignores) imported as "No
 * tools yet · Add tool" with the reason only in Problems and its fix only behind Ctrl+. in Source;
 * a plain Export then moved the rules into effect, unsaid, calling the file an [[agents]] config.
 * Now the empty graph says why and offers the fix, Problems has a Fix button, and Export keeps the
 * rules where they are (what the graph shows) and says so.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test } from './test.ts';
import { graphNode, importPaths, region, runCommand, stayOffline } from './helpers.ts';
import { saveScreenshot } from './screenshots.ts';

test.use({ layout: { bottomOpen: true } });

const FILE = resolve('e2e/fixtures/pattern-agent-file/anchor.toml');

test('an agent file whose rules Pattern ignores: said on the graph, fixed from Problems, exported as it is', async ({ page }) => {
  await stayOffline(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/');
  await importPaths(page, [FILE]);
  const empty = region(page, 'Graph').getByRole('note', { name: 'Empty graph' });
  await expect(empty).toContainText('Pattern ignores this file’s rules', { timeout: 30_000 });
  await expect(empty).toContainText('[[agent.tool_rules]]');
  await expect(empty.getByRole('button', { name: 'Add tool' })).toHaveCount(0);
  await saveScreenshot(page, 'test-results/pattern-agent-file-empty-1440x900.png');

  // Export with no edit: the text as it was, and a notice that says where the rules stay
  const download = page.waitForEvent('download');
  await runCommand(page, 'Export');
  const exported = readFileSync(await (await download).path(), 'utf8');
  expect(exported).toBe(readFileSync(FILE, 'utf8'));
  await expect(page.getByText(/in Pattern's agent file \(TOML\)\. Its 2 rules under \[\[agent\.tool_rules\]\] are kept there/)).toBeVisible();

  // Problems: the F011 entry has its fix as a button
  await runCommand(page, 'Problems and verification');
  const problems = region(page, 'Problems');
  await problems.getByRole('button', { name: 'Fix: Move [[agent.tool_rules]] to [[tool_rules]], where Pattern reads them' }).click();
  await expect(graphNode(page, 'send_message')).toBeVisible();
  await expect(graphNode(page, 'context')).toBeVisible();
  await expect(page.getByText(/done in anchor\.toml\. Undo restores it\./)).toBeVisible();
});
