/**
 * A Claude Code settings file that is not strict JSON, as the studio's graph reads it (review 13,
 * item 2): the rules before the error are kept at their positions, while the file is still C001
 * (Claude Code ignores it) and the merged policy without `recover` has none of its rules.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadRuleFile } from '../../src/core/codecs/load.ts';
import { claudeRulesInOrder } from '../../src/core/graph/claudeGraph.ts';
import { mergeSettings } from '../../src/core/permissions/claude/settings.ts';
import { closedBefore } from '../../src/core/permissions/claude/recover.ts';

const SETTINGS = readFileSync('examples/claude-code-settings.json', 'utf8');
const rulesOf = (text: string) => {
  const agent = loadRuleFile('.claude/settings.json', text).agents[0];
  if (!agent) throw new Error('no agent');
  return claudeRulesInOrder(agent).map((r) => `${r.source.list} ${r.source.text} ${r.source.line}:${r.source.col}`);
};

describe('a half-written Claude Code settings file', () => {
  it('a rule half-typed in the allow list: the rules before it are kept, at their positions', () => {
    const all = rulesOf(SETTINGS);
    const text = SETTINGS.replace('"Bash(git status)",', '"Bash(git status)",\n      "Bash(git res');
    const kept = rulesOf(text);
    expect(kept.length).toBeGreaterThan(0);
    expect(kept).toEqual(all.filter((r) => r.startsWith('allow') && ['Bash(npm test *)', 'Bash(npm run lint)', 'Bash(git status)'].some((x) => r.includes(x))));
    const file = [{ scope: 'project' as const, path: '.claude/settings.json', text }];
    expect(mergeSettings(file).rules).toEqual([]);
    expect(mergeSettings(file, '/', { recover: true }).diagnostics.map((d) => d.code)).toEqual(['C001']);
  });

  it('text typed after the last brace: every rule is kept', () => {
    expect(rulesOf(`${SETTINGS.trimEnd()},\n  "permissions": { "allow": [`)).toEqual(rulesOf(SETTINGS));
  });

  it('cuts after the last complete element and closes what is open', () => {
    expect(closedBefore('{"a": [1, 2, {"b": tru', 1, 20)).toBe('{"a": [1, 2, {}]}');
    expect(closedBefore('{"a": [1, [2], 3 4]}', 1, 18)).toBe('{"a": [1, [2]]}');
    expect(closedBefore('{"a": ', 1, 7)).toBe('{}');
    expect(closedBefore('nope', 1, 1)).toBeUndefined();
  });
});
