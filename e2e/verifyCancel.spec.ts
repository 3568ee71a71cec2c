import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test, type Page } from './test.ts';
import { importPaths, region, stayOffline } from './helpers.ts';
import { saveScreenshot } from './screenshots.ts';

test.use({ layout: { bottomOpen: true } });

/**
 * Cancelling the verifier: a generated file whose search takes long (30 agents of 12 tools, each
 * call limited to 3, so every agent fills the studio's 50,000-state budget: about 45 s of CPU in
 * all) shows "Verifying · N states" with a Cancel button; Cancel stops it and says after how many
 * states, and the Problems list stays usable. (That an edit during a run cancels it is
 * test/app/verifyStore.test.ts's, against the store and a scripted worker.)
 */
test.beforeEach(async ({ page }) => {
  await stayOffline(page);
  await page.setViewportSize({ width: 1440, height: 900 });
});

/** 30 agents, each of 12 tools with a MaxCalls of 3 on every tool; the last has a rule on an undeclared tool (warning T013). */
function slowAgents(): string {
  const tools = Array.from({ length: 12 }, (_, i) => `"t${i}"`).join(', ');
  const out: string[] = [];
  for (let a = 0; a < 30; a++)
    out.push(
      `[[agents]]\nname = "agent_${String(a).padStart(2, '0')}"\ntools = [${tools}]\n`,
      '[[agents.tool_rules]]\ntool_name = "*"\nrule_type = { type = "MaxCalls", value = 3 }\n',
      '[[agents.tool_rules]]\ntool_name = "t11"\nrule_type = { type = "RequiredBeforeExit" }\n',
    );
  out.push('[[agents.tool_rules]]\ntool_name = "ghost"\nrule_type = { type = "MaxCalls", value = 1 }\n');
  return out.join('\n');
}

const progressOf = (page: Page) => region(page, 'Problems').locator('.verify-progress');

test('Cancel stops a long verification and says how far it got; the Problems list stays usable', async ({ page }) => {
  test.setTimeout(240_000);
  mkdirSync('test-results', { recursive: true });
  const file = resolve('test-results/verify-cancel-agents.toml');
  writeFileSync(file, slowAgents());
  await page.goto('/');
  await importPaths(page, [file]);

  const problems = region(page, 'Problems');
  // The search runs in the worker and reports its progress.
  await expect(progressOf(page)).toHaveText(/^Verifying · [\d,]+ states \(limit [\d,]+ each agent or workflow\)$/, { timeout: 60_000 });
  const cancel = problems.getByRole('button', { name: 'Cancel' });
  await cancel.click();
  await expect(progressOf(page)).toHaveText(/^Verification cancelled after [\d,]+ states$/, { timeout: 30_000 });
  await expect(cancel).toHaveCount(0);
  const after = Number((await progressOf(page).textContent())?.replace(/\D/g, ''));
  expect(after).toBeGreaterThan(0);
  await saveScreenshot(page, 'test-results/verify-cancelled-1440x900.png');

  // The Problems list still works: the static warning is there and opens its rule in the source.
  const warning = problems.getByRole('button', { name: /T013/ });
  await expect(warning).toBeVisible();
  await expect(problems.locator('.problem-counts')).toContainText('1 warning');
  await warning.click();
  await expect(region(page, 'Source').locator('.view-lines')).toContainText('tool_name = "ghost"');
  await expect(region(page, 'Source').locator('.selected-text').first()).toBeAttached();
});
