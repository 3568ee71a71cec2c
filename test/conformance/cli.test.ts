/** Every conformance case through the CLI path: `check --json` or `simulate`. */
import { describe, expect, it } from 'vitest';
import { runCli } from '../cli/harness.ts';
import { caseTraces, compareDecisions, optionFlags, ownCases, sharedCases, type LoadedCase } from './cases.ts';

export async function runCaseThroughCli(c: LoadedCase['case']): Promise<{ codes?: string[]; decisions?: Record<string, unknown>[]; stderr: string }> {
  const ruleFiles = Object.keys(c.files);
  if (c.diagnostics) {
    const r = await runCli(['check', '--json', ...optionFlags(pickProfile(c.options)), ...ruleFiles], c.files);
    const list = (JSON.parse(r.stdout) as { diagnostics: { code: string }[] }).diagnostics;
    return { codes: [...new Set(list.map((d) => d.code))].sort(), stderr: r.stderr };
  }
  const traces = caseTraces(c);
  const r = await runCli(['simulate', ...ruleFiles, '--trace', ...Object.keys(traces), ...optionFlags(c.options)], {
    ...c.files,
    ...traces,
  });
  const decisions = r.stdout
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as Record<string, unknown>);
  return { decisions, stderr: r.stderr };
}

const pickProfile = (o: Record<string, unknown> = {}) => (o.profile ? { profile: o.profile } : {});

describe('conformance through the CLI', () => {
  const cases = [...sharedCases(), ...ownCases()];
  it('finds the shared cases', () => {
    expect(sharedCases().length).toBeGreaterThanOrEqual(7);
  });
  it.each(cases.map((c) => [`${c.source}/${c.file}: ${c.case.name}`, c] as const))('%s', async (_n, lc) => {
    const out = await runCaseThroughCli(lc.case);
    if (lc.case.diagnostics) expect(out.codes).toEqual([...lc.case.diagnostics].sort());
    else expect(compareDecisions(out.decisions ?? [], lc.case.expect ?? []), out.stderr).toEqual([]);
  });
});
