/**
 * Differential fuzz test: the optimised replay (src/core/engine/replay.ts, tool engine + workflow
 * evaluator) must give exactly the decisions of the naive reference (test/reference), decision by
 * decision, on random agents, workflows, settings and traces. Fixed seed; override with FUZZ_SEED
 * and FUZZ_RUNS.
 */
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { replayItems } from '../../src/core/engine/replay.ts';
import type { Decision } from '../../src/core/engine/decisions.ts';
import { naiveReplay, stampDecisions } from '../reference/naiveReplay.ts';
import { caseArb, type FuzzCase } from './arbitraries.ts';

const SEED = Number(process.env['FUZZ_SEED'] ?? 20261122);
const RUNS = Number(process.env['FUZZ_RUNS'] ?? 500);

/**
 * `error` decisions for out-of-context workflow events have no spec'd message or line: only their
 * kind and position are compared.
 */
function comparable(d: Decision | undefined): Record<string, unknown> | undefined {
  if (!d) return undefined;
  if (d.kind === 'error') return { seq: d.seq, event: d.event, time: d.time, kind: d.kind };
  return Object.fromEntries(Object.entries(d).filter(([, v]) => v !== undefined));
}

/** One line per decision for failure messages, interrupt texts cut short. */
function brief(d: Decision): string {
  const c = comparable(d) ?? {};
  const text = c['text'];
  return `    ${JSON.stringify(typeof text === 'string' ? { ...c, text: text.slice(0, 60) + '…' } : c)}`;
}

/** Throws, naming the first differing decision, when the two replays disagree. */
export function assertSameDecisions(c: FuzzCase): void {
  const expected = stampDecisions(c.trace, naiveReplay(c, c.trace));
  const actual = replayItems(
    c.trace.map((event) => ({ kind: 'event' as const, event })),
    {
      ...(c.agent ? { agent: c.agent } : {}),
      ...(c.workflow ? { workflow: c.workflow } : {}),
      settings: c.settings,
    },
  );
  const n = Math.max(expected.length, actual.length);
  for (let k = 0; k < n; k++) {
    const want = JSON.stringify(comparable(expected[k]));
    const got = JSON.stringify(comparable(actual[k]));
    if (want !== got)
      throw new Error(
        `decision ${k} differs (seed ${SEED})\n  reference: ${want}\n  optimised: ${got}\n` +
          `reference stream:\n${expected.map(brief).join('\n')}\noptimised stream:\n${actual.map(brief).join('\n')}`,
      );
  }
}

describe('optimised replay agrees with the naive reference', () => {
  it(`random agents, workflows, settings and traces (seed ${SEED}, ${RUNS} runs)`, () => {
    fc.assert(
      fc.property(caseArb, (c) => assertSameDecisions(c)),
      { seed: SEED, numRuns: RUNS },
    );
  }, 120_000);
});
