/** The Policy view's worker service: a transcript's calls decided under settings, grouped by rule. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { decide, mergeSettings } from '../../src/core/permissions/claude/index.ts';
import { replaceRuleAt } from '../../src/core/permissions/claude/settingsEdit.ts';
import { totalsAfter } from '../../src/core/permissions/claude/policyReport.ts';
import { learnOf, policyOf, whatIfOf } from '../../src/worker/policyService.ts';

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

describe('whatIfOf (the Policy view’s what-if)', () => {
  it('narrowing Bash(bd *) to Bash(bd dep *): the three bd create calls go to ask, bd dep keeps allow by the new rule', () => {
    const sessions = [session('subagent.jsonl')];
    const edited = replaceRuleAt(settingsText, 3, 15, 'Bash(bd dep *)');
    expect(edited).toContain('"allow": ["Bash(bd dep *)", "Read"');
    const draft = [{ ...settings[0]!, text: edited! }];
    const w = whatIfOf({ settings, sessions, draft });
    expect(w.calls).toBe(16);
    expect(
      w.changes.map((c) => [
        c.before.decision,
        c.before.rule?.text,
        c.after.decision,
        c.after.rule?.text,
      ]),
    ).toEqual([
      ['allow', 'Bash(bd *)', 'ask', undefined],
      ['allow', 'Bash(bd *)', 'ask', undefined],
      ['allow', 'Bash(bd *)', 'ask', undefined],
      ['allow', 'Bash(bd *)', 'allow', 'Bash(bd dep *)'],
    ]);
    // each change is what decide gives under each policy
    const before = policyOf({ settings, sessions });
    const after = policyOf({ settings: draft, sessions });
    for (const c of w.changes) {
      expect(c.before).toEqual(before.report.decisions[c.index]);
      expect(c.after).toEqual(after.report.decisions[c.index]);
    }
    expect(totalsAfter(before.report.totals, w.changes)).toEqual(after.report.totals);
  });

  it('an edit that changes no decision reports none', () => {
    const draft = [{ ...settings[0]!, text: replaceRuleAt(settingsText, 3, 37, 'Glob')! }];
    expect(whatIfOf({ settings, sessions: [session('subagent.jsonl')], draft }).changes).toEqual(
      [],
    );
  });
});

describe('learnOf (Learn in the Policy view)', () => {
  it('proposes rules for the prompted calls, with counts and risks, and the settings text with them added', () => {
    const l = learnOf({ settings, sessions: [session('subagent.jsonl')] });
    expect(l.learned.proposals.map((p) => [p.rule, p.calls, p.risk])).toEqual([
      ['Edit(//home/marco/projects/spotter/**)', 1, 'local write'],
      ['ExitPlanMode', 1, 'runs arbitrary code'],
      ['WebFetch(domain:github.com)', 1, 'network'],
    ]);
    expect(l.target?.path).toBe('/project/.claude/settings.json');
    expect(l.target?.before).toBe(settingsText);
    // only the allow array's line changes; the rest of the file is byte for byte the same
    const changed = l
      .target!.after.split('\n')
      .filter((line, i) => line !== settingsText.split('\n')[i]);
    expect(changed).toEqual([
      '    "allow": ["Bash(bd *)", "Read", "Grep", "WebFetch(domain:hex.pm)", "Edit(//home/marco/projects/spotter/**)", "ExitPlanMode", "WebFetch(domain:github.com)"],',
    ]);
  });

  it('never proposes what the deny rules close: with the proposals applied, no denied call changes decision', () => {
    for (const f of ['subagent.jsonl', 'tool_heavy.jsonl', 'short.jsonl']) {
      const sessions = [session(f)];
      const l = learnOf({ settings, sessions });
      expect(l.learned.proposals.map((p) => p.rule)).not.toContain('WebSearch');
      const after = [{ ...settings[0]!, text: l.target!.after }];
      const w = whatIfOf({ settings, sessions, draft: after });
      expect(w.changes.filter((c) => c.before.decision === 'deny')).toEqual([]);
      expect(
        w.changes.every((c) => c.before.decision === 'ask' && c.after.decision === 'allow'),
      ).toBe(true);
    }
  });
});

describe('the service’s session cache', () => {
  it('a session named without its text is the one last sent under that name; an unknown name is an error', () => {
    const sent = policyOf({ settings, sessions: [session('subagent.jsonl')] });
    const named = policyOf({ settings, sessions: [{ name: 'subagent.jsonl' }] });
    expect(named.report).toEqual(sent.report);
    expect(() => policyOf({ settings, sessions: [{ name: 'never-sent.jsonl' }] })).toThrow(
      /never-sent\.jsonl was not sent/,
    );
  });
});
