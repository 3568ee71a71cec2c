/**
 * The canonical byte reader (`createCanonicalByteReader`, the CLI's fast path for canonical JSONL)
 * gives exactly the items the text reader gives on the decoded text — same events with the same
 * fields, key order and values, same errors with the same line numbers and words — for lines of
 * the usual shape and for every kind of departure from it (whitespace, other key orders, escapes,
 * non-ASCII text, unusual numbers and times, nesting, duplicates, syntax errors, byte-order marks,
 * CRLF, invalid UTF-8), whatever the chunk boundaries.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createCanonicalByteReader } from '../../src/core/traces/canonicalBytes.ts';
import { CanonicalFastLine } from '../../src/core/traces/canonicalFastLine.ts';
import { readCanonical } from '../../src/core/traces/canonical.ts';
import type { TraceItem } from '../../src/core/traces/events.ts';
import { MAX_LINE_CHARS } from '../../src/core/traces/lineReader.ts';
import { decodeBytes } from '../../src/core/text/decodeBytes.ts';

const utf8 = (text: string) => new TextEncoder().encode(text);

/**
 * The byte reader's items for `bytes` fed in pieces cut at `cuts`; `tailBytes` 0 parses every
 * line in place, as the lines of a large chunk are (the default finds the lines of a chunk's last
 * 4 KB before parsing them, so a small file is read line by line).
 */
function byteItems(bytes: Uint8Array, cuts: readonly number[] = [], tailBytes?: number): TraceItem[] {
  const r = createCanonicalByteReader({ file: 't.jsonl' }, tailBytes);
  const out: TraceItem[] = [];
  let from = 0;
  for (const cut of [...cuts].sort((a, b) => a - b)) {
    const at = Math.min(Math.max(cut, from), bytes.length);
    out.push(...r.push(bytes.subarray(from, at)));
    from = at;
  }
  out.push(...r.push(bytes.subarray(from)));
  out.push(...r.end());
  return out;
}

/** The text reader on the decoded bytes: the reference. */
const textItems = (bytes: Uint8Array) => readCanonical(decodeBytes(bytes), 't.jsonl');

function expectSame(bytes: Uint8Array, cuts: readonly number[] = []) {
  const want = textItems(bytes);
  for (const tailBytes of [undefined, 0]) {
    const got = byteItems(bytes, cuts, tailBytes);
    expect(got).toStrictEqual(want);
    // key order too (the decision stream and exports write events' fields in order)
    expect(JSON.stringify(got)).toBe(JSON.stringify(want));
  }
}

const TIMES = [
  '2025-01-01T00:00:00.000Z',
  '2025-01-01T00:00:00.001Z',
  '2025-01-01T23:59:60.999Z',
  '2025-01-02T00:00:00.000Z',
  '2024-02-29T12:00:00.000Z',
  '2025-02-29T12:00:00.000Z',
  '2025-13-01T00:00:00.000Z',
  '2025-01-01T24:00:00.000Z',
  '2025-01-01T00:60:00.000Z',
  '2025-01-01T00:00:61.000Z',
  '2025-01-01t00:00:00.000z',
  '2025-01-01 00:00:00Z',
  '2025-01-01T01:00:00+01:00',
  '2025-01-01T00:00:00.1234567Z',
  '2025-01-01T00:00:00',
  '2025-1-01T00:00:00.000Z',
  '1969-12-31T23:59:59.999Z',
  'yesterday',
];
const TYPES = ['tool_call', 'tool_call', 'tool_call', 'batch_start', 'process_start', 'continue', 'repeat', 'model_end', 'next', 'command', 'file_edit', 'tokens', 'tokens', 'bogus', ''];
const STRINGS = ['read', 'tool_1', 'a b', '', 'é', 'say \\"hi\\"', 'tab\\there', '\\u0041', 'x\u0001y', '€uro', '__proto__', 'ok', 'error', 'long'.repeat(20)];
const NUMBERS = ['0', '-0', '1', '-12', '3.5', '1e3', '1E+2', '2e-3', '01', '1.', '.5', '-', '123456789012345', '1234567890123456789', '1e999', '-1e999', '0.1e1'];

const json = (s: string) => `"${s}"`;
const ws = fc.constantFrom('', '', '', ' ', '  ', '\t', '\r', ' \r ');
const scalar = fc.oneof(
  fc.constantFrom(...STRINGS).map(json),
  fc.constantFrom(...NUMBERS),
  fc.constantFrom('true', 'false', 'null', 'nul', 'tru', '[]', '[1]', '{}', '{"a":1}', '"unterminated'),
);
const argsValue = fc.oneof(
  { weight: 5, arbitrary: fc.array(fc.tuple(fc.constantFrom('operation', 'n', 'path', 'a b', '__proto__', '2', 'é', 'x'), scalar, ws), { maxLength: 4 }).map((kv) => `{${kv.map(([k, v, w]) => `${w}${json(k)}${w}:${w}${v}${w}`).join(',')}}`) },
  { weight: 1, arbitrary: fc.constantFrom('[]', 'null', '"x"', '{', '{"a":{"b":1}}', '{"a":[1,2]}', '{"a":1,}', '{,}') },
);
const usageValue = fc.oneof(
  { weight: 4, arbitrary: fc.array(fc.tuple(fc.constantFrom('input', 'output', 'cache_read', 'cache_creation', 'input', 'other'), fc.constantFrom(...NUMBERS, '"1"'), ws), { maxLength: 5 }).map((kv) => `{${kv.map(([k, v, w]) => `${w}${json(k)}${w}:${w}${v}${w}`).join(',')}}`) },
  { weight: 1, arbitrary: fc.constantFrom('{"input":1,"output":2}', '{"output":2,"input":1,"cache_read":3}', '{"input":1}', '[]', 'null', '{"input":-1,"output":2}') },
);
const field = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...TYPES).map((t) => ['type', json(t)] as const) },
  { weight: 4, arbitrary: fc.constantFrom(...TIMES).map((t) => ['time', json(t)] as const) },
  { weight: 3, arbitrary: fc.constantFrom(...STRINGS).map((t) => ['tool', json(t)] as const) },
  { weight: 3, arbitrary: argsValue.map((a) => ['args', a] as const) },
  { weight: 1, arbitrary: fc.constantFrom(...STRINGS).map((t) => ['id', json(t)] as const) },
  { weight: 1, arbitrary: fc.constantFrom('"ok"', '"error"', '"maybe"', '1').map((t) => ['outcome', t] as const) },
  { weight: 1, arbitrary: fc.constantFrom(...NUMBERS, '"5"').map((t) => ['duration_ms', t] as const) },
  { weight: 2, arbitrary: fc.tuple(fc.constantFrom('command', 'path'), fc.constantFrom(...STRINGS)).map(([k, t]) => [k, json(t)] as const) },
  { weight: 2, arbitrary: fc.tuple(fc.constantFrom('input', 'output', 'cache_read', 'cache_creation'), fc.constantFrom(...NUMBERS, '"5"', 'null')).map(([k, v]) => [k, v] as const) },
  { weight: 2, arbitrary: usageValue.map((u) => ['tokens', u] as const) },
  { weight: 1, arbitrary: fc.constantFrom(['output', '"x"'] as const, ['output', '"say \\"hi\\""'] as const, ['extra', '1'] as const, ['consent', '"deny"'] as const, ['ty\\u0070e', '"tool_call"'] as const, ['tyme', '"x"'] as const, ['arcs', '1'] as const, ['pith', '"p"'] as const, ['toon', '"t"'] as const, ['time', '12'] as const, ['type', '1'] as const) },
);

/** A line of the usual shape: type, time, tool, args (in some order, maybe duplicated or missing). */
const usual = fc.record({
  time: fc.constantFrom(...TIMES.slice(0, 5)),
  tool: fc.constantFrom('tool_1', 'tool_22', 'Bash'),
  n: fc.nat(1000),
});
const line = fc.oneof(
  { weight: 4, arbitrary: usual.map((u) => `{"type":"tool_call","time":"${u.time}","tool":"${u.tool}","args":{"operation":"read","n":${u.n}}}`) },
  {
    weight: 6,
    arbitrary: fc.tuple(fc.array(fc.tuple(field, ws), { maxLength: 7 }), ws, ws).map(([fields, w0, w1]) => `${w0}{${fields.map(([[k, v], w]) => `${w}"${k}"${w}:${w}${v}${w}`).join(',')}}${w1}`),
  },
  { weight: 1, arbitrary: fc.constantFrom('', ' ', '\t', '\r', '\u00a0', '\ufeff', '{', '}', '[]', '"x"', 'null', 'not json', '{"type":"tool_call"', '{"type":"tool_call","time":"2025-01-01T00:00:00.000Z","tool":"x"}}', '\u2028') },
);
const lineBreak = fc.constantFrom('\n', '\n', '\n', '\r\n', '\n\n');

/** Bytes of a file of such lines, sometimes with byte-order marks or invalid UTF-8 spliced in. */
const file = fc
  .tuple(fc.array(fc.tuple(line, lineBreak), { maxLength: 12 }), fc.constantFrom('', '', '', '\ufeff', '\ufeff\ufeff'), fc.boolean(), fc.array(fc.tuple(fc.nat(), fc.constantFrom(0xff, 0xc3, 0xe2, 0x80, 0xef)), { maxLength: 2 }))
  .map(([lines, bom, lastBreak, junk]) => {
    const text = bom + lines.map(([l, br], i) => (i < lines.length - 1 || lastBreak ? l + br : l)).join('');
    const bytes = [...utf8(text)];
    for (const [at, b] of junk) if (bytes.length > 0) bytes.splice(at % bytes.length, 0, b);
    return new Uint8Array(bytes);
  });

describe('createCanonicalByteReader', () => {
  it('gives the text reader’s items for any file of near-canonical lines, cut into any chunks', () => {
    fc.assert(
      fc.property(file, fc.array(fc.nat(4000), { maxLength: 6 }), (bytes, cuts) => expectSame(bytes, cuts)),
      { numRuns: 1500 },
    );
  });

  it('reads the usual lines by the fast path into the schema’s event (defaults, key order, times across days)', () => {
    const text = [
      '{"type":"batch_start","time":"2025-01-01T23:59:59.999Z"}',
      '{"type":"tool_call","time":"2025-01-02T00:00:00.003Z","tool":"tool_97","args":{"operation":"read","n":1}}',
      '{"tool":"Bash","args":{},"time":"2025-01-02T00:00:01.000Z","type":"tool_call","id":"c1","outcome":"error","duration_ms":20}',
      '{"type":"continue","time":"2025-01-02T00:00:01.000Z"}',
    ].join('\n');
    const items = byteItems(utf8(text));
    expect(items).toStrictEqual([
      { kind: 'event', event: { type: 'batch_start', time: Date.UTC(2025, 0, 1, 23, 59, 59, 999) }, line: 1 },
      { kind: 'event', event: { type: 'tool_call', time: Date.UTC(2025, 0, 2, 0, 0, 0, 3), tool: 'tool_97', args: { operation: 'read', n: 1 }, outcome: 'ok', duration_ms: 0 }, line: 2 },
      { kind: 'event', event: { type: 'tool_call', time: Date.UTC(2025, 0, 2, 0, 0, 1), tool: 'Bash', args: {}, id: 'c1', outcome: 'error', duration_ms: 20 }, line: 3 },
      { kind: 'event', event: { type: 'continue', time: Date.UTC(2025, 0, 2, 0, 0, 1) }, line: 4 },
    ]);
    expectSame(utf8(text));
  });

  it('takes the fast path for every usual shape, and leaves anything unusual to the full reader', () => {
    const fast = new CanonicalFastLine();
    const parse = (line: string) => {
      const bytes = utf8(line);
      return fast.parse(bytes, 0, bytes.length);
    };
    const t = '"time":"2025-01-01T10:00:00.000Z"';
    const ms = Date.UTC(2025, 0, 1, 10);
    expect(parse(`{"type":"tool_call",${t},"tool":"Read","args":{"path":"a.rs","n":-2.5e1,"ok":true,"x":null},"output":"done","tokens":{"output":2,"input":1}}`)).toStrictEqual({
      type: 'tool_call', time: ms, tool: 'Read', args: { path: 'a.rs', n: -25, ok: true, x: null }, outcome: 'ok', duration_ms: 0, output: 'done', tokens: { input: 1, output: 2 },
    });
    expect(parse(`{ "type" : "command" , ${t}, "command": "cargo test" }`)).toStrictEqual({ type: 'command', time: ms, command: 'cargo test', tool: 'Bash' });
    expect(parse(`{"type":"file_edit",${t},"path":"src/a.rs","tool":"Write"}`)).toStrictEqual({ type: 'file_edit', time: ms, path: 'src/a.rs', tool: 'Write' });
    expect(parse(`{"type":"tokens",${t},"output":5,"input":7,"cache_creation":1}`)).toStrictEqual({ type: 'tokens', time: ms, input: 7, output: 5, cache_creation: 1 });
    expect(parse(`{"type":"model_end",${t},"tokens":{"input":1,"output":2,"cache_read":3}}`)).toStrictEqual({ type: 'model_end', time: ms, tokens: { input: 1, output: 2, cache_read: 3 } });
    expect(parse(`{"type":"repeat","time":"2025-01-01T11:00:00+01:00"}`)).toStrictEqual({ type: 'repeat', time: ms, utcOffset: 60 });
    for (const unusual of [
      `{"type":"tool_call",${t},"tool":"R\\u0065ad"}`, // an escape
      `{"type":"tool_call",${t},"tool":"Réad"}`, // non-ASCII
      `{"type":"tool_call",${t},"tool":"Read","args":{"a":{"b":1}}}`, // nesting
      `{"type":"tool_call",${t},"tool":"Read","consent":"deny"}`, // a field the fast path does not read
      `{"type":"tool_call",${t},"tool":"Read","tool":"Write"}`, // a field twice
      `{"type":"command",${t},"command":"make","path":"x"}`, // another type's field
      `{"type":"tokens",${t},"output":5}`, // a required field missing
      `{"type":"next",${t}}`, // a type the fast path does not read
      `{"type":"tool_call",${t},"tool":"Read"} x`, // trailing text
    ])
      expect(parse(unusual), unusual).toBeUndefined();
  });

  it('reads args keys like the last line’s (kept by place and matched by their bytes) as the text reader does', () => {
    const call = (time: string, args: string, rest = '') => `{"type":"tool_call","time":"2025-01-01T00:00:${time}","tool":"t"${args === '' ? '' : `,"args":${args}`}${rest}}`;
    const lines = [
      call('01.000Z', '{"operation":"read","n":1}'),
      call('02.000Z', '{"operation":"read","n":2}'),
      call('02.100Z', '{"operation:":"read"}'), // the kept key and one more byte (no closing quote where its is)
      call('02.200Z', '{"operation":"read","n ":4}'),
      call('02.300Z', '{"operation":"read","n":2}'),
      call('03.000Z', '{"operations":"read","n":3}'), // the kept key and more
      call('04.000Z', '{"operatio":"read","n":4}'), // the kept key cut short
      call('05.000Z', '{"operation":"read","operation":"write"}'), // a key twice, the second place kept as another
      call('06.000Z', '{"n":1,"operation":"x"}'), // the kept keys swapped
      call('07.000Z', '{"n":1,"n":2}'), // the kept key twice
      call('08.000Z', '{"n":1,"__proto__":2}'),
      call('09.000Z', '{"__proto__":1}'),
      call('10.000Z', '{"__proto__":1}'),
      call('11.000Z', '{"n":"a","o\\u0070":1}'), // an escaped key where a plain one was kept
      call('12.000Z', '{}'),
      call('13.000Z', ''),
      call('14.000Z', '{"n":1}', ',"outcome":"error"'), // more after the args
      call('15.000Z', '{ "n" : 1 }'),
      call('16.000000+01:00', '{"n":1}'.replace('1', '2')),
      call('17.5Z', '{"a":1,"b":2,"c":3,"d":4,"e":5,"f":6,"g":7,"h":8,"i":9,"a":0}'), // past the kept places
      call('18.5Z', '{"a":1,"b":2,"c":3,"d":4,"e":5,"f":6,"g":7,"h":8,"i":9,"j":0}'),
      // the last object's layout (same keys, same order, no blanks) read by place, and near misses
      call('19.000Z', '{"operation":"read","n":1}'),
      call('19.100Z', '{"operation":"write","n":-2.5e1}'),
      call('19.200Z', '{"operation":"read","n":1,"n":2}'), // one more key, given twice
      call('19.300Z', '{"operation":"read","n":1}'),
      call('19.400Z', '{"operation":"read"}'), // fewer keys
      call('19.500Z', '{"operation":"read","n":1}'),
      call('19.600Z', '{"operation":"read" ,"n":1}'), // a blank
      call('19.700Z', '{"operation":"read","n":true}'),
      call('19.800Z', '{"operation":null,"n":1}'),
      call('19.900Z', '{"operation":"read","n":[1]}'),
      call('20.000Z', '{"operation":"read","n":1e400}'),
      call('20.100Z', '{"operation":"read","n":01}'),
      call('20.200Z', '{"operation":"read","n":1,}'),
      call('20.300Z', '{"operation":"read";"n":1}'),
      call('20.400Z', '{"operation":"re\\"ad","n":1}'),
      call('20.500Z', '{"operation":"read","n":1'),
      call('20.600Z', '{"operation":"read","n":1}'),
      call('20.700Z', '{"operation""read","n":1}'),
      call('20.800Z', '{"n":1,"operation":"read"}'), // the same keys in another order
      call('20.900Z', '{"n":2,"operation":"write"}'),
    ];
    expectSame(utf8(lines.join('\n')));
  });

  it('words errors as the text reader does, with their line numbers, and goes on', () => {
    const text = [
      '{"type":"tool_call","time":"2025-01-01T00:00:02.000Z","tool":"a"}',
      '{"type":"tool_call","time":"2025-01-01T00:00:01.000Z","tool":"a"}',
      '{"type":"tool_call","time":"2025-02-30T00:00:00.000Z","tool":"a"}',
      '{"type":"tool_call","time":"2025-01-01T00:00:03.000Z","tool":"a","args":{"n":1e999}}',
      '{"type":"tool_call","time":"2025-01-01T00:00:03.000Z"',
      '',
      '{"type":"tool_call","time":"2025-01-01T00:00:04.000Z","tool":"b"}',
    ].join('\r\n');
    const items = byteItems(utf8(text));
    expect(items.map((i) => (i.kind === 'error' ? i.message : `event ${i.line}`))).toEqual([
      'event 1',
      "line 2: time 2025-01-01T00:00:01.000Z is earlier than the previous event's 2025-01-01T00:00:02.000Z (times must not go backwards)",
      "line 3: '2025-02-30T00:00:00.000Z' is not a valid date and time",
      "line 4: field 'args.n': expected JSON data",
      'line 5: not valid JSON: "{\\"type\\":\\"tool_call\\",\\"time\\":\\"2025-01-01T0…"',
      'event 7',
    ]);
    expectSame(utf8(text));
  });

  it('treats lines near the length limit as the text reader does, counting characters, not bytes', () => {
    const event = (pad: string) => `{"type":"tool_call","time":"2025-01-01T00:00:00.000Z","tool":"a","args":{"p":"${pad}"}}`;
    const frame = event('').length;
    const cases = [
      event('x'.repeat(MAX_LINE_CHARS - frame)), // exactly at the limit: read
      event('x'.repeat(MAX_LINE_CHARS - frame + 1)), // one over: too long
      event('é'.repeat(MAX_LINE_CHARS - frame)), // more bytes than the limit, as many characters: read
      event('€'.repeat(MAX_LINE_CHARS)), // three bytes a character, far over
    ];
    for (const c of cases) expectSame(utf8(`${c}\n{"type":"continue","time":"2025-01-01T00:00:01.000Z"}\n`), [65536, 65536 * 5, 65536 * 40]);
    expect(byteItems(utf8(`${cases[1]}\n`))).toStrictEqual([{ kind: 'error', line: 1, message: `line 1: line is longer than ${MAX_LINE_CHARS} characters`, file: 't.jsonl' }]);
  });

  it('gives the text reader’s items for damaged usual lines: any byte inserted, dropped or replaced', () => {
    // Usual lines (the fast path's own shapes) with one to three edits at random places, drawn from
    // the bytes the scanner decides on: quotes, backslashes, escapes (\u, surrogates), structure,
    // digits and exponents, whitespace (a line feed splits the line), multi-byte UTF-8.
    const base = fc.constantFrom(
      '{"type":"tool_call","time":"2025-01-01T00:00:00.003Z","tool":"tool_97","args":{"operation":"read","n":1}}',
      '{"type":"tool_call","time":"2025-01-01T23:59:59.999Z","tool":"Bash","args":{},"id":"c1","outcome":"error","duration_ms":20}',
      '{"type":"tool_call","time":"2025-03-01T10:00:00.000Z","tool":"Read","args":{"p":"a.rs","x":null,"ok":true,"f":false,"n":-2.5e1},"output":"done","tokens":{"input":1,"output":2}}',
      '{"type":"command","time":"2025-01-01T00:00:01.000Z","command":"cargo test","tool":"Bash"}',
      '{"type":"file_edit","time":"2025-01-01T00:00:02.000Z","path":"src/a.rs"}',
      '{"type":"tokens","time":"2025-01-01T00:00:03.000Z","input":7,"output":5,"cache_read":1,"cache_creation":2}',
      '{"type":"model_end","time":"2025-01-01T00:00:04.000Z","tokens":{"input":1,"output":2}}',
      '{"type":"batch_start","time":"2025-01-01T00:00:05.000Z"}',
      '{"type":"repeat","time":"2025-01-01T01:00:05+01:00"}',
    );
    const piece = fc.constantFrom('"', '\\', '\\"', '\\u0041', '\\ud83d\\ude00', '\\ud800', '\\n', '{', '}', '[', ']', ':', ',', '0', '9', '-', '.', 'e', 'E+', '1e400', '123456789012345678901', ' ', '\t', '\r', '\n', 'é', '😀', '\u2028', '\u0000', 'type', 'tool', 'time', 'args', 'id', 'null', 'true', 'Z', 'T');
    const edit = fc.tuple(fc.nat(), fc.constantFrom('insert', 'drop', 'replace'), piece);
    const damaged = fc.tuple(base, fc.array(edit, { minLength: 1, maxLength: 3 })).map(([line, edits]) => {
      let out = line;
      for (const [at, how, text] of edits) {
        const k = at % (out.length + 1);
        if (how === 'insert') out = out.slice(0, k) + text + out.slice(k);
        else if (how === 'drop') out = out.slice(0, k) + out.slice(k + 1 + (at % 3));
        else out = out.slice(0, k) + text + out.slice(k + 1);
      }
      return out;
    });
    fc.assert(
      fc.property(fc.array(fc.oneof(damaged, base), { minLength: 1, maxLength: 6 }), fc.array(fc.nat(600), { maxLength: 3 }), (lines, cuts) => expectSame(utf8(`${lines.join('\n')}\n`), cuts)),
      { numRuns: 3000 },
    );
  });

  it('leaves near-miss keys and times whose closing quote is elsewhere to the full reader', () => {
    const t = '"time":"2025-01-01T00:00:00.000Z"';
    const lines = [
      // keys that start like the fast path's keys
      ...['to', 'tool_', 'tokenz', 'tools', 'c', 'cache_rea', 'cache_reads', 'cache_creatio', 'outcom', 'outputs', 'o', 'd', 'duration', 'pat', 'paths', 'i', 'in', 'idx', 'inputs', 'ar', 'argz', 'ty', 'tim', 'typ', 'tymes', 'comman', 'commands'].map(
        (k) => `{"type":"tool_call",${t},"tool":"a","${k}":1}`,
      ),
      // a short time whose 26th byte is a quote of the next field
      '{"type":"tool_call","time":"2025-01-01T00:00:00Z","id":"x","tool":"a"}',
      '{"type":"tool_call","time":"2025-01-01T00:00:01+00:00","tool":"abcdef"}',
      '{"type":"tool_call","time":"2025-01-01T00:00:02.00Z","tool":"ab"}',
      // a 24-character value that is not a time, and times on other days
      '{"type":"tool_call","time":"2025-01-0\\u0031T00:00:03.000Z","tool":"a"}',
      '{"type":"tool_call","time":"2025-01-01T00:00:03.000Z" ,"tool":"a"} \r',
      '{"type":"tool_call","time":"2025-01-02T00:00:03.000Z","tool":"a"}\t',
      '{"type":"tool_call","time":"2025-01-02X00:00:03.000Z","tool":"a"}',
    ];
    expectSame(utf8(`${lines.join('\n')}\n`));
    expectSame(utf8(lines.join('\r\n')), [7, 100, 101, 102]);
  });

  it('reads a line held across chunks up to its end, not into the bytes of a longer line held before', () => {
    // The held line's buffer keeps the bytes of the last, longer line past the end of this one: `}`
    // right where this one stops short of its own.
    const whole = '{"type":"tool_call","time":"2025-01-01T00:00:00.000Z","tool":"a"}';
    const short = '{"type":"tool_call","time":"2025-01-01T00:00:01.000Z","tool":"a"';
    for (const tail of ['', '\n', '\r\n']) {
      const bytes = utf8(`${whole}\n${short}${tail}`);
      expectSame(bytes, [10, whole.length + 11]);
      expect(byteItems(bytes, [10, whole.length + 11]).map((i) => i.kind)).toEqual(['event', 'error']);
    }
  });

  it('reads nothing more after end()', () => {
    const r = createCanonicalByteReader();
    r.push(utf8('{"type":"continue","time":"2025-01-01T00:00:00.000Z"}'));
    expect(r.end()).toHaveLength(1);
    expect(r.push(utf8('{"type":"continue","time":"2025-01-01T00:00:00.000Z"}\n'))).toEqual([]);
    expect(r.end()).toEqual([]);
  });
});
