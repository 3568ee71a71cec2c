/** Issue 29: a first line longer than the sniffed head still tells its format by its keys. */
import { describe, expect, it } from 'vitest';
import { detectTraceFormat } from '../../src/core/traces/detect.ts';

describe('format detection with a first line cut by the head', () => {
  const cut = (line: string) => line.slice(0, 65536);
  it('a Claude Code transcript line of 30 MB', () => {
    const line = JSON.stringify({ type: 'assistant', sessionId: 's', uuid: 'u', message: { content: 'x'.repeat(100_000) } });
    expect(detectTraceFormat('t.jsonl', cut(line))).toBe('claude-code');
  });
  it('a hegel hook line, a state line and a canonical event', () => {
    expect(detectTraceFormat('t.jsonl', cut(JSON.stringify({ session_id: 's', hook_event_name: 'PostToolUse', tool_input: { content: 'x'.repeat(100_000) } })))).toBe('hegel-hooks');
    expect(detectTraceFormat('t.jsonl', cut(JSON.stringify({ from_node: 'a', to_node: 'b', note: 'x'.repeat(100_000) })))).toBe('hegel-states');
    expect(detectTraceFormat('t.jsonl', cut(JSON.stringify({ type: 'tool_call', time: '2025-01-01T00:00:00Z', tool: 't', args: { x: 'x'.repeat(100_000) } })))).toBe('canonical');
  });
  it('a cut line that names no format stays undecided (canonical by default)', () => {
    expect(detectTraceFormat('t.jsonl', cut(JSON.stringify({ note: 'x'.repeat(100_000) })))).toBe('canonical');
  });
});
