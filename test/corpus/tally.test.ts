/**
 * The corpus tally counts, for each rule, exactly the decisions the studio's attribution says it
 * fired — computed here the plain way (a fresh key string and a fresh count per firing) over the
 * decisions of each session replayed alone, and compared with the report's counts. The tally hands
 * out one key string per rule, made once: the counts must not depend on that.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createReplay } from '../../src/core/engine/replay.ts';
import type { Decision } from '../../src/core/engine/decisions.ts';
import { createSessionReplayer, prepareJob } from '../../src/core/corpus/replaySession.ts';
import { ToolRuleAttribution } from '../../src/core/simulator/attribution.ts';
import { forEachTraceItem } from '../../src/core/traces/readTrace.ts';

const RULES = 'examples/etl-pipeline.toml';
const TOOLS = ['connect_db', 'extract', 'transform', 'load', 'disconnect_db', 'send_message'];
const VIOLATIONS = ['blocked', 'denied', 'timeout', 'exit_blocked'];

function session(seed: number, length: number): string {
  let s = seed;
  const rnd = (k: number) => {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    return s % k;
  };
  const lines = Array.from({ length }, (_, j) => JSON.stringify({ type: 'tool_call', time: `2025-01-01T10:${String(Math.floor(j / 60)).padStart(2, '0')}:${String(j % 60).padStart(2, '0')}Z`, tool: TOOLS[rnd(TOOLS.length)] }));
  return `${lines.join('\n')}\n`;
}

describe('the corpus tally', () => {
  const { config } = prepareJob({ rules: [{ path: RULES, text: readFileSync(RULES, 'utf8') }], settings: {} });
  if (!config?.agent) throw new Error('no agent');
  const attribution = new ToolRuleAttribution(config.agent);

  it('counts per rule what the attribution fires for each decision, session after session', () => {
    const replayer = createSessionReplayer(config);
    let stoppedSomewhere = 0;
    for (let i = 0; i < 40; i++) {
      const text = session(i + 1, 5 + (i % 30));
      const got = replayer.text(`s${i}`, text);
      // The plain count, from a fresh replay of this session alone.
      const replay = createReplay(config);
      const decisions: Decision[] = [];
      forEachTraceItem(`s${i}`, text, (item) => decisions.push(...replay.push(item)));
      const want = new Map<string, { stopped: number; interrupts: number; fired: number }>();
      let firstRule: string | undefined;
      for (const d of decisions) {
        let first: string | undefined;
        attribution.forEachFired(d, (rule) => {
          const key = ['tool', String(rule)].join('#');
          first ??= key;
          const c = want.get(key) ?? { stopped: 0, interrupts: 0, fired: 0 };
          want.set(key, c);
          c.fired += 1;
          if (VIOLATIONS.includes(d.kind)) c.stopped += 1;
        });
        if (VIOLATIONS.includes(d.kind) && firstRule === undefined) firstRule = first ?? '';
      }
      expect(new Map(got.rules)).toEqual(want);
      expect(got.session.firstViolation?.rule ?? '').toBe(firstRule ?? '');
      if ([...want.values()].some((c) => c.stopped > 0)) stoppedSomewhere++;
    }
    // The sessions exercise the rules: most of them stop a call.
    expect(stoppedSomewhere).toBeGreaterThan(20);
  });
});
