import { describe, expect, it } from 'vitest';
import { MAX_SCRIPTED_EVENTS, readScripted, scriptedItems } from '../../src/core/traces/scripted.ts';
import { parseDuration } from '../../src/core/traces/scriptedDuration.ts';
import { estimateTraceItems } from '../../src/core/traces/estimate.ts';
import { at, call, errorsOf, eventsOf, fixture } from './helpers.ts';

describe('readScripted', () => {
  it('compiles every action of a realistic scenario on the virtual clock', () => {
    const items = readScripted(fixture('scenario.yaml'), 'scenario.yaml');
    expect(errorsOf(items)).toEqual([]);
    const t0 = at('2025-01-01T10:00:00Z');
    const s = (sec: number) => t0 + sec * 1000;
    expect(eventsOf(items)).toEqual([
      { type: 'workflow_start', time: s(0) },
      call(s(0), 'load_data'),
      call(s(5), 'validate', { outcome: 'error' }),
      call(s(5), 'process', { args: { batch: 1 } }),
      call(s(35), 'process', { args: { batch: 1 } }),
      call(s(65), 'process', { args: { batch: 1 } }),
      call(s(65), 'file', {
        args: { operation: 'patch', path: 'a.txt' },
        consent: 'deny',
        duration_ms: 1500,
        tokens: { input: 800, output: 700 },
      }),
      { type: 'command', time: s(185), command: 'cargo build', tool: 'Bash' },
      { type: 'file_edit', time: s(185), path: 'src/main.rs', tool: 'Write' },
      { type: 'tokens', time: s(185), input: 800, output: 700, cache_read: 100 },
      { type: 'next', time: s(185), claims: ['code_complete'], force: ['token_budget'] },
      { type: 'continue', time: s(185) },
      { type: 'repeat', time: s(185) },
      { type: 'process_start', time: s(185) },
      { type: 'batch_start', time: s(185) },
      { type: 'commit', time: s(185), hash: 'a1b2c3d', message: 'fix parser' },
      { type: 'next', time: s(3785), claims: ['review_complete'], to: 'review' },
      { type: 'model_end', time: s(3785), tokens: { input: 10, output: 2 } },
    ]);
  });

  it('starts at 1970-01-01T00:00:00Z by default and accepts a bare list of steps', () => {
    expect(eventsOf(readScripted('- call: a\n- call: b\n  after: 250\n'))).toEqual([call(0, 'a'), call(250, 'b')]);
    expect(eventsOf(readScripted('steps:\n  - end: true\n'))).toEqual([{ type: 'model_end', time: at('1970-01-01T00:00:00Z') }]);
  });

  it('keeps a numeric-looking commit hash as written', () => {
    expect(eventsOf(readScripted('steps:\n  - commit: 0012345\n'))).toEqual([{ type: 'commit', time: 0, hash: '0012345' }]);
  });

  it.each([
    ['steps:\n  - call: a\n    colour: red\n', 2, "line 2: step 1: unknown key 'colour' (a 'call' step takes after, args, outcome, output, consent, duration, duration_ms, tokens, id, repeat, every)"],
    ['steps:\n  - call: a\n    bash: ls\n', 2, "line 2: step 1: two action keys 'call' and 'bash': a step does one thing"],
    ['steps:\n  - tokens: {input: 1, output: 1}\n    repeat: true\n', 2, "line 2: step 1: two action keys 'tokens' and 'repeat': a step does one thing"],
    ['steps:\n  - bash: ls\n    tokens: {input: 1, output: 1}\n', 2, "line 2: step 1: two action keys 'bash' and 'tokens': a step does one thing"],
    ['steps:\n  - cal: load\n', 2, "line 2: step 1: unknown key 'cal' (did you mean 'call'?): a step needs one action key, one of call, bash, edit, tokens, next, continue, repeat, heartbeat, batch, end, workflow_start, commit"],
    ['steps:\n  - after: 5s\n', 2, 'line 2: step 1: no action key (expected one of call, bash, edit, tokens, next, continue, repeat, heartbeat, batch, end, workflow_start, commit)'],
    ['steps:\n  - call: a\n    force: true\n', 2, "line 2: step 1: key 'force' does not apply to a 'call' step"],
    ['steps:\n  - {call: a, call: b}\n', 2, "line 2: step 1: key 'call' appears twice"],
    ['steps:\n  - call: a\n    after: 5 sec\n', 2, "line 2: step 1: after: '5 sec' is not a duration (use 500ms, 5s, 2m, 1h, or a number of milliseconds)"],
    ['steps:\n  - call: a\n    after: -5\n', 2, 'line 2: step 1: after: -5 is not a duration (use 500ms, 5s, 2m, 1h, or a number of milliseconds)'],
    ['steps:\n  - call: a\n    every: 5s\n', 2, "line 2: step 1: 'every' needs 'repeat' (the number of calls)"],
    ['steps:\n  - call: a\n    repeat: 0\n', 2, 'line 2: step 1: repeat: expected a whole number from 1 to 100000, got 0'],
    ['steps:\n  - call: a\n    duration: 1s\n    duration_ms: 5\n', 2, "line 2: step 1: use either 'duration' or 'duration_ms', not both"],
    ['steps:\n  - call: a\n    outcome: failed\n', 2, 'line 2: step 1: field \'outcome\': expected one of "ok"|"error"'],
    ['steps:\n  - call:\n', 2, "line 2: step 1: 'call' needs a tool name"],
    ['steps:\n  - continue: false\n', 2, "line 2: step 1: 'continue' expects true"],
    ['steps:\n  - tokens: {input: 5}\n', 2, "line 2: step 1: missing field 'output'"],
    ['steps:\n  - next: {a: 1}\n', 2, "line 2: step 1: 'next' expects a list of claims"],
    ['steps:\n  - just a string\n', 2, 'line 2: step 1: expected a mapping with one action key'],
    ['steps: 5\n', 1, 'line 1: steps: expected a list of steps'],
    ['start: 2025-01-01T10:00:00\nsteps: []\n', 1, "line 1: start: time '2025-01-01T10:00:00' has no offset (add Z or ±HH:MM)"],
    ['stpes: []\n', 1, "line 1: unknown key 'stpes' (expected start, steps)"],
    ['steps: [\n', 2, 'line 2: YAML syntax error: Flow sequence in block collection must be sufficiently indented and end with a ]'],
  ])('reports %j as an error naming the step and its line', (text, line, message) => {
    const items = readScripted(text, 't.yaml');
    expect(items).toEqual([{ kind: 'error', line, message, file: 't.yaml' }]);
  });

  it('names the right step and line among several, keeps the good steps and leaves the clock alone', () => {
    const text = ['start: 2025-01-01T10:00:00Z', 'steps:', '  - call: a', '  - call: b', '    after: 1m', '    wat: 1', '  - call: c', '    after: 10s'].join('\n');
    const items = readScripted(text);
    expect(items).toEqual([
      { kind: 'event', event: call(at('2025-01-01T10:00:00Z'), 'a'), line: 3 },
      { kind: 'error', line: 4, message: expect.stringMatching(/^line 4: step 2: unknown key 'wat'/) as unknown as string },
      { kind: 'event', event: call(at('2025-01-01T10:00:10Z'), 'c'), line: 7 },
    ]);
  });
});

describe('the scripted event budget', () => {
  /** `n` steps of `repeat` identical calls each. */
  const repeated = (n: number, repeat: number) =>
    `steps:\n  - batch: true\n${Array.from({ length: n }, (_, i) => `  - {call: t${i}, repeat: ${repeat}, every: 1ms}`).join('\n')}\n`;

  it('refuses a trace whose repeats add up past the budget, naming the step and line that cross it', () => {
    const items = readScripted(repeated(1000, 100_000), 'flood.yaml');
    expect(items).toEqual([
      {
        kind: 'error',
        line: 12,
        file: 'flood.yaml',
        message:
          'line 12: step 11 (repeat: 100000) takes the trace to 1,000,001 events, past the budget of 1,000,000 for a scripted trace; ' +
          'nothing of this trace was replayed (lower the repeat counts or split the trace)',
        refused: true,
      },
    ]);
  });

  it('expands a trace of exactly the budget, each repeat one `every` later', () => {
    expect(MAX_SCRIPTED_EVENTS).toBe(1_000_000);
    const items = [...scriptedItems(repeated(3, 5), undefined, 16)];
    expect(errorsOf(items)).toEqual([]);
    const events = eventsOf(items);
    expect(events).toHaveLength(16);
    expect(events.slice(1, 7).map((e) => [e.type === 'tool_call' && e.tool, e.time])).toEqual([
      ['t0', 0], ['t0', 1], ['t0', 2], ['t0', 3], ['t0', 4], ['t1', 4],
    ]);
    expect(readScripted(repeated(3, 5)).length).toBe(16);
    expect([...scriptedItems(repeated(3, 5), undefined, 15)]).toMatchObject([{ kind: 'error', line: 5 }]);
  });

  it('expands lazily: the first item comes before the later steps are expanded', () => {
    const stream = scriptedItems(repeated(9, 100_000));
    const first = stream.next();
    expect(first.value).toMatchObject({ kind: 'event', event: { type: 'batch_start' } });
    expect(stream.next().value).toMatchObject({ kind: 'event', event: { tool: 't0', time: 0 } });
    stream.return(undefined);
  });
});

describe('parseDuration', () => {
  it.each([
    ['500ms', 500],
    ['5s', 5000],
    ['2m', 120_000],
    ['1h', 3_600_000],
    ['1m30s', 90_000],
    ['1h 15m', 4_500_000],
    ['1.5s', 1500],
    ['1.1s', 1100],
    [250, 250],
    ['250', 250],
    [0, 0],
  ])('%j is %d ms', (text, ms) => {
    expect(parseDuration(text)).toEqual({ ok: true, ms });
  });

  it.each(['', '5 sec', '5d', 's', '-5s', '0.5ms', 1.5, true, null])('rejects %j', (value) => {
    expect(parseDuration(value).ok).toBe(false);
  });
});

describe('estimateTraceItems', () => {
  it('counts a scripted trace’s repeats without expanding them, and other traces by lines', () => {
    const flood = `steps:\n${Array.from({ length: 1000 }, (_, i) => `  - {call: t${i}, repeat: 100000}`).join('\n')}\n`;
    expect(estimateTraceItems('flood.yaml', flood)).toBe(100_000_000);
    expect(estimateTraceItems('t.yaml', 'steps:\n  - call: a\n  - {call: b, repeat: 3}\n  - nonsense\n')).toBe(5);
    expect(estimateTraceItems('t.jsonl', '{"a":1}\n{"a":2}\n{"a":3}')).toBe(3);
    expect(estimateTraceItems('t.jsonl', '')).toBe(0);
  });
});
