/** The trace editor's pure side: which view a trace gets, reader errors as line markers, names. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { countLines, dedupeWindowOf, formatSize, MAX_EDITOR_CHARS, traceProblems, traceViewOf, uniqueTraceName } from '../../src/app/simulator/traceEditorModel.ts';
import { scriptedTemplate } from '../../src/app/simulator/traceTemplate.ts';

const SCRIPTED_TEMPLATE = scriptedTemplate({});

const fixture = (name: string) => readFileSync(`test/traces/fixtures/${name}`, 'utf8');

describe('traceViewOf', () => {
  it('edits scripted YAML, opens recorded logs read-only, and summarises very large ones', () => {
    expect(traceViewOf({ name: 'scenario.yaml', text: SCRIPTED_TEMPLATE })).toEqual({ mode: 'scripted', format: 'scripted' });
    expect(traceViewOf({ name: 'untitled', text: 'steps:\n  - call: a\n' })).toEqual({ mode: 'scripted', format: 'scripted' });
    expect(traceViewOf({ name: 'hooks.jsonl', text: fixture('hooks.jsonl') })).toEqual({ mode: 'readonly', format: 'hegel-hooks' });
    expect(traceViewOf({ name: 'chat.json', text: fixture('openai-chat.json') })).toEqual({ mode: 'readonly', format: 'openai' });
    const line = `${JSON.stringify({ type: 'continue', time: '2025-01-01T10:00:00Z' })}\n`;
    const big = line.repeat(Math.ceil((MAX_EDITOR_CHARS + 1) / line.length));
    expect(traceViewOf({ name: 'big.jsonl', text: big })).toEqual({ mode: 'summary', format: 'canonical', chars: big.length, lines: big.length / line.length });
    expect(traceViewOf({ name: 'exact.jsonl', text: 'x'.repeat(MAX_EDITOR_CHARS) }).mode).toBe('readonly');
  });
});

describe('traceProblems', () => {
  it('puts each bad step on its line, from its key to its end, without the line prefix', () => {
    const text = 'start: 2025-01-01T10:00:00Z\nsteps:\n  - call: a\n  - call: b\n    colour: red\n  - continue: false\n';
    const problems = traceProblems({ name: 't.yaml', text });
    expect(problems.map((p) => [p.range, p.message, p.severity])).toEqual([
      [{ start: { line: 4, column: 5 }, end: { line: 4, column: 12 } }, expect.stringMatching(/^step 2: unknown key 'colour'/), 'error'],
      [{ start: { line: 6, column: 5 }, end: { line: 6, column: 20 } }, "step 3: 'continue' expects true", 'error'],
    ]);
    expect(traceProblems({ name: 't.yaml', text: SCRIPTED_TEMPLATE })).toEqual([]);
  });

  // review16: a second `load` written under the first (no `after:`) was merged silently at replay
  it('warns on the line of a call the dedupe window will merge, with the two ways to keep it', () => {
    const text = 'steps:\n  - call: load\n  - call: transform\n  - call: load\n  - call: load\n    after: 5m\n';
    const problems = traceProblems({ name: 't.yaml', text }, 300_000);
    expect(problems.map((p) => [p.severity, p.code, p.range.start.line, p.range.start.column])).toEqual([['warning', 'trace-dedupe', 4, 5]]);
    expect(problems[0]?.message).toMatch(/^merged as a duplicate: the same tool and args as step 1 \(line 2\) at the same instant.*5-minute dedupe window.*`after: 5m` or longer, or give it different args\.$/);
    // the window off (a Letta or Claude Code profile, or 0 in the settings): nothing is merged
    expect(traceProblems({ name: 't.yaml', text }, 0)).toEqual([]);
  });

  it('knows the window a run would use: the form’s, none under the Letta and Claude Code profiles', () => {
    expect(dedupeWindowOf({ dedupeWindowMs: '300000', profile: 'file' }, undefined)).toBe(300_000);
    expect(dedupeWindowOf({ dedupeWindowMs: '300000', profile: 'file' }, 'letta')).toBe(0);
    expect(dedupeWindowOf({ dedupeWindowMs: '300000', profile: 'spec' }, 'claude')).toBe(0);
    expect(dedupeWindowOf({ dedupeWindowMs: '300000', profile: 'letta' }, undefined)).toBe(0);
    expect(dedupeWindowOf({ dedupeWindowMs: '5m', profile: 'pattern' }, undefined)).toBe(0);
    expect(dedupeWindowOf({ dedupeWindowMs: '1000', profile: 'pattern' }, undefined)).toBe(1000);
  });

  it('marks the bad line of a recorded log', () => {
    const good = JSON.stringify({ type: 'continue', time: '2025-01-01T10:00:00Z' });
    const problems = traceProblems({ name: 's.jsonl', text: `${good}\n{"type": "continue"}\n${good}\n` });
    expect(problems.map((p) => [p.range.start.line, p.message])).toEqual([[2, "missing field 'time'"]]);
  });
});

describe('small helpers', () => {
  it('names a new trace uniquely, counts lines and sizes', () => {
    expect(uniqueTraceName([], 'scenario.yaml')).toBe('scenario.yaml');
    expect(uniqueTraceName(['scenario.yaml', 'scenario-2.yaml'], 'scenario.yaml')).toBe('scenario-3.yaml');
    expect([countLines(''), countLines('a'), countLines('a\n'), countLines('a\nb')]).toEqual([0, 1, 1, 2]);
    expect([formatSize(3 * 1048576), formatSize(10)]).toEqual(['3.0 MB', '1 KB']);
  });
});
