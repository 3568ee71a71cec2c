import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createCanonicalReader, readCanonical } from '../../src/core/traces/canonical.ts';
import type { TraceItem } from '../../src/core/traces/events.ts';
import { at, call, errorsOf, eventsOf, fixture } from './helpers.ts';

const line = (obj: Record<string, unknown>) => JSON.stringify(obj);

describe('readCanonical', () => {
  it('reads every event type of a realistic trace, skipping blank lines and ignoring unknown fields', () => {
    const items = readCanonical(fixture('session.jsonl'), 'session.jsonl');
    expect(errorsOf(items)).toEqual([]);
    expect(eventsOf(items)).toEqual([
      { type: 'batch_start', time: at('2025-01-01T10:00:00Z') },
      { type: 'workflow_start', time: at('2025-01-01T10:00:00Z') },
      call(at('2025-01-01T10:00:01.250Z'), 'load_data', {
        args: { path: 'in.csv' },
        id: 'c1',
        duration_ms: 120,
        tokens: { input: 900, output: 40 },
      }),
      { type: 'command', time: at('2025-01-01T10:00:10Z'), command: 'cargo build', tool: 'Bash' },
      { type: 'file_edit', time: at('2025-01-01T10:00:20Z'), path: 'src/main.rs', tool: 'Write', utcOffset: 60 },
      { type: 'tokens', time: at('2025-01-01T10:00:30Z'), input: 800, output: 300, cache_read: 1200 },
      { type: 'next', time: at('2025-01-01T10:00:40Z'), claims: ['code_complete'], force: ['token_budget'] },
      call(at('2025-01-01T10:00:50Z'), 'shell', { args: { cmd: 'ls' }, consent: { approve_for: 60 }, outcome: 'error' }),
      { type: 'commit', time: at('2025-01-01T10:01:00Z'), hash: 'a1b2c3d', message: 'fix parser' },
      { type: 'process_start', time: at('2025-01-01T10:01:05Z') },
      { type: 'continue', time: at('2025-01-01T10:01:06Z') },
      { type: 'repeat', time: at('2025-01-01T10:01:07Z') },
      { type: 'model_end', time: at('2025-01-01T10:01:08Z'), tokens: { input: 100, output: 20 } },
    ]);
  });

  it('applies the offset: +01:00 is an hour earlier in UTC, the offset kept as written (hegel prints it)', () => {
    const [item] = readCanonical(line({ type: 'continue', time: '2025-01-01T10:00:00+01:00' }));
    expect(item).toStrictEqual({ kind: 'event', event: { type: 'continue', time: at('2025-01-01T09:00:00Z'), utcOffset: 60 }, line: 1 });
    // never read from the input's own fields
    const [z] = readCanonical(line({ type: 'continue', time: '2025-01-01T10:00:00Z', utcOffset: 60 }));
    expect(z).toStrictEqual({ kind: 'event', event: { type: 'continue', time: at('2025-01-01T10:00:00Z') }, line: 1 });
  });

  it('turns a time without an offset into an error on that line, never local time', () => {
    const items = readCanonical(
      [line({ type: 'continue', time: '2025-01-01T09:00:00Z' }), '', line({ type: 'continue', time: '2025-01-01T10:00:00' })].join('\n'),
      'trace.jsonl',
    );
    expect(items[1]).toEqual({
      kind: 'error',
      line: 3,
      message: "line 3: time '2025-01-01T10:00:00' has no offset (add Z or ±HH:MM)",
      file: 'trace.jsonl',
    });
    expect(items).toHaveLength(2);
  });

  it('drops an event whose time goes backwards, with an error naming its line, and goes on', () => {
    const text = [
      line({ type: 'continue', time: '2025-01-01T10:00:05Z' }),
      line({ type: 'continue', time: '2025-01-01T10:00:01Z' }),
      line({ type: 'continue', time: '2025-01-01T10:00:05Z' }),
    ].join('\n');
    const items = readCanonical(text);
    expect(errorsOf(items)).toEqual([
      [2, 'line 2: time 2025-01-01T10:00:01.000Z is earlier than the previous event\'s 2025-01-01T10:00:05.000Z (times must not go backwards)'],
    ]);
    expect(eventsOf(items).map((e) => e.time)).toEqual([at('2025-01-01T10:00:05Z'), at('2025-01-01T10:00:05Z')]);
    expect(items.map((i) => i.kind)).toEqual(['event', 'error', 'event']);
  });

  it.each([
    ['not json at all', 'line 1: not valid JSON: "not json at all"'],
    ['{"type":"continue",', 'line 1: not valid JSON: "{\\"type\\":\\"continue\\","'],
    ['[1,2]', 'line 1: expected a JSON object, got an array'],
    ['42', 'line 1: expected a JSON object, got a number'],
    ['"text"', 'line 1: expected a JSON object, got a string'],
    ['null', 'line 1: expected a JSON object, got null'],
    ['{"time":"2025-01-01T10:00:00Z"}', "line 1: missing field 'type'"],
    ['{"type":"launch","time":"2025-01-01T10:00:00Z"}', 'line 1: unknown type "launch" (expected one of batch_start, process_start, tool_call, model_end, workflow_start, next, continue, repeat, command, file_edit, tokens, commit)'],
    ['{"type":"continue"}', "line 1: missing field 'time'"],
    ['{"type":"continue","time":1735725600}', 'line 1: time must be an RFC 3339 string'],
    ['{"type":"continue","time":"yesterday"}', "line 1: 'yesterday' is not an RFC 3339 time"],
    ['{"type":"continue","time":"2025-02-30T10:00:00Z"}', "line 1: '2025-02-30T10:00:00Z' is not a valid date and time"],
    ['{"type":"tool_call","time":"2025-01-01T10:00:00Z"}', "line 1: missing field 'tool'"],
    ['{"type":"tool_call","time":"2025-01-01T10:00:00Z","tool":7}', "line 1: field 'tool': expected string, received number"],
    ['{"type":"tool_call","time":"2025-01-01T10:00:00Z","tool":"a","args":"x"}', "line 1: field 'args': expected record, received string"],
    ['{"type":"tool_call","time":"2025-01-01T10:00:00Z","tool":"a","outcome":"failed"}', 'line 1: field \'outcome\': expected one of "ok"|"error"'],
    ['{"type":"tool_call","time":"2025-01-01T10:00:00Z","tool":"a","consent":"maybe"}', 'line 1: field \'consent\': expected approve_once, approve_scope, deny, timeout or { "approve_for": seconds }'],
    ['{"type":"tool_call","time":"2025-01-01T10:00:00Z","tool":"a","tokens":{"input":5}}', "line 1: missing field 'tokens.output'"],
    ['{"type":"tool_call","time":"2025-01-01T10:00:00Z","tool":"a","duration_ms":-1}', "line 1: field 'duration_ms': expected number to be >=0"],
    ['{"type":"next","time":"2025-01-01T10:00:00Z","claims":["a",2]}', "line 1: field 'claims[1]': expected string, received number"],
    ['{"type":"next","time":"2025-01-01T10:00:00Z","force":"all"}', "line 1: field 'force': expected true or a list of rule types"],
    ['{"type":"tokens","time":"2025-01-01T10:00:00Z","input":"800","output":3}', "line 1: field 'input': expected number, received string"],
    ['{"type":"command","time":"2025-01-01T10:00:00Z"}', "line 1: missing field 'command'"],
  ])('reports %s as an error item', (text, message) => {
    expect(readCanonical(text)).toEqual([{ kind: 'error', line: 1, message }]);
  });

  it('lists at most three problems of one line', () => {
    const [item] = readCanonical('{"type":"tool_call","time":"2025-01-01T10:00:00Z","tool":1,"args":2,"outcome":3,"duration_ms":"x","id":5}');
    expect(item?.kind === 'error' && item.message).toBe(
      "line 1: field 'tool': expected string, received number; field 'args': expected record, received number; field 'id': expected string, received number; and 2 more",
    );
  });

  it('reads CRLF line ends and a leading byte-order mark', () => {
    const text = '\ufeff' + line({ type: 'continue', time: '2025-01-01T10:00:00Z' }) + '\r\n' + line({ type: 'repeat', time: '2025-01-01T10:00:01Z' }) + '\r\n';
    expect(eventsOf(readCanonical(text)).map((e) => e.type)).toEqual(['continue', 'repeat']);
  });
});

describe('createCanonicalReader (streaming)', () => {
  const sample = [
    fixture('session.jsonl'),
    'garbage ✓ ünïcødé',
    line({ type: 'continue', time: '2025-01-01T10:00:00' }),
    line({ type: 'tool_call', time: '2025-01-01T10:05:00Z', tool: 'émoji 🚀', args: { text: 'a\nb' } }),
    line({ type: 'continue', time: '2025-01-01T09:00:00Z' }),
    '',
    '   ',
    line({ type: 'model_end', time: '2025-01-01T10:06:00Z' }),
  ].join('\n');

  it('gives the same items for any chunking as for the whole text', () => {
    const whole = readCanonical(sample, 'f.jsonl');
    expect(errorsOf(whole).map(([l]) => l)).toEqual([16, 17, 19]);
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 1, max: sample.length - 1 }), { maxLength: 40 }), (cuts) => {
        const bounds = [0, ...cuts.sort((a, b) => a - b), sample.length];
        const reader = createCanonicalReader({ file: 'f.jsonl' });
        const items: TraceItem[] = [];
        for (let i = 0; i + 1 < bounds.length; i++) items.push(...reader.push(sample.slice(bounds[i], bounds[i + 1])));
        items.push(...reader.end());
        expect(items).toEqual(whole);
      }),
    );
  });

  it('emits each line as soon as its end of line arrives, and the last unterminated line at end()', () => {
    const reader = createCanonicalReader();
    expect(reader.push('{"type":"continue","ti')).toEqual([]);
    expect(eventsOf(reader.push('me":"2025-01-01T10:00:00Z"}\n{"type":"repeat"'))).toHaveLength(1);
    expect(reader.push(',"time":"2025-01-01T10:00:01Z"}')).toEqual([]);
    expect(eventsOf(reader.end())).toEqual([{ type: 'repeat', time: at('2025-01-01T10:00:01Z') }]);
    expect(reader.end()).toEqual([]);
  });
});
