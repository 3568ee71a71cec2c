/**
 * Comparing profiles: one trace under `spec` and `pattern`, the per-decision diff and the
 * documented reason of each difference (the case `pattern-profile-differences` as input).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadRuleFile } from '../../src/core/codecs/load.ts';
import { readCanonical } from '../../src/core/traces/index.ts';
import { compareProfiles, serializeProfileDiffEntry } from '../../src/core/simulator/compareProfiles.ts';
import { whatIf } from '../../src/core/simulator/whatIf.ts';

const c = JSON.parse(readFileSync('test/conformance/cases/pattern-profile-differences.case.json', 'utf8')) as { files: Record<string, string>; trace: string };
const agent = loadRuleFile('agent.toml', c.files['agent.toml'] ?? '').agents[0];
const items = readCanonical(c.trace);
const settings = { startConstraints: 'gate', exitRequirements: 'block' } as const;

describe('compareProfiles', () => {
  const { entries, summary } = compareProfiles(items, { agent, settings }, 'pattern');
  const at = (event: number) => entries.filter((e) => e.event === event);

  it('gives the same diff as the what-if of two whole runs', () => {
    const w = whatIf(items, { agent, settings }, { agent, settings: { ...settings, profile: 'pattern' } });
    expect(entries.map(({ cause: _c, reason: _r, ...e }) => e)).toEqual(w.diff.entries);
    expect(summary).toEqual({ profiles: ['spec', 'pattern'], changed: w.diff.changed, added: w.diff.added, removed: w.diff.removed, unchanged: w.diff.unchanged });
  });

  it('names the documented difference behind each entry', () => {
    expect(at(0).map((e) => e.cause)).toEqual(['start-gate']);
    expect(at(3).map((e) => e.cause)).toEqual(['prerequisites-message']);
    expect(at(6).map((e) => e.cause)).toEqual(['ordering-message']);
    expect(at(8).map((e) => [e.cause, e.before?.kind, e.after?.kind])).toEqual([['exclusive-group', 'blocked', 'allowed']]);
    expect(at(9).map((e) => [e.cause, e.before?.kind, e.after?.kind])).toEqual([['operations', 'blocked', 'allowed']]);
    expect(at(12).map((e) => [e.cause, e.why])).toEqual([['check-order', 'code PrerequisitesNotMet → CooldownActive; rule 2 → 3']]);
    expect(at(13).map((e) => [e.cause, e.before?.kind, e.after?.kind])).toEqual([['exit-requirements', 'exit_blocked', 'exit']]);
    expect(at(1).map((e) => [e.cause, e.fields])).toEqual([['continue-loop', ['flow']]]);
    expect(at(7)).toEqual([]);
  });

  it('reads the same the other way round', () => {
    const back = compareProfiles(items, { agent, settings: { ...settings, profile: 'pattern' } }, 'spec');
    expect(back.entries.map((e) => [e.event, e.cause])).toEqual(entries.map((e) => [e.event, e.cause]));
  });

  it('says a difference in a later call follows from an earlier one', () => {
    const a = loadRuleFile('a.toml', 'name = "a"\n[[tool_rules]]\ntool_name = "x"\nrule_type = { type = "AllowedOperations", value = ["r", "w"] }\npriority = 6\n[[tool_rules]]\ntool_name = "x"\nrule_type = { type = "AllowedOperations", value = ["r"] }\n[[tool_rules]]\ntool_name = "y"\nrule_type = { type = "RequiresPrecedingTools" }\nconditions = ["x"]\n').agents[0];
    const t = readCanonical('{"type":"tool_call","time":"2025-01-01T00:00:00Z","tool":"x","args":{"operation":"w"}}\n{"type":"tool_call","time":"2025-01-01T00:00:01Z","tool":"y"}\n');
    expect(compareProfiles(t, { agent: a }, 'pattern').entries.map((e) => [e.event, e.cause])).toEqual([
      [0, 'operations'],
      [1, 'earlier'],
    ]);
  });

  it('writes an entry as one JSON line with both decisions in stream key order', () => {
    const e = at(8)[0];
    if (!e) throw new Error('no entry');
    const line = serializeProfileDiffEntry(e, ['spec', 'pattern']);
    const o = JSON.parse(line) as Record<string, unknown>;
    expect(Object.keys(o)).toEqual(['event', 'position', 'change', 'profiles', 'cause', 'reason', 'why', 'fields', 'before', 'after']);
    expect(line).toContain('"after":{"seq":');
    expect(o['after']).toMatchObject({ kind: 'allowed', tool: 'draft' });
  });
});
