/** The Policy view's worker service: a transcript's calls decided under settings, grouped by rule. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { decide, mergeSettings } from '../../src/core/permissions/claude/index.ts';
import { policyOf } from '../../src/worker/policyService.ts';

const settingsText = readFileSync('e2e/fixtures/claude-policy/settings.json', 'utf8');
const settings = [
  { scope: 'project' as const, path: '/project/.claude/settings.json', text: settingsText },
];
const session = (f: string) => ({
  name: f,
  text: readFileSync(`test/data/claude-transcripts/${f}`, 'utf8'),
});

describe('policyOf (the Policy view)', () => {
  it('decides every tool call of subagent.jsonl: totals and the rules that decided them', () => {
    const a = policyOf({ settings, sessions: [session('subagent.jsonl')] });
    expect(a.cwd).toBe('/project');
    expect(a.calls).toHaveLength(16);
    expect(a.report.totals).toEqual({ allow: 8, ask: 3, deny: 5 });
    const byRule = Object.fromEntries(
      a.report.rules.map((r) => [`${r.source.list} ${r.source.text}`, r.calls.length]),
    );
    expect(byRule).toMatchObject({
      'deny WebSearch': 5,
      'allow Bash(bd *)': 4,
      'allow Read': 2,
      'ask Bash(git push *)': 0,
    });
    // rules in evaluation order: deny, then ask, then allow
    expect(a.report.rules.map((r) => r.source.list)).toEqual([
      'deny',
      'deny',
      'ask',
      'allow',
      'allow',
      'allow',
      'allow',
    ]);
  });

  it('gives each call the decision decide gives it, with its session and position', () => {
    const a = policyOf({
      settings,
      sessions: [session('short.jsonl'), session('tool_heavy.jsonl')],
    });
    const policy = mergeSettings(settings, '/project');
    a.calls.forEach((c, i) =>
      expect(a.report.decisions[i]).toEqual(
        decide(policy, c.call, { cwd: '/project', home: '/home/user' }),
      ),
    );
    expect(a.calls.map((c) => `${c.session}#${c.index}`).slice(0, 3)).toEqual([
      'short.jsonl#0',
      'short.jsonl#1',
      'tool_heavy.jsonl#0',
    ]);
  });

  it('a session line that does not read is reported with its line, the others are decided', () => {
    const a = policyOf({
      settings,
      sessions: [{ name: 'bad.jsonl', text: '{not json' }, session('short.jsonl')],
    });
    expect(a.calls.length).toBe(2);
    expect(a.skipped).toHaveLength(1);
    expect(a.skipped[0]?.name).toBe('bad.jsonl');
    expect(a.skipped[0]?.reason).toMatch(/line 1/);
  });
});
