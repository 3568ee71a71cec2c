/**
 * A `.rules` file that does not read, as the studio reads it (review 13, item 2): with `recover`,
 * the rules that read are kept and each broken statement is an error marked `dropped` at its
 * line:col; the load is still `refused`, as Codex refuses the file. Without it (the CLI), nothing
 * changes: the first error only.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadCodexRules } from '../../src/core/permissions/codex/policy.ts';

const EXAMPLE = readFileSync('examples/codex-default.rules', 'utf8');
const patterns = (text: string) => loadCodexRules([{ path: 'a.rules', text }], { recover: true }).policy.rules.map((r) => [r.program, ...r.rest.map((a) => a.join('|'))].join(' '));
const errors = (text: string) => loadCodexRules([{ path: 'a.rules', text }], { recover: true }).diagnostics.map((d) => `${d.code} ${d.range.start.line}:${d.range.start.column} ${d.dropped ?? ''}`);

describe('reading what reads of a .rules file', () => {
  it('a rule half-typed at the end: the six rules before it are kept (the review\'s steps)', () => {
    const text = `${EXAMPLE}\nprefix_rule(pattern=["git", "reset"`;
    const load = loadCodexRules([{ path: 'a.rules', text }], { recover: true });
    expect(load.refused).toBe(true);
    expect(new Set(load.policy.rules.map((r) => r.call)).size).toBe(6);
    expect(errors(text)).toEqual(['K001 25:36 rule']);
    // The CLI reads as Codex does: the file is refused, no rule kept, the first error only.
    const strict = loadCodexRules([{ path: 'a.rules', text }]);
    expect(strict.policy.rules).toEqual([]);
    expect(strict.diagnostics.map((d) => [d.code, d.dropped])).toEqual([['K001', undefined]]);
  });

  it('an unclosed call in the middle: the rules before and after it are kept', () => {
    const text = 'prefix_rule(pattern = ["ls"])\nprefix_rule(pattern = ["git", "reset"\n\nprefix_rule(pattern = ["cat"])\nprefix_rule(pattern = ["pwd"])\n';
    expect(patterns(text)).toEqual(['ls', 'cat', 'pwd']);
    expect(errors(text)).toEqual(['K001 4:1 rule']);
  });

  it('a statement spread over lines, broken: its lines go together', () => {
    const text = 'prefix_rule(\n    pattern = ["git", "push"],\n    decision = "prompt"\n    justification = "x",\n)\nprefix_rule(pattern = ["cat"])\n';
    expect(patterns(text)).toEqual(['cat']);
    expect(errors(text)).toEqual(['K001 4:5 rule']);
  });

  it('an unterminated string, and a bad character: each statement left out, the rest kept', () => {
    const text = 'prefix_rule(pattern = ["ls"])\nprefix_rule(pattern = ["git", "sta)\nprefix_rule(pattern = ["cat"])\nprefix_rule(pattern = ["rm"]) $\nprefix_rule(pattern = ["pwd"])\n';
    expect(patterns(text)).toEqual(['ls', 'cat', 'pwd']);
    expect(errors(text)).toEqual(['K001 2:31 rule', 'K001 4:31 rule']);
  });

  it('a rule Codex refuses when it runs (an empty pattern): the rules after it are kept', () => {
    const text = 'prefix_rule(pattern = ["ls"])\nprefix_rule(pattern = [])\nprefix_rule(pattern = ["cat"], decision = "deny")\nprefix_rule(pattern = ["pwd"])\n';
    expect(patterns(text)).toEqual(['ls', 'pwd']);
    expect(errors(text)).toEqual(['K010 2:1 rule', 'K011 3:1 rule']);
  });

  it('a broken def block goes whole; a file of broken lines ends', () => {
    expect(patterns('def f(x:\n    return x\nprefix_rule(pattern = ["ls"])\n')).toEqual(['ls']);
    const junk = Array.from({ length: 200 }, (_, i) => `rule${i}(`).join('\n');
    const load = loadCodexRules([{ path: 'a.rules', text: `prefix_rule(pattern = ["ls"])\n${junk}` }], { recover: true });
    expect(load.policy.rules.map((r) => r.program)).toEqual(['ls']);
    expect(load.diagnostics.length).toBeLessThanOrEqual(20);
  });

  it('a file that reads is read as without recover', () => {
    const a = loadCodexRules([{ path: 'a.rules', text: EXAMPLE }], { recover: true });
    const b = loadCodexRules([{ path: 'a.rules', text: EXAMPLE }]);
    expect(a.policy.rules).toEqual(b.policy.rules);
    expect(a.diagnostics).toEqual(b.diagnostics);
    expect(a.refused).toBe(false);
  });
});
