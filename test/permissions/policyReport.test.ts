/** The policy view's data: rules in evaluation order with the calls each decided, totals, and the what-if of an edit. */
import { describe, expect, it } from 'vitest';
import { policyReport, whatIf } from '../../src/core/permissions/claude/index.ts';
import type { ToolCallInput } from '../../src/core/permissions/claude/index.ts';
import { CTX, policy } from './helpers.ts';

const calls: ToolCallInput[] = [
  { name: 'Bash', input: { command: 'npm test' } },
  { name: 'Bash', input: { command: 'npm test && npm run build' } },
  { name: 'Bash', input: { command: 'git push origin main' } },
  { name: 'Read', input: { file_path: '/work/project/.env' } },
  { name: 'Read', input: { file_path: '/work/project/src/a.ts' } },
];

const lists = {
  allow: ['Bash(npm test *)', 'Read(./.env)'],
  ask: ['Bash(git push *)'],
  deny: ['Read(./.env)'],
};

describe('policyReport', () => {
  const r = policyReport(policy(lists), calls, CTX);

  it('lists the rules deny → ask → allow, each with its file and position', () => {
    expect(r.rules.map((x) => `${x.source.list} ${x.source.text}`)).toEqual([
      'deny Read(./.env)',
      'ask Bash(git push *)',
      'allow Bash(npm test *)',
      'allow Read(./.env)',
    ]);
    expect(r.rules[0]?.source.file).toBe('/work/project/.claude/settings.json');
  });

  it('counts the calls each rule decided; an allow swallowed by a deny decides none', () => {
    expect(r.rules.map((x) => x.calls)).toEqual([[3], [2], [0], []]);
  });

  it('`npm test && npm run build` is not decided by `Bash(npm test *)`: it falls to the default', () => {
    expect(r.byDefault).toEqual([1, 4]);
    expect(r.decisions[1]?.decision).toBe('ask');
  });

  it('totals allow / ask / deny over every call', () =>
    expect(r.totals).toEqual({ allow: 2, ask: 2, deny: 1 }));
});

describe('whatIf', () => {
  it('an edited rule shows every decision it changes, before → after, and nothing else', () => {
    const after = policy({
      ...lists,
      allow: ['Bash(npm test *)', 'Bash(npm run build)', 'Read(./.env)'],
    });
    const changes = whatIf(policy(lists), after, calls, CTX);
    expect(
      changes.map((c) => [c.index, c.before.decision, c.after.decision, c.after.rule?.text]),
    ).toEqual([[1, 'ask', 'allow', 'Bash(npm test *)']]);
  });

  it('the same policy changes nothing', () =>
    expect(whatIf(policy(lists), policy(lists), calls, CTX)).toEqual([]));

  it('a rule whose text changes but whose outcome stays is a change of deciding rule', () => {
    const after = policy({ ...lists, ask: ['Bash(git push:*)'] });
    const [c] = whatIf(policy(lists), after, calls, CTX);
    expect([c?.index, c?.before.rule?.text, c?.after.rule?.text]).toEqual([
      2,
      'Bash(git push *)',
      'Bash(git push:*)',
    ]);
  });
});
