/**
 * The byte writer of the decision stream (`createDecisionWriter`) writes exactly the UTF-8 of
 * `serializeDecision(d) + '\n'` (the spec oracle), with the CLI's terminal escaping applied to the
 * JSON text as `simulate` always did: checked on every decision of random replays, on decisions
 * holding any UTF-16 text (controls, bidi overrides, C1, lone surrogates, quotes, backslashes), on
 * extra and unusual values, across every batch size (lines split over batches, lines longer than
 * the buffer).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonTermSafe } from '../../src/cli/escape.ts';
import { createDecisionWriter } from '../../src/core/engine/decisionWriter.ts';
import { serializeDecision, type Decision } from '../../src/core/engine/decisions.ts';
import { createReplay, replayItems } from '../../src/core/engine/replay.ts';
import { formatIso } from '../../src/core/time.ts';
import type { TraceItem } from '../../src/core/traces/events.ts';
import { caseArb } from './arbitraries.ts';

/** What the writer must give: the oracle's lines, escaped, UTF-8. */
const reference = (ds: readonly Decision[], escape?: (json: string) => string): string =>
  ds.map((d) => `${escape ? escape(serializeDecision(d)) : serializeDecision(d)}\n`).join('');

/** Runs the writer and decodes what reached the sink (copying each batch: the buffer is reused). */
function written(ds: readonly Decision[], opts: { batchBytes?: number; escape?: (json: string) => string; timeMsOf?: (time: string) => number | undefined } = {}): { text: string; bytes: number[]; batches: number } {
  const chunks: Uint8Array[] = [];
  const w = createDecisionWriter({ ...opts, sink: (b) => chunks.push(b.slice()) });
  for (const d of ds) w.write(d);
  w.flush();
  for (const c of chunks) expect(c.at(-1), 'every batch ends a line').toBe(0x0a);
  const bytes = chunks.flatMap((c) => [...c]);
  return { text: new TextDecoder('utf-8', { fatal: false }).decode(new Uint8Array(bytes)), bytes, batches: chunks.length };
}

const utf8 = (text: string) => [...new TextEncoder().encode(text)];

/** Any UTF-16 code unit, with the characters escaping is about drawn often. */
const unit = fc.oneof(
  fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)),
  fc.constantFrom('"', '\\', '\n', '\t', '\u001b', '\u007f', '\u009b', '\u202e', '\u2028', '\u061c', '\ud83d', '\ude00', 'é', '😀', '€'),
  fc.constantFrom('a', 'tool_1', ' ', '/'),
);
const text = (maxLength: number) => fc.string({ unit, maxLength });

describe('createDecisionWriter', () => {
  it('writes every decision of random replays as serializeDecision + newline, byte for byte, at any batch size', () => {
    fc.assert(
      fc.property(caseArb, fc.constantFrom(1, 7, 64, 4096, 65536), (c, batchBytes) => {
        const ds = replayItems(
          c.trace.map((event) => ({ kind: 'event' as const, event })),
          { ...(c.agent ? { agent: c.agent } : {}), ...(c.workflow ? { workflow: c.workflow } : {}), settings: c.settings },
        );
        const out = written(ds, { batchBytes, escape: jsonTermSafe });
        expect(out.bytes).toEqual(utf8(reference(ds, jsonTermSafe)));
      }),
      { numRuns: 200 },
    );
  });

  it('escapes any text as JSON.stringify and the terminal escaping do, in short (memoised) and long strings and in keys', () => {
    fc.assert(
      fc.property(text(80), text(300), text(12), fc.jsonValue(), fc.boolean(), (tool, message, key, extra, escaped) => {
        const escape = escaped ? jsonTermSafe : undefined;
        const d = { seq: 3, event: 2, time: '2025-01-01T00:00:00.000Z', kind: 'blocked', tool, code: 'MaxCallsExceeded', rule: 1, message, [`x${key}`]: extra } as unknown as Decision;
        // twice: the second time short strings come from the table of encoded strings
        expect(written([d, d], escape ? { escape } : {}).bytes).toEqual(utf8(reference([d, d], escape)));
      }),
      { numRuns: 300 },
    );
  });

  it('writes allowed decisions (its kind, tool, outcome and flow kept as one piece) and any kind with keys in any order as the oracle does', () => {
    const keys = ['seq', 'event', 'time', 'kind', 'tool', 'outcome', 'flow', 'consent', 'code', 'rule', 'message', 'reason', 'extra', 'x"y'];
    const value = fc.oneof(text(10), fc.constantFrom('ok', 'error', 'continue', 'end', 'exit', 'heartbeat', 'approve_once', undefined), fc.integer(), fc.jsonValue());
    const decision = fc.record({
      kind: fc.constantFrom('allowed', 'allowed', 'allowed', 'blocked', 'deduplicated', 'auto'),
      tool: fc.oneof(fc.constantFrom('tool_1', 'tool_2'), text(70), fc.integer()),
      outcome: fc.constantFrom('ok', 'error', 'okay', undefined),
      flow: fc.constantFrom('continue', 'end', 'exit', 'heartbeat', 'stop'),
      consent: fc.constantFrom(undefined, 'approve_once', 'grant'),
      others: fc.dictionary(fc.constantFrom(...keys.slice(8)), value, { maxKeys: 3 }),
      order: fc.shuffledSubarray(keys, { minLength: keys.length, maxLength: keys.length }),
      shuffle: fc.boolean(),
      inherited: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(decision, { minLength: 1, maxLength: 8 }), fc.boolean(), (specs, escaped) => {
        const ds = specs.map((x, i) => {
          const fields: Record<string, unknown> = { seq: i, event: i, time: '2025-01-01T10:00:00.000Z', kind: x.kind, tool: x.tool, outcome: x.outcome, flow: x.flow, consent: x.consent, code: 'Deduplicated', message: 'm', ...x.others };
          const rec: Record<string, unknown> = x.inherited ? Object.create({ inheritedKey: 'from the prototype' }) : {};
          for (const k of x.shuffle ? x.order : keys) if (k in fields) rec[k] = fields[k];
          return rec as unknown as Decision;
        });
        const escape = escaped ? jsonTermSafe : undefined;
        expect(written([...ds, ...ds], escape ? { escape } : {}).bytes).toEqual(utf8(reference([...ds, ...ds], escape)));
      }),
      { numRuns: 300 },
    );
  });

  it('writes a time from the number timeMsOf gives as formatIso writes it, any day of any year, and from the text when it gives none', () => {
    // whole ms from year -3000 to 12000 (five-digit and negative years are written from the text)
    const ms = fc.oneof(fc.integer({ min: -1.6e14, max: 3.2e14 }), fc.integer({ min: 0, max: 2e12 }), fc.constantFrom(0, -1, 86_399_999, 951_782_400_000, 253_402_300_799_999, 253_402_300_800_000, -62_167_219_200_000, -62_167_219_200_001));
    fc.assert(
      fc.property(fc.array(fc.tuple(ms, fc.boolean()), { minLength: 1, maxLength: 20 }), fc.integer({ min: 0, max: 2 ** 31 - 1 }), (times, seq) => {
        const known = new Map<string, number>();
        const ds = times.map(([t, told], i) => {
          const time = formatIso(t);
          if (told) known.set(time, t);
          return { seq: seq + i, event: i, time, kind: 'allowed', tool: 'tool_1', outcome: 'ok', flow: 'continue' } as Decision;
        });
        expect(written(ds, { timeMsOf: (time) => known.get(time) }).bytes).toEqual(utf8(reference(ds)));
      }),
      { numRuns: 500 },
    );
  });

  it('writes sequence numbers and event indexes counted on, repeated or jumping, across every digit count', () => {
    // runs of +1 across 9→10 … 999,999,999→1,000,000,000 and near 2^31, the event index repeating or moving on
    const starts = [0, 5, 95, 995, 9_995, 99_995, 999_995, 9_999_995, 99_999_995, 999_999_995, 2 ** 31 - 12];
    const step = fc.record({ start: fc.constantFrom(...starts), length: fc.integer({ min: 1, max: 12 }), eventStep: fc.constantFrom(0, 1, 1, 7) });
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 6 }), fc.integer({ min: 0, max: 2 ** 31 - 100 }), (runs, event0) => {
        const ds: Decision[] = [];
        let event = event0;
        for (const r of runs)
          for (let k = 0; k < r.length; k++) {
            ds.push({ seq: r.start + k, event, time: formatIso(1_700_000_000_000 + ds.length * 7), kind: 'allowed', tool: 'tool_1', outcome: 'ok', flow: 'continue' } as Decision);
            event = Math.min(2 ** 31 - 1, event + r.eventStep);
          }
        expect(written(ds, { timeMsOf: (time) => Date.parse(time) }).text).toBe(reference(ds));
      }),
      { numRuns: 300 },
    );
  });

  it('writes random replays as the oracle does when the replay tells the times (simulate’s writer)', () => {
    fc.assert(
      fc.property(caseArb, (c) => {
        const replay = createReplay({ ...(c.agent ? { agent: c.agent } : {}), ...(c.workflow ? { workflow: c.workflow } : {}), settings: c.settings });
        const chunks: Uint8Array[] = [];
        const w = createDecisionWriter({ sink: (b) => chunks.push(b.slice()), escape: jsonTermSafe, timeMsOf: (time) => replay.timeMsOf(time) });
        const all: Decision[] = [];
        for (const event of c.trace) {
          const out: Decision[] = [];
          replay.pushInto({ kind: 'event', event }, out);
          for (const d of out) w.write(d);
          all.push(...out);
        }
        w.flush();
        expect(chunks.flatMap((x) => [...x])).toEqual(utf8(reference(all, jsonTermSafe)));
      }),
      { numRuns: 200 },
    );
  });

  it.each(['timeMsOf', 'clock'] as const)('writes a replay that leaves times unformatted (timesAsMs) byte for byte as the oracle writes the same replay with its times, any year, unusable lines included (times through %s)', (through) => {
    const ms = fc.oneof(fc.integer({ min: -1.6e14, max: 3.2e14 }), fc.constantFrom(253_402_300_799_999, 253_402_300_800_000, -62_167_219_200_001));
    fc.assert(
      fc.property(caseArb, fc.array(ms, { maxLength: 4 }), fc.integer({ min: 0, max: 3 }), (c, far, errorEvery) => {
        const config = { ...(c.agent ? { agent: c.agent } : {}), ...(c.workflow ? { workflow: c.workflow } : {}), settings: c.settings };
        const items: TraceItem[] = [];
        c.trace.forEach((event, i) => {
          const t = far[i % Math.max(1, far.length)];
          items.push({ kind: 'event', event: far.length > 0 && t !== undefined && i % 3 === 0 ? { ...event, time: t } : event });
          if (errorEvery > 0 && i % errorEvery === 0) items.push({ kind: 'error', line: i + 1, message: 'not JSON' });
        });
        const texts = createReplay(config);
        const numbers = createReplay({ ...config, timesAsMs: true });
        const chunks: Uint8Array[] = [];
        const times = through === 'clock' ? { clock: numbers.timeClock } : { timeMsOf: (time: string) => numbers.timeMsOf(time) };
        const w = createDecisionWriter({ sink: (b) => chunks.push(b.slice()), escape: jsonTermSafe, ...times });
        const all: Decision[] = [];
        for (const item of items) {
          const out: Decision[] = [];
          numbers.pushInto(item, out);
          for (const d of out) {
            expect(d.time).toBe('');
            w.write(d);
          }
          texts.pushInto(item, all);
        }
        w.flush();
        expect(chunks.flatMap((x) => [...x])).toEqual(utf8(reference(all, jsonTermSafe)));
      }),
      { numRuns: 200 },
    );
  });

  it('writes unusual numbers, undefined and extra fields, and other kinds as the oracle does', () => {
    const ds = [
      { seq: 0, event: 0, time: 't', kind: 'periodic_due', tool: 'x', rule: Number.NaN },
      { seq: 1, event: 0, time: 't', kind: 'periodic_due', tool: 'x', rule: -12 },
      { seq: 2, event: 1, time: 't', kind: 'periodic_due', tool: 'x', rule: 1.5 },
      { seq: 2 ** 53 + 2, event: 1e21, time: 't', kind: 'periodic_due', tool: 'x', rule: Number.POSITIVE_INFINITY },
      { seq: 9_007_199_254_740_991, event: 10, time: 't', kind: 'blocked', tool: 'x', code: 'C', rule: 0, message: 'm', reason: undefined, extra: [1, 'two', null, { a: true }] },
      { seq: 5, event: 3, time: 't', kind: 'exit_blocked', pending: ['a', 'b"c'], code: 'RequiredBeforeExit', message: 'pending' },
      { seq: 6, event: 4, time: 't', kind: 'error', line: 12, message: 'line 12: not valid JSON: "{\\u0000"' },
      { seq: 7, event: 4, time: 't', kind: 'exit' },
      { seq: 8, event: 5, time: 't', kind: 'transition', from: 'a', to: 'b', flag: false, nothing: null },
    ] as unknown as Decision[];
    expect(written(ds, { escape: jsonTermSafe }).text).toBe(reference(ds, jsonTermSafe));
    expect(written(ds).text).toBe(reference(ds));
  });

  it('hands over batches of whole lines of about the batch size, and a line longer than the buffer whole', () => {
    const long = { seq: 0, event: 0, time: 't', kind: 'blocked', tool: 'x', code: 'C', rule: 1, message: `"quoted" ${'y'.repeat(300_000)}` } as unknown as Decision;
    const short = { seq: 1, event: 1, time: '2025-01-01T00:00:00.000Z', kind: 'allowed', tool: 'tool_1', outcome: 'ok', flow: 'end' } as unknown as Decision;
    const ds = [short, long, ...Array.from({ length: 2000 }, () => short)];
    const out = written(ds, { batchBytes: 4096 });
    expect(out.text).toBe(reference(ds));
    const lineBytes = utf8(reference([short])).length;
    // 2001 short lines and one of 300 KB in batches of 4 KB: no batch per line, no single batch
    expect(out.batches).toBeGreaterThan(Math.floor((2001 * lineBytes) / (4096 + lineBytes)));
    expect(out.batches).toBeLessThan(2001 / 10);
  });

  it('writeLine writes ready-made JSON lines escaped like values', () => {
    const chunks: Uint8Array[] = [];
    const w = createDecisionWriter({ sink: (b) => chunks.push(b.slice()), escape: jsonTermSafe });
    w.writeLine('{"a":"\u009b\u202e"}');
    w.writeLine('{"b":1}');
    w.flush();
    expect(new TextDecoder().decode(new Uint8Array(chunks.flatMap((c) => [...c])))).toBe('{"a":"\\u009b\\u202e"}\n{"b":1}\n');
  });
});

describe('createDecisionWriter: decisions whose text repeats (issue 28)', () => {
  const kindArb = fc.constantFrom('deduplicated' as const, 'blocked' as const, 'not_found' as const, 'denied' as const);
  /** Few tools, messages and rules, so the same message meets other tools, rules, kinds and extra keys. */
  const repeatArb = fc.record({
    kind: kindArb,
    tool: fc.constantFrom('a', 'b', 'tool "q"', 'é'),
    message: fc.constantFrom('Duplicate call to a within dedupe window', 'same text', 'ünïcode \u001b', 'x'.repeat(1500)),
    rule: fc.option(fc.nat(2), { nil: undefined }),
    reason: fc.option(fc.constantFrom('start_constraint' as const, 'exit_requirement' as const), { nil: undefined }),
    extra: fc.option(fc.constantFrom(1, 'z', [1]), { nil: undefined }),
    /** An extra key, or one another kind has (compared too when a repeat is looked up). */
    extraKey: fc.constantFrom('extra', 'pending', 'consent'),
  });

  it('writes each as serializeDecision does, whatever repeats of it came before', () => {
    fc.assert(
      fc.property(fc.array(repeatArb, { maxLength: 30 }), fc.boolean(), (rs, escaped) => {
        const ds = rs.map((r, i) => {
          const d: Record<string, unknown> = { seq: i, event: i, time: formatIso(i * 1000), kind: r.kind, tool: r.tool, code: 'Deduplicated' };
          if (r.rule !== undefined) d.rule = r.rule;
          d.message = r.message;
          if (r.reason !== undefined) d.reason = r.reason;
          if (r.extra !== undefined) d[r.extraKey] = r.extra;
          return d as unknown as Decision;
        });
        const escape = escaped ? jsonTermSafe : undefined;
        expect(written(ds, escape ? { escape } : {}).text).toBe(reference(ds, escape));
      }),
      { numRuns: 500 },
    );
  });
});
