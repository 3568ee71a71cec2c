/**
 * Every conformance case gives in the browser (the app's Web Worker in Chromium) the same
 * decisions as the CLI, field for field, and both match the case's expectation.
 */
import { expect, test } from './test.ts';
import { caseTraces, compareDecisions, optionFlags, ownCases, sharedCases } from '../test/conformance/cases.ts';
import { runCli } from '../test/cli/harness.ts';

const cases = [...sharedCases(), ...ownCases()];

interface BrowserRun {
  result: { status: string; diagnostics: { code: string }[]; message?: string };
  decisions: Record<string, unknown>[];
}

test('finds the conformance cases', () => {
  expect(sharedCases().length).toBeGreaterThanOrEqual(7);
  expect(ownCases().length).toBeGreaterThan(0);
});

test('every conformance case: browser worker decisions equal the CLI decisions', async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto('/harness/conformance.html');
  await expect(page.locator('body[data-ready="true"]')).toBeAttached();
  const mismatches: string[] = [];
  for (const lc of cases) {
    const c = lc.case;
    const label = `${lc.source}/${lc.file}`;
    const traces = caseTraces(c);
    const request = {
      ruleFiles: Object.entries(c.files).map(([name, text]) => ({ name, text })),
      traces: Object.keys(traces).length ? Object.entries(traces).map(([name, text]) => ({ name, text })) : [{ name: 'empty.jsonl', text: '' }],
      settings: c.options ?? {},
    };
    const browser = (await page.evaluate((r) => (window as unknown as { runSimulation(x: unknown): Promise<unknown> }).runSimulation(r), request)) as BrowserRun;

    if (c.diagnostics) {
      const codes = [...new Set(browser.result.diagnostics.map((d) => d.code))].sort();
      if (JSON.stringify(codes) !== JSON.stringify([...c.diagnostics].sort())) mismatches.push(`${label}: browser codes ${codes.join(',')}`);
      continue;
    }
    const cli = await runCli(['simulate', ...Object.keys(c.files), '--trace', ...Object.keys(traces), ...optionFlags(c.options)], { ...c.files, ...traces });
    const cliDecisions = cli.stdout
      .split('\n')
      .filter((l) => l.trim() !== '')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    if (browser.result.status !== 'done') mismatches.push(`${label}: browser run ${browser.result.status} ${browser.result.message ?? ''}`);
    if (JSON.stringify(browser.decisions) !== JSON.stringify(cliDecisions)) {
      const i = browser.decisions.findIndex((d, k) => JSON.stringify(d) !== JSON.stringify(cliDecisions[k]));
      mismatches.push(`${label}: first difference at #${i}: browser ${JSON.stringify(browser.decisions[i])} cli ${JSON.stringify(cliDecisions[i])}`);
    }
    const problems = compareDecisions(browser.decisions, c.expect ?? []);
    if (problems.length) mismatches.push(`${label}: ${problems[0]}`);
  }
  expect(mismatches).toEqual([]);
});
