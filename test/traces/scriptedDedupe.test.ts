/**
 * The trace editor's dedupe warnings against the engine itself: with no rule blocking anything,
 * the steps warned about are exactly those with a call the replay merges as `deduplicated`.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readScripted, scriptedDedupeWarnings, scriptedOutline } from '../../src/core/traces/index.ts';
import { replayItems } from '../../src/core/engine/replay.ts';
import { agent } from '../simulator/helpers.ts';

const WINDOW = 300_000;

/** Lines of the steps whose calls the engine merges, replaying `text` with nothing blocked. */
function mergedLines(text: string, windowMs: number): number[] {
  const items = readScripted(text);
  const decisions = replayItems(items, { agent: agent([], ['a', 'b']), settings: { dedupeWindowMs: windowMs } });
  const lines = new Set(decisions.filter((d) => d.kind === 'deduplicated').map((d) => items[d.event]?.line));
  return [...lines].filter((l): l is number => l !== undefined).sort((x, y) => x - y);
}

const warnedLines = (text: string, windowMs: number) => [...new Set(scriptedDedupeWarnings(scriptedOutline(text).steps, windowMs).map((w) => w.line))].sort((x, y) => x - y);

describe('scriptedDedupeWarnings', () => {
  // review16: the presenter's strip showed "3 = draft_answer" for a second call written under the first
  it('warns on a second identical call written under the first, naming it and the fixes', () => {
    const text = 'steps:\n  - call: a\n  - call: b\n  - call: a\n';
    const [w, ...rest] = scriptedDedupeWarnings(scriptedOutline(text).steps, WINDOW);
    expect(rest).toEqual([]);
    expect(w).toMatchObject({ line: 4, column: 5 });
    expect(w?.message).toBe(
      'merged as a duplicate: the same tool and args as step 1 (line 2) at the same instant (a step without `after:` happens when the one before it does), inside the 5-minute dedupe window, so if that call ran this one is not run and not counted. ' +
        'To replay it as a call of its own, add `after: 5m` or longer, or give it different args.',
    );
    expect(mergedLines(text, WINDOW)).toEqual([4]);
  });

  it('is quiet for a call a window later, with other args, or with the window off', () => {
    expect(warnedLines('steps:\n  - call: a\n  - call: a\n    after: 5m\n', WINDOW)).toEqual([]);
    expect(warnedLines('steps:\n  - call: a\n    args: { i: 1 }\n  - call: a\n    args: { i: 2 }\n', WINDOW)).toEqual([]);
    expect(warnedLines('steps:\n  - call: a\n  - call: a\n', 0)).toEqual([]);
  });

  it('says how far to move a call merged after some time, and counts merged repeats', () => {
    const [late] = scriptedDedupeWarnings(scriptedOutline('steps:\n  - call: a\n  - call: a\n    after: 4m\n').steps, WINDOW);
    expect(late?.message).toMatch(/the same tool and args as step 1 \(line 2\) 4m after it, .*make it `after: 5m` or longer/);
    // a third call under a merged second: named by the nearest, which ever of the two ran
    const third = scriptedDedupeWarnings(scriptedOutline('steps:\n  - call: a\n  - call: b\n  - call: a\n  - call: a\n').steps, WINDOW);
    expect(third.map((w) => [w.line, /as step (\d)/.exec(w.message)?.[1]])).toEqual([
      [4, '1'],
      [5, '3'],
    ]);
    const [rep] = scriptedDedupeWarnings(scriptedOutline('steps:\n  - call: a\n    repeat: 25\n    every: 30s\n').steps, WINDOW);
    // runs at 0, 5 min and 10 min: 22 of the 24 repeats are merged
    expect(rep?.message).toMatch(/^22 repeats merged as duplicates: they come every 30s, .*set `every: 5m` or longer/);
  });

  it('matches the engine on 300 random scripts of calls, gaps and repeats', () => {
    const step = fc.record({
      tool: fc.constantFrom('a', 'b'),
      i: fc.constantFrom(undefined, 1, 2),
      after: fc.constantFrom(undefined, '1m', '4m59s', '5m', '6m'),
      repeat: fc.constantFrom(undefined, 2, 7),
      every: fc.constantFrom('0s', '30s', '1m40s', '5m'),
    });
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 12 }), fc.constantFrom(WINDOW, 60_000), (steps, windowMs) => {
        const text =
          'steps:\n' +
          steps
            .map(
              (s) =>
                `  - call: ${s.tool}\n` +
                (s.i !== undefined ? `    args: { i: ${s.i} }\n` : '') +
                (s.after !== undefined ? `    after: ${s.after}\n` : '') +
                (s.repeat !== undefined ? `    repeat: ${s.repeat}\n    every: ${s.every}\n` : ''),
            )
            .join('');
        expect(warnedLines(text, windowMs)).toEqual(mergedLines(text, windowMs));
      }),
      { numRuns: 300 },
    );
  });
});
