import { describe, expect, it } from 'vitest';
import { readClaudeTranscript } from '../../src/core/traces/claudeCode.ts';
import { at, call, errorsOf, fixture } from './helpers.ts';

describe('readClaudeTranscript', () => {
  it('reads usage then tool_use blocks of timed assistant lines, skipping the rest', () => {
    expect(readClaudeTranscript(fixture('transcript.jsonl'))).toEqual([
      {
        kind: 'event',
        event: { type: 'tokens', time: at('2025-01-01T10:00:05Z'), input: 1200, output: 80, cache_read: 5000, cache_creation: 300 },
        line: 2,
      },
      { kind: 'event', event: call(at('2025-01-01T10:00:05Z'), 'Bash', { args: { command: 'cargo build', description: 'Build' }, id: 'toolu_01' }), line: 2 },
      { kind: 'event', event: { type: 'tokens', time: at('2025-01-01T10:00:12Z'), input: 1500, output: 12 }, line: 5 },
      { kind: 'event', event: { type: 'tokens', time: at('2025-01-01T10:00:13Z'), input: 10, output: 5 }, line: 6 },
    ]);
  });

  it('reports broken lines, bad usage, bad blocks and backwards times', () => {
    const text = [
      '{"type":"assistant","timestamp":"2025-01-01T10:00:05Z","message":{"usage":{"input_tokens":5,"output_tokens":1}}}',
      '{"type":"assistant",',
      '{"type":"assistant","timestamp":"2025-01-01T10:00:06Z","message":{"usage":{"input_tokens":"5","output_tokens":1}}}',
      '{"type":"assistant","timestamp":"2025-01-01T10:00:06Z","message":{"content":[{"type":"tool_use","id":"t","input":{}}]}}',
      '{"type":"assistant","timestamp":"2025-01-01 10:00:07","message":{"usage":{"input_tokens":5,"output_tokens":1}}}',
      '{"type":"assistant","timestamp":"2025-01-01T10:00:01Z","message":{"usage":{"input_tokens":5,"output_tokens":1}}}',
    ].join('\n');
    expect(errorsOf(readClaudeTranscript(text))).toEqual([
      [2, 'line 2: not valid JSON: "{\\"type\\":\\"assistant\\","'],
      [3, "line 3: usage: field 'input': expected number, received string"],
      [4, "line 4: tool_use block: missing field 'tool'"],
      [5, "line 5: time '2025-01-01 10:00:07' has no offset (add Z or ±HH:MM)"],
      [6, "line 6: time 2025-01-01T10:00:01.000Z is earlier than the previous event's 2025-01-01T10:00:05.000Z (times must not go backwards)"],
    ]);
  });
});
