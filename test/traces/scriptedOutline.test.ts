/** A scripted trace read for its author: problems at line:column, steps with their times, nothing expanded. */
import { describe, expect, it } from 'vitest';
import { readScripted, scriptedOutline } from '../../src/core/traces/index.ts';

const errorsOf = (text: string) => readScripted(text).flatMap((i) => (i.kind === 'error' ? [{ line: i.line, message: i.message }] : []));

describe('scriptedOutline', () => {
  // review16: `- cal: transform` replayed the steps around it and reported a made-up block
  it('finds a misspelt action at its key, as the replay would report it', () => {
    const text = 'steps:\n  - call: extract\n  - cal: transform\n  - call: load\n';
    const { problems, steps } = scriptedOutline(text);
    expect(problems).toEqual([{ line: 3, column: 5, message: expect.stringMatching(/^line 3: step 2: unknown key 'cal' \(did you mean 'call'\?\)/) as unknown as string }]);
    expect(steps.map((s) => [s.number, s.line, s.column])).toEqual([
      [1, 2, 5],
      [3, 4, 5],
    ]);
    expect(problems.map(({ line, message }) => ({ line, message }))).toEqual(errorsOf(text));
  });

  it('gives YAML syntax errors their column, in line order', () => {
    const text = 'steps:\n  - call: a\n   - call: b\n  - call: [c\n';
    const { problems } = scriptedOutline(text);
    expect(problems.length).toBeGreaterThan(0);
    expect(problems.map(({ line, message }) => ({ line, message }))).toEqual(errorsOf(text).sort((a, b) => a.line - b.line));
    for (const p of problems) expect(p.column).toBeGreaterThanOrEqual(1);
    expect(problems.map((p) => p.line)).toEqual([...problems.map((p) => p.line)].sort((a, b) => a - b));
  });

  it('reports the same problems as the replay for top-level and event errors', () => {
    for (const text of [
      'start: yesterday\nsteps:\n  - call: a\n',
      'steps:\n  - call: a\nstep: []\n',
      'steps:\n  - 42\n  - call: a\n    outcome: maybe\n',
      '- call: a\n- bash: 7\n',
      'steps:\n  - call: a\n    after: 1h\n',
    ])
      expect(scriptedOutline(text).problems.map(({ line, message }) => ({ line, message }))).toEqual(errorsOf(text));
  });

  it('times each step on the virtual clock without expanding repeats', () => {
    const text = 'start: 2025-01-01T10:00:00Z\nsteps:\n  - call: a\n    repeat: 100000\n    every: 1s\n  - call: b\n    after: 5s\n';
    const { problems, steps } = scriptedOutline(text);
    expect(problems).toEqual([]);
    const t0 = Date.parse('2025-01-01T10:00:00Z');
    expect(steps.map((s) => [s.event.time - t0, s.count, s.every])).toEqual([
      [0, 100_000, 1000],
      [99_999_000 + 5000, 1, 0],
    ]);
  });

  it('refuses a trace past the event budget with one problem at the step that crosses it', () => {
    const text = 'steps:\n  - call: a\n    repeat: 10\n  - call: b\n    repeat: 10\n';
    expect(scriptedOutline(text, 15)).toEqual({ problems: [{ line: 4, column: 5, message: expect.stringMatching(/^line 4: step 2 \(repeat: 10\) takes the trace to 20 events/) as unknown as string }], steps: [] });
  });
});
