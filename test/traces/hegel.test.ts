import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createHegelHooksReader, readHegelHooks } from '../../src/core/traces/hegelHooks.ts';
import { readHegelStates } from '../../src/core/traces/hegelStates.ts';
import type { TraceItem } from '../../src/core/traces/events.ts';
import { at, call, errorsOf, eventsOf, fixture } from './helpers.ts';

const SKIPPED = (n: string) =>
  `skipped ${n} (this is the first) that are neither a hegel hook event (timestamp, session_id, event_type) nor a Claude Code hook line (session_id, hook_event_name)`;

describe('readHegelHooks', () => {
  it('reads post-tool-use events of both forms: a tool_call, then its command or edit', () => {
    const items = readHegelHooks(fixture('hooks.jsonl'), 'hooks.jsonl');
    expect(items).toEqual([
      { kind: 'event', event: call(at('2025-01-01T10:00:09.5Z'), 'Bash', { args: { command: 'cargo build', description: 'Build' }, activity_recorded: true }), line: 3 },
      { kind: 'event', event: { type: 'command', time: at('2025-01-01T10:00:09.5Z'), command: 'cargo build', tool: 'Bash' }, line: 3 },
      {
        kind: 'event',
        event: call(at('2025-01-01T10:00:20Z'), 'Edit', { args: { file_path: 'src/main.rs', old_string: 'a', new_string: 'b' }, activity_recorded: true }),
        line: 4,
      },
      { kind: 'event', event: { type: 'file_edit', time: at('2025-01-01T10:00:20Z'), path: 'src/main.rs', tool: 'Edit' }, line: 4 },
      { kind: 'event', event: call(at('2025-01-01T10:00:30Z'), 'Read', { args: { file_path: 'src/lib.rs' }, id: 'toolu_01' }), line: 6 },
      { kind: 'event', event: call(at('2025-01-01T10:00:40Z'), 'Write', { args: { file_path: 'README.md', content: '# hi' }, activity_recorded: true }), line: 7 },
      { kind: 'event', event: { type: 'file_edit', time: at('2025-01-01T10:00:40Z'), path: 'README.md', tool: 'Write' }, line: 7 },
      { kind: 'error', line: 5, message: `line 5: ${SKIPPED('2 lines')}`, file: 'hooks.jsonl' },
    ]);
  });

  it('uses hegel spellings: post_tool_use in canonical lines, PostToolUse in legacy ones', () => {
    const text = [
      '{"timestamp":"2025-01-01T10:00:00Z","session_id":"s","event_type":"PostToolUse","tool_name":"Bash","tool_input":{"command":"a"}}',
      '{"session_id":"s","hook_event_name":"post_tool_use","timestamp":"2025-01-01T10:00:01Z","tool_name":"Bash","tool_input":{"command":"b"}}',
    ].join('\n');
    expect(readHegelHooks(text)).toEqual([]);
  });

  it('does not make a command from a Bash call without a string command, nor an edit from MultiEdit', () => {
    const text = [
      '{"timestamp":"2025-01-01T10:00:00Z","session_id":"s","event_type":"post_tool_use","tool_name":"Bash","tool_input":{"command":["ls"]}}',
      '{"timestamp":"2025-01-01T10:00:01Z","session_id":"s","event_type":"post_tool_use","tool_name":"MultiEdit","tool_input":{"file_path":"a.rs"}}',
      '{"timestamp":"2025-01-01T10:00:02Z","session_id":"s","event_type":"post_tool_use","tool_name":"Glob"}',
    ].join('\n');
    expect(eventsOf(readHegelHooks(text))).toEqual([
      call(at('2025-01-01T10:00:00Z'), 'Bash', { args: { command: ['ls'] } }),
      call(at('2025-01-01T10:00:01Z'), 'MultiEdit', { args: { file_path: 'a.rs' } }),
      call(at('2025-01-01T10:00:02Z'), 'Glob'),
    ]);
  });

  it('reports unusable post-tool-use lines one by one', () => {
    const text = [
      '{"session_id":"s","hook_event_name":"PostToolUse","tool_name":"Bash","tool_input":{"command":"ls"}}',
      '{"timestamp":"2025-01-01T10:00:00","session_id":"s","event_type":"post_tool_use","tool_name":"Bash"}',
      '{"timestamp":"2025-01-01T10:00:00Z","session_id":"s","event_type":"post_tool_use","tool_input":{}}',
      '{"timestamp":"2025-01-01T10:00:00Z","session_id":"s","event_type":"post_tool_use","tool_name":"Bash","tool_input":"ls"}',
      '{"timestamp":"2025-01-01T10:00:05Z","session_id":"s","event_type":"post_tool_use","tool_name":"Read"}',
      '{"timestamp":"2025-01-01T10:00:04Z","session_id":"s","event_type":"post_tool_use","tool_name":"Read"}',
    ].join('\n');
    expect(errorsOf(readHegelHooks(text))).toEqual([
      [1, 'line 1: hook event has no timestamp'],
      [2, "line 2: time '2025-01-01T10:00:00' has no offset (add Z or ±HH:MM)"],
      [3, 'line 3: post-tool-use event has no tool_name'],
      [4, "line 4: field 'tool_input': expected an object, got a string"],
      [6, "line 6: time 2025-01-01T10:00:04.000Z is earlier than the previous event's 2025-01-01T10:00:05.000Z (times must not go backwards)"],
    ]);
  });

  it('counts one skipped line in the singular', () => {
    expect(errorsOf(readHegelHooks('\n\nxyz\n'))).toEqual([[3, `line 3: ${SKIPPED('1 line')}`]]);
  });

  it('streams: any chunking gives the whole-text items', () => {
    const text = fixture('hooks.jsonl');
    const whole = readHegelHooks(text);
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 1, max: text.length - 1 }), { maxLength: 25 }), (cuts) => {
        const bounds = [0, ...cuts.sort((a, b) => a - b), text.length];
        const reader = createHegelHooksReader();
        const items: TraceItem[] = [];
        for (let i = 0; i + 1 < bounds.length; i++) items.push(...reader.push(text.slice(bounds[i], bounds[i + 1])));
        items.push(...reader.end());
        expect(items).toEqual(whole);
      }),
    );
  });
});

describe('readHegelStates', () => {
  it('reads START as workflow_start and every other line as a recorded landing', () => {
    expect(readHegelStates(fixture('states.jsonl'))).toEqual([
      { kind: 'event', event: { type: 'workflow_start', time: at('2025-01-01T10:00:00Z'), node: 'spec' }, line: 1 },
      { kind: 'event', event: { type: 'next', time: at('2025-01-01T10:00:25Z'), claims: [], to: 'plan' }, line: 2 },
      { kind: 'event', event: { type: 'next', time: at('2025-01-01T10:00:50Z'), claims: [], to: 'code' }, line: 3 },
    ]);
  });

  it('turns each bad line into an error naming it and goes on', () => {
    const good = (t: string, from: string, to: string) =>
      JSON.stringify({ timestamp: t, workflow_id: null, from_node: from, to_node: to, phase: to, mode: 'execution' });
    const text = [
      good('2025-01-01T10:00:00Z', 'START', 'spec'),
      'not valid json',
      '{"timestamp":"2025-01-01T10:01:00Z","from_node":"spec","to_node":"plan","phase":"plan"}',
      '{"timestamp":"2025-01-01T10:01:00Z","from_node":"spec","to_node":5,"phase":"plan","mode":"m"}',
      good('2025-01-01T10:01:00', 'spec', 'plan'),
      good('2025-01-01T10:05:00Z', 'spec', 'plan'),
      good('2025-01-01T10:04:00Z', 'plan', 'code'),
      good('2025-01-01T10:06:00Z', 'plan', 'done'),
    ].join('\n');
    const items = readHegelStates(text, 'states.jsonl');
    expect(errorsOf(items)).toEqual([
      [2, 'line 2: not valid JSON: "not valid json"'],
      [3, "line 3: missing field 'mode'"],
      [4, "line 4: field 'to_node': expected a string, got a number"],
      [5, "line 5: time '2025-01-01T10:01:00' has no offset (add Z or ±HH:MM)"],
      [7, "line 7: time 2025-01-01T10:04:00.000Z is earlier than the previous event's 2025-01-01T10:05:00.000Z (times must not go backwards)"],
    ]);
    expect(eventsOf(items).map((e) => (e.type === 'next' ? e.to : e.type))).toEqual(['workflow_start', 'plan', 'done']);
  });
});
