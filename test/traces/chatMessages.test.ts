import { describe, expect, it } from 'vitest';
import { detectChatFlavor, readChatMessages } from '../../src/core/traces/chatMessages.ts';
import { at, call, fixture } from './helpers.ts';

const sec = (n: number) => at('1970-01-01T00:00:00Z') + n * 1000;

describe('readChatMessages', () => {
  it('reads an OpenAI-style log one second per event; unparsable arguments are an error on the message line', () => {
    expect(readChatMessages(fixture('openai-chat.json'), 'chat.json')).toEqual([
      { kind: 'event', event: { type: 'batch_start', time: sec(0) }, line: 5 },
      { kind: 'event', event: call(sec(1), 'load_data', { args: { path: 'in.csv' }, id: 'call_1' }), line: 6 },
      { kind: 'event', event: call(sec(2), 'validate', { id: 'call_2' }), line: 6 },
      {
        kind: 'error',
        line: 16,
        message: 'line 16: message 6: tool call \'process\' has arguments that are not valid JSON: "{\\"mode\\": \\"fast\\""',
        file: 'chat.json',
      },
      { kind: 'event', event: { type: 'model_end', time: sec(3) }, line: 23 },
      { kind: 'event', event: { type: 'batch_start', time: sec(4) }, line: 24 },
    ]);
  });

  it('reads an Anthropic-style log: tool_use blocks, tool results are no new batch, is_error marks the call', () => {
    expect(readChatMessages(fixture('anthropic-messages.json'))).toEqual([
      { kind: 'event', event: { type: 'batch_start', time: sec(0) }, line: 2 },
      { kind: 'event', event: call(sec(1), 'shell', { args: { cmd: 'ls' }, id: 'toolu_1' }), line: 3 },
      { kind: 'event', event: call(sec(2), 'file', { args: { operation: 'read', path: 'a.txt' }, id: 'toolu_2', outcome: 'error' }), line: 3 },
      { kind: 'event', event: { type: 'model_end', time: sec(3) }, line: 18 },
      { kind: 'event', event: { type: 'batch_start', time: sec(4) }, line: 19 },
    ]);
  });

  it('tells the two flavours apart', () => {
    expect(detectChatFlavor(JSON.parse(fixture('anthropic-messages.json')) as unknown[])).toBe('anthropic');
    expect(detectChatFlavor((JSON.parse(fixture('openai-chat.json')) as { messages: unknown[] }).messages)).toBe('openai');
  });

  it.each([
    ['{"messages": [', 'line 1: the file is not valid JSON'],
    ['{"data": []}', 'line 1: expected an array of messages or { "messages": [...] }, got an object'],
    ['"hello"', 'line 1: expected an array of messages or { "messages": [...] }, got a string'],
  ])('reports %j as one error', (text, message) => {
    expect(readChatMessages(text)).toEqual([{ kind: 'error', line: 1, message }]);
  });

  it('reports bad messages and calls on their own lines', () => {
    const text = [
      '[',
      '  "not a message",',
      '  {"role": "assistant", "tool_calls": [{"function": {"arguments": "{}"}}]},',
      '  {"role": "assistant", "tool_calls": [{"function": {"name": "f", "arguments": "[1]"}}]},',
      '  {"role": "assistant", "content": [{"type": "tool_use", "name": 3}]}',
      ']',
    ].join('\n');
    expect(readChatMessages(text)).toEqual([
      { kind: 'error', line: 2, message: 'line 2: message 1: expected an object, got a string' },
      { kind: 'error', line: 3, message: 'line 3: message 2: tool call has no function name' },
      { kind: 'error', line: 4, message: "line 4: message 3: tool call 'f' has arguments that are an array, not an object" },
      { kind: 'error', line: 5, message: "line 5: message 4: field 'tool': expected string, received number" },
    ]);
  });
});
