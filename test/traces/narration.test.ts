import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { commentOf, traceNarration } from '../../src/core/traces/narration.ts';
import { readScripted } from '../../src/core/traces/scripted.ts';

describe('traceNarration', () => {
  it('ties a comment after a step, or a block above it, to that step, and keeps the top as the introduction', () => {
    const text = [
      '# A walk through the agent.',
      '# Two lines of it.',
      'start: 2025-01-01T10:00:00Z',
      'steps:',
      '  - call: a            # first call',
      '    after: 1s',
      '  # the second call is too early',
      '  # and is refused',
      '  - call: b',
      '    after: 1s          # still the second step',
      '  - call: c',
    ].join('\n');
    const n = traceNarration(text);
    expect(n.intro).toBe('A walk through the agent. Two lines of it.');
    expect(n.byLine.get(5)).toBe('first call');
    expect(n.byLine.get(9)).toBe('the second call is too early and is refused still the second step');
    expect(n.byLine.has(11)).toBe(false);
  });

  it('matches the lines the trace items carry', () => {
    const text = readFileSync('examples/traces/etl-walkthrough.yaml', 'utf8');
    const n = traceNarration(text);
    const said = readScripted(text).map((item) => (item.kind === 'event' && item.line !== undefined ? n.byLine.get(item.line) : undefined));
    expect(said).toContain('too early: extract has not run yet');
    expect(n.intro).toMatch(/^A guided walk through the ETL pipeline agent/);
  });

  it('ignores a hash inside quotes or a word, and a trace that does not parse', () => {
    expect(commentOf(`  - call: x   # it's fine`)).toEqual({ text: "it's fine", whole: false });
    expect(commentOf(`    message: "issue #4 fixed"`)).toBeUndefined();
    expect(commentOf(`    message: C#sharp`)).toBeUndefined();
    expect(traceNarration('steps: [').byLine.size).toBe(0);
  });
});
