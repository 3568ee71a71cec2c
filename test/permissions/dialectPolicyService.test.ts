/**
 * The Codex and Gemini CLI Policy views' work and Translate's, as the policy worker runs it: the
 * answers are the core's, they survive the structured clone that carries them to the page, and a
 * session's text sent once (by any kind of job) is held by name for the next jobs.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { codexPolicyReport, codexWhatIf } from '../../src/core/permissions/codex/policyReport.ts';
import { geminiPolicyReport } from '../../src/core/permissions/gemini/policyReport.ts';
import { codexReportOf, codexWhatIfOf, geminiReportOf, geminiWhatIfOf, translateOf } from '../../src/worker/dialectPolicyService.ts';
import { policyOf } from '../../src/worker/policyService.ts';

const codexFiles = [{ path: 'codex-default.rules', text: readFileSync('examples/codex-default.rules', 'utf8') }];
const codexSession = { name: 'codex-session.jsonl', text: readFileSync('examples/traces/codex-session.jsonl', 'utf8') };
const geminiFiles = [
  { path: 'admin/org.toml', text: readFileSync('examples/gemini-policies/admin/org.toml', 'utf8'), tier: 'admin' as const },
  { path: 'user/dev.toml', text: readFileSync('examples/gemini-policies/user/dev.toml', 'utf8'), tier: 'user' as const },
];
const geminiTrace = { name: 'calls.jsonl', text: readFileSync('examples/gemini-policies/calls.jsonl', 'utf8') };

describe('the dialect policy service (policy worker)', () => {
  it("answers as the core does, in plain data that survives the worker's structured clone", () => {
    const codex = codexReportOf({ files: codexFiles, sessions: [codexSession] });
    expect(codex).toEqual(codexPolicyReport(codexFiles, [codexSession]));
    expect(codex.calls.length).toBeGreaterThan(0);
    expect(structuredClone(codex)).toEqual(codex);
    const gemini = geminiReportOf({ files: geminiFiles, sessions: [geminiTrace] });
    expect(gemini).toEqual(geminiPolicyReport(geminiFiles, [geminiTrace]));
    expect(gemini.totals).toMatchObject({ allow: 3, deny: 2 });
    expect(structuredClone(gemini)).toEqual(gemini);
  });

  it('what-if of an edit: the decisions that change, or the refusal', () => {
    const rule = codexReportOf({ files: codexFiles, sessions: [codexSession] }).rules[0]!;
    const edited = [{ ...codexFiles[0]!, text: codexFiles[0]!.text.slice(0, rule.start) + 'prefix_rule(pattern = ["git"], decision = "forbidden")' + codexFiles[0]!.text.slice(rule.end) }];
    const answer = codexWhatIfOf({ files: codexFiles, edited, sessions: [codexSession] });
    expect(answer).toEqual(codexWhatIf(codexFiles, edited, [codexSession]));
    expect(structuredClone(answer)).toEqual(answer);
    const broken = geminiWhatIfOf({ files: geminiFiles, edited: [{ ...geminiFiles[0]!, text: '[[rule]]\ndecision = "maybe"\n' }, geminiFiles[1]!], sessions: [geminiTrace] });
    expect(broken.refused || broken.diagnostics.some((d) => d.severity === 'error')).toBe(true);
  });

  it('a text sent by one kind of job is held for the others; a session left out is forgotten', () => {
    policyOf({ settings: [], sessions: [codexSession] });
    expect(codexReportOf({ files: codexFiles, sessions: [{ name: codexSession.name }] })).toEqual(codexPolicyReport(codexFiles, [codexSession]));
    geminiReportOf({ files: geminiFiles, sessions: [geminiTrace] });
    expect(() => codexReportOf({ files: codexFiles, sessions: [{ name: codexSession.name }] })).toThrow(/was not sent to the policy worker/);
  });

  it('translates Codex rules to Gemini CLI and compares the two on the sessions’ shell commands', () => {
    const answer = translateOf({ source: { dialect: 'codex', files: codexFiles }, to: 'gemini', file: 'translated.toml', sessions: [codexSession] });
    expect(answer.translation).toMatchObject({ from: 'codex', to: 'gemini' });
    expect(answer.translation.text).toContain('[[rule]]');
    expect(answer.comparison.commands).toBeGreaterThan(0);
    expect(answer.comparison.same + answer.comparison.differences.length).toBe(answer.comparison.commands);
    expect(structuredClone(answer)).toEqual(answer);
    expect(() => translateOf({ source: { dialect: 'codex', files: codexFiles }, to: 'codex', file: 'x.rules', sessions: [] })).toThrow(/no translation from codex to codex/);
  });
});
