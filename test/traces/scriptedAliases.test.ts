/**
 * YAML aliases in scripted traces: `*a` is the value anchored `&a`, as the scripted-trace schema
 * (and every YAML reader) takes it. The reader walked the YAML nodes and saw the alias itself, so
 * `to: *name` was "expected string, received Alias" and `args: *shared` "expected record"; found
 * by the schema-versus-reader property at seed 10052682.
 */
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { MAX_SCRIPTED_VALUES, readScripted } from '../../src/core/traces/scripted.ts';
import { ScriptedTrace } from '../../src/core/schema/scriptedTrace.ts';
import { parseTestFile } from '../../src/core/tests/parse.ts';
import { setUpTest } from '../../src/core/tests/setup.ts';
import type { TraceItem } from '../../src/core/traces/events.ts';

const START = "start: '2025-01-01T10:00:00Z'\n";
const events = (items: TraceItem[]) => items.map((i) => (i.kind === 'event' ? i.event : { error: i.message, line: i.line }));
const same = (withAliases: string, written: string) => expect(events(readScripted(START + withAliases))).toEqual(events(readScripted(START + written)));

describe('a scripted trace with YAML aliases reads as the same trace written out', () => {
  it('an alias to a scalar, a list, a mapping, a whole step, and one inside a mapping', () => {
    same('steps:\n  - next: &p review\n  - next: *p\n', 'steps:\n  - next: review\n  - next: review\n');
    same('steps:\n  - next: &a1 []\n    force: *a1\n', 'steps:\n  - next: []\n    force: []\n');
    same('steps:\n  - call: a\n    args: &x {k: v}\n  - call: b\n    args: *x\n', 'steps:\n  - call: a\n    args: {k: v}\n  - call: b\n    args: {k: v}\n');
    same('steps:\n  - &s {call: a, after: 5s}\n  - *s\n', 'steps:\n  - {call: a, after: 5s}\n  - {call: a, after: 5s}\n');
    same('steps:\n  - call: a\n    args: &x {k: v}\n  - call: b\n    args: {nested: *x, n: 1}\n', 'steps:\n  - call: a\n    args: {k: v}\n  - call: b\n    args: {nested: {k: v}, n: 1}\n');
    same('steps:\n  - call: a\n    after: &t 1m30s\n  - call: b\n    after: *t\n', 'steps:\n  - call: a\n    after: 1m30s\n  - call: b\n    after: 1m30s\n');
    const read = readScripted(START + 'steps:\n  - call: a\n    args: &x {k: v}\n  - call: b\n    args: {nested: *x}\n');
    expect(read.map((i) => i.kind)).toEqual(['event', 'event']);
    expect(JSON.stringify(read[1])).toContain('"nested":{"k":"v"}');
  });

  it('agrees with the schema on them', () => {
    for (const text of ['steps:\n  - next: &a1 []\n    force: *a1\n', 'steps:\n  - next: &a1 x\n    to: *a1\n', 'steps:\n  - &s {call: a}\n  - *s\n']) {
      expect(readScripted(START + text).every((i) => i.kind === 'event'), text).toBe(true);
      expect(ScriptedTrace.safeParse(parse(START + text)).success, text).toBe(true);
    }
  });

  it('refuses aliases that repeat a big list past the value budget, at the step that does, without expanding them', () => {
    const items = Array.from({ length: 2_000 }, (_, i) => i).join(', ');
    const steps = Array.from({ length: 999 }, () => '  - call: b\n    args: {list: *big}\n').join('');
    const read = readScripted(`${START}steps:\n  - call: a\n    args: {list: &big [${items}]}\n${steps}`);
    expect(read).toHaveLength(1);
    const error = read[0]!;
    if (error.kind !== 'error') throw new Error('read as events');
    const step = Number(/^line \d+: step (\d+): the trace expands to more than 1,000,000 values through its YAML aliases/.exec(error.message)?.[1]);
    // Each step repeats the 2,000-item list: the budget runs out about halfway through the 1,000 steps.
    expect(step).toBeGreaterThan(MAX_SCRIPTED_VALUES / 2_010);
    expect(step).toBeLessThan(MAX_SCRIPTED_VALUES / 1_990);
    expect(error.line).toBe(3 + 2 * (step - 1));
  });

  it('says where an alias names no anchor', () => {
    const read = readScripted(`${START}steps:\n  - call: a\n  - call: b\n    args: *nowhere\n`);
    expect(read).toHaveLength(1);
    expect(read[0]).toMatchObject({ kind: 'error', line: 5 });
  });

  it('an inline trace of a rule-set test reads its aliases too', () => {
    const text = [
      'rules: agent.toml',
      'tests:',
      '  - name: aliased',
      '    trace:',
      "      start: '2025-01-01T10:00:00Z'",
      '      steps:',
      '        - call: &tool a',
      '        - call: *tool',
      '    expect:',
      '      - { step: 2, decision: allowed, tool: a }',
      '',
    ].join('\n');
    const parsed = parseTestFile('aliases.test.yaml', text);
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems));
    const setup = setUpTest(parsed.parsed, 0, { readFile: () => ({ ok: true as const, text: 'name = "x"\ntools = ["a"]\n' }) });
    if (!setup.ok) throw new Error(setup.errors.join('; '));
    expect(setup.items.map((i) => (i.kind === 'event' && i.event.type === 'tool_call' ? i.event.tool : i.kind))).toEqual(['a', 'a']);
  });
});
