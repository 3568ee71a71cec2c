/** The Codex side of the Policy view, the graph and the gallery example (issue 24). */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { callRangeAt, codexPolicyReport, codexWhatIf, replaceCodexRuleAt } from '../../src/core/permissions/codex/policyReport.ts';
import { codexGraph } from '../../src/core/graph/codexGraph.ts';
import { agentToolGraph } from '../../src/core/graph/agentToolGraph.ts';
import { loadRuleFile } from '../../src/core/codecs/load.ts';
import { checkLoadedFile } from '../../src/core/check.ts';

const example = (p: string) => readFileSync(new URL(`../../examples/${p}`, import.meta.url), 'utf8');
const RULES = example('codex-default.rules');
const SESSION = { name: 'codex-session.jsonl', text: example('traces/codex-session.jsonl') };
const files = [{ path: 'codex-default.rules', text: RULES }];

describe('callRangeAt / replaceCodexRuleAt', () => {
  it('spans a prefix_rule call over lines, past parentheses in strings and comments', () => {
    const text = 'x = 1\nprefix_rule(\n  pattern = ["a", ")"],  # ) here\n  justification = "(",\n)\nprefix_rule(pattern = ["b"])\n';
    const r = callRangeAt(text, 2, 1);
    expect(text.slice(r?.start, r?.end)).toBe('prefix_rule(\n  pattern = ["a", ")"],  # ) here\n  justification = "(",\n)');
    expect(replaceCodexRuleAt(text, 6, 1, 'prefix_rule(pattern = ["c"])')).toBe(text.replace('["b"]', '["c"]'));
    expect(callRangeAt(text, 1, 1)).toBeUndefined();
  });
});

describe('codexPolicyReport', () => {
  it('the gallery: one row per prefix_rule with its counts, totals, the classic mistakes flagged', () => {
    const r = codexPolicyReport(files, [SESSION]);
    expect(r.refused).toBe(false);
    expect(r.rules.map((x) => [x.decision, x.pattern, x.line, x.matched.length, x.decided.length])).toEqual([
      ['allow', 'git [status|diff|log|show]', 4, 2, 2],
      ['prompt', 'git push', 12, 1, 1],
      ['forbidden', 'rm -rf', 15, 1, 1],
      ['allow', 'python3', 18, 1, 1],
      ['allow', 'npm [test|run]', 20, 1, 1],
      ['allow', 'npm test', 23, 1, 1],
    ]);
    expect(r.rules[1]?.text).toBe('prefix_rule(pattern = ["git", "push"], decision = "prompt", justification = "publishing needs a look")');
    expect(r.totals).toEqual({ allow: 4, prompt: 1, forbidden: 1, none: 2 });
    expect(r.calls.filter((c) => c.agreement === 'differs').map((c) => c.call.line)).toEqual([18]);
    expect(r.diagnostics.map((d) => [d.code, d.range.start.line])).toEqual([
      ['K032', 18],
      ['K030', 23],
    ]);
  });

  it('reads a command script as a session; a Claude transcript is skipped with why', () => {
    const r = codexPolicyReport(files, [
      { name: 'cmds.txt', text: 'rm -r -f build\ngit status\n' },
      { name: 'claude.jsonl', text: '{"type":"user","message":{"role":"user","content":"hi"}}\n' },
    ]);
    expect(r.calls.map((c) => [c.session, c.decision ?? null])).toEqual([
      ['cmds.txt', null],
      ['cmds.txt', 'allow'],
    ]);
    expect(r.skipped.map((s) => s.name)).toEqual(['claude.jsonl']);
  });
});

describe('codexWhatIf', () => {
  it('widening the rm rule to every rm forbids the `rm -fr` call that ran', () => {
    const edited = [{ path: 'codex-default.rules', text: replaceCodexRuleAt(RULES, 15, 1, 'prefix_rule(pattern = ["rm"], decision = "forbidden")') as string }];
    const w = codexWhatIf(files, edited, [SESSION]);
    expect(w.refused).toBe(false);
    expect(w.changes).toEqual([{ call: 2, after: 'forbidden' }]);
  });
  it('an edit Codex refuses says so, with the error', () => {
    const edited = [{ path: 'codex-default.rules', text: replaceCodexRuleAt(RULES, 15, 1, 'prefix_rule(pattern = ["rm"], decision = "deny")') as string }];
    const w = codexWhatIf(files, edited, [SESSION]);
    expect([w.refused, w.diagnostics[0]?.code]).toEqual([true, 'K011']);
  });
});

describe('codexGraph and the .rules codec', () => {
  it('a .rules file loads as a codex agent; its graph has one node per program with its rules as badges', () => {
    const f = loadRuleFile('codex-default.rules', RULES);
    const agent = f.agents[0];
    expect(agent?.family).toBe('codex');
    const g = agentToolGraph(agent!, checkLoadedFile(f));
    expect(g).toEqual(codexGraph(agent!, checkLoadedFile(f)));
    expect(g.edges).toEqual([]);
    expect(g.nodes.map((n) => [n.id, n.badges.map((b) => `${b.kind}:${b.text}`), n.rules])).toEqual([
      ['git', ['allow:allow [status|diff|log|show]', 'ask:prompt push'], [0, 1]],
      ['rm', ['deny:forbidden -rf'], [2]],
      ['python3', ['allow:allow any call'], [3]],
      ['npm', ['allow:allow [test|run]', 'allow:allow test'], [4, 5]],
    ]);
    expect(g.nodes.find((n) => n.id === 'python3')?.problems[0]).toMatch(/^K032/);
  });
  it('a file Codex refuses: its K0xx error at line:col from the check', () => {
    const f = loadRuleFile('bad.rules', 'prefix_rule(pattern = ["git"], decision = "deny")\n');
    expect(checkLoadedFile(f).map((d) => [d.code, d.severity, d.range.start.line, d.range.start.column])).toEqual([['K011', 'error', 1, 1]]);
  });
});
