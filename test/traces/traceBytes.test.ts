/**
 * Reading a trace file from its bytes (`createTraceBytesReader`, what `simulate --trace` and
 * `report` read): the items are those `readTrace` gives on the decoded text, for every format and
 * encoding, whatever the chunks and even when the caller reuses one buffer for them; the head the
 * format is told from is the first 65,536 characters of decoding the first 2^18 bytes at once.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { TraceItem } from '../../src/core/traces/events.ts';
import { readTrace } from '../../src/core/traces/readTrace.ts';
import { createTraceBytesReader, traceHeadText } from '../../src/core/traces/traceBytes.ts';
import { decodeBytes } from '../../src/core/text/decodeBytes.ts';

const FIXTURES = ['session.jsonl', 'transcript.jsonl', 'hooks.jsonl', 'states.jsonl', 'scenario.yaml', 'openai-chat.json', 'anthropic-messages.json'];

/** The reader's items for `bytes`, fed `size` bytes at a time through one buffer that is overwritten each time. */
function readChunked(name: string, bytes: Uint8Array, size: number): TraceItem[] {
  const reader = createTraceBytesReader(name);
  const buffer = new Uint8Array(size);
  const items: TraceItem[] = [];
  const emit = (x: TraceItem) => items.push(x);
  for (let at = 0; at < bytes.length; at += size) {
    const n = Math.min(size, bytes.length - at);
    buffer.set(bytes.subarray(at, at + n));
    reader.push(buffer.subarray(0, n), emit);
    buffer.fill(0x20);
  }
  reader.end(emit);
  return items;
}

/** UTF-16 little endian with its byte-order mark, as an editor on Windows saves it. */
function utf16le(text: string): Uint8Array {
  const out = new Uint8Array(2 + text.length * 2);
  out[0] = 0xff;
  out[1] = 0xfe;
  for (let i = 0; i < text.length; i++) {
    out[2 + 2 * i] = text.charCodeAt(i) & 0xff;
    out[3 + 2 * i] = text.charCodeAt(i) >> 8;
  }
  return out;
}

describe('createTraceBytesReader', () => {
  for (const f of FIXTURES)
    it(`reads ${f} as readTrace reads its text, in chunks of any size through a reused buffer`, () => {
      const bytes = new Uint8Array(readFileSync(join('test/traces/fixtures', f)));
      const want = readTrace(f, decodeBytes(bytes)).items;
      expect(want.length).toBeGreaterThan(0);
      for (const size of [1, 7, 100, 4096, 1 << 20]) expect(readChunked(f, bytes, size)).toEqual(want);
    });

  it('reads a UTF-16 session and a UTF-8 one with a byte-order mark as their text', () => {
    const text = readFileSync('test/traces/fixtures/session.jsonl', 'utf8');
    for (const bytes of [utf16le(text), new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(text)])]) {
      const want = readTrace('s.jsonl', decodeBytes(bytes)).items;
      expect(want.filter((i) => i.kind === 'event').length).toBeGreaterThan(3);
      for (const size of [3, 1 << 20]) expect(readChunked('s.jsonl', bytes, size)).toEqual(want);
    }
  });
});

describe('traceHeadText', () => {
  /** The definition: decode the first 2^18 bytes at once, keep 65,536 characters. */
  const reference = (bytes: Uint8Array) => new TextDecoder('utf-8').decode(bytes.subarray(0, 1 << 18)).slice(0, 65536);
  const enc = (s: string) => new TextEncoder().encode(s);

  it('is the first 65,536 characters of the first 2^18 bytes, a character cut at any boundary', () => {
    for (const ch of ['\u00e9', '\u20ac', '\u{1f600}'])
      for (const at of [65536, 131072, 196608, 1 << 18])
        for (let shift = -4; shift <= 4; shift++) {
          const pad = at + shift;
          for (const bytes of [enc(`${'\u00e9'.repeat(Math.floor(pad / 2))}${ch}tail`), enc(`${'a'.repeat(pad)}${ch}tail`), enc(`${'a'.repeat(pad)}${ch}`).subarray(0, pad + 1)])
            expect(traceHeadText(bytes, 'utf-8')).toBe(reference(bytes));
        }
  });

  it('gives the definition for any mix of 1- to 4-byte characters and broken sequences', () => {
    const piece = fc.oneof(fc.constantFrom('a', '\n', '\u00e9', '\u20ac', '\u{1f600}').map(enc), fc.constantFrom(new Uint8Array([0xe2, 0x82]), new Uint8Array([0xff]), new Uint8Array([0xf0, 0x9f])));
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 40 }), fc.integer({ min: 0, max: 300_000 }), (pieces, fill) => {
        const parts = [enc('x'.repeat(fill % 70_000)), ...pieces, enc('\u20ac'.repeat(Math.floor(fill / 3)))];
        const bytes = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
        let at = 0;
        for (const p of parts) {
          bytes.set(p, at);
          at += p.length;
        }
        expect(traceHeadText(bytes, 'utf-8')).toBe(reference(bytes));
      }),
      { numRuns: 60 },
    );
  });
});
