import { describe, expect, it } from 'vitest';
import { detectTraceFormat } from '../../src/core/traces/detect.ts';
import { readTrace } from '../../src/core/traces/readTrace.ts';
import { eventsOf, fixture } from './helpers.ts';

describe('detectTraceFormat', () => {
  it.each([
    ['session.jsonl', 'session.jsonl', 'canonical'],
    ['hooks.jsonl', 'trace.jsonl', 'hegel-hooks'],
    ['states.jsonl', 'log.jsonl', 'hegel-states'],
    ['transcript.jsonl', '0b1c-4f.jsonl', 'claude-code'],
    ['openai-chat.json', 'chat.json', 'openai'],
    ['anthropic-messages.json', 'conv.json', 'anthropic'],
    ['scenario.yaml', 'scenario.yml', 'scripted'],
  ])('recognises %s (named %s) as %s', (name, as, format) => {
    expect(detectTraceFormat(as, fixture(name))).toBe(format);
  });

  it('falls back on the name when the content does not tell, and on canonical at last', () => {
    expect(detectTraceFormat('.hegel/states.jsonl', '')).toBe('hegel-states');
    expect(detectTraceFormat('/x/.hegel/hooks.jsonl', 'garbage\n')).toBe('hegel-hooks');
    expect(detectTraceFormat('trace.jsonl', '')).toBe('canonical');
    expect(detectTraceFormat('trace.txt', 'start: 2025-01-01T00:00:00Z\n')).toBe('scripted');
    expect(detectTraceFormat('dump', '[{"role":"user","content":"hi"}]')).toBe('openai');
    expect(detectTraceFormat('trace.json', '{"type":"continue","time":"2025-01-01T10:00:00Z"}\n')).toBe('canonical');
    expect(detectTraceFormat('chat.json', '{"messages":[{"role":"user","content":"hi"}]}')).toBe('openai');
  });

  it('looks past lines that do not tell (a cut last line, a session_start of another shape)', () => {
    const head = 'garbage\n{"type":"continue","time":"2025-01-01T10:00:00Z"}\n{"type":"tool_ca';
    expect(detectTraceFormat('x.log', head)).toBe('canonical');
  });
});

describe('readTrace', () => {
  it('detects and reads, naming the file on error items', () => {
    const { format, items } = readTrace('.hegel/hooks.jsonl', fixture('hooks.jsonl'));
    expect(format).toBe('hegel-hooks');
    expect(eventsOf(items)).toHaveLength(7);
    expect(items.at(-1)).toMatchObject({ kind: 'error', file: '.hegel/hooks.jsonl' });
  });

  it('reads scripted YAML the same as readScripted', () => {
    const { format, items } = readTrace('scenario.yaml', fixture('scenario.yaml'));
    expect(format).toBe('scripted');
    expect(eventsOf(items)).toHaveLength(18);
  });
});
