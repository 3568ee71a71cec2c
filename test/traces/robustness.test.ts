import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createCanonicalReader, readCanonical } from '../../src/core/traces/canonical.ts';
import { readHegelHooks } from '../../src/core/traces/hegelHooks.ts';
import { readHegelStates } from '../../src/core/traces/hegelStates.ts';
import { readClaudeTranscript } from '../../src/core/traces/claudeCode.ts';
import { readChatMessages } from '../../src/core/traces/chatMessages.ts';
import { readScripted } from '../../src/core/traces/scripted.ts';
import { MAX_LINE_CHARS } from '../../src/core/traces/lineReader.ts';
import { errorsOf, eventsOf } from './helpers.ts';

const good = '{"type":"continue","time":"2025-01-01T10:00:00Z"}';
const later = '{"type":"repeat","time":"2025-01-01T10:00:01Z"}';

describe('robustness', () => {
  it('turns garbage, binary and megabyte lines into error items and keeps reading', () => {
    const binary = String.fromCharCode(0, 1, 2, 0xff, 0xfffd, 27, 7) + '\u0000PK\u0003\u0004';
    const huge = '{"type":"tool_call","time":"2025-01-01T10:00:00Z","tool":"x","args":{"blob":"' + 'a'.repeat(MAX_LINE_CHARS) + '"}}';
    const items = readCanonical([good, '}{', binary, huge, 'a'.repeat(2_000_000), later].join('\n'));
    expect(eventsOf(items).map((e) => e.type)).toEqual(['continue', 'repeat']);
    expect(errorsOf(items).map(([l]) => l)).toEqual([2, 3, 4, 5]);
    expect(errorsOf(items)[2]).toEqual([4, `line 4: line is longer than ${MAX_LINE_CHARS} characters`]);
    // Messages quote at most a short preview, never the megabyte.
    for (const [, message] of errorsOf(items)) expect(message.length).toBeLessThan(200);
  });

  it('does not hold an unterminated endless line: it is reported once at the end', () => {
    const reader = createCanonicalReader();
    for (let i = 0; i < 40; i++) expect(reader.push('x'.repeat(64 * 1024))).toEqual([]);
    expect(reader.end()).toEqual([{ kind: 'error', line: 1, message: `line 1: line is longer than ${MAX_LINE_CHARS} characters` }]);
  });

  it('never throws on arbitrary input, whatever the reader', () => {
    const readers = [readCanonical, readHegelHooks, readHegelStates, readClaudeTranscript, readChatMessages, readScripted];
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string({ unit: 'binary' }), fc.json(), fc.array(fc.json()).map((xs) => xs.join('\n'))), (text) => {
        for (const read of readers) {
          const items = read(text);
          for (const item of items) if (item.kind === 'error') expect(item.line).toBeGreaterThanOrEqual(1);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('reads every JSON value on a canonical line as an error unless it is a valid event', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const items = readCanonical(JSON.stringify(value));
        expect(items.length).toBeLessThanOrEqual(1);
        expect(items.every((i) => i.kind === 'error')).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
