/** Explanations of decisions under profile `letta`: which Letta rule removed a tool, and what may follow a call. */
import { describe, expect, it } from 'vitest';
import type { Decision } from '../../src/core/engine/decisions.ts';
import { createReplay } from '../../src/core/engine/replay.ts';
import { explainDecision } from '../../src/core/simulator/explain.ts';
import type { TraceEvent } from '../../src/core/traces/events.ts';
import { call } from '../engine-tools/helpers.ts';
import { lettaAgent } from './helpers.ts';

const agent = lettaAgent(
  ['plan', 'search', 'answer', 'save'],
  [
    { type: 'run_first', tool_name: 'plan' },
    { type: 'constrain_child_tools', tool_name: 'plan', children: ['search'] },
    { type: 'conditional', tool_name: 'search', child_output_mapping: { found: 'answer' }, default_child: 'search' },
    { type: 'max_count_per_step', tool_name: 'plan', max_count_limit: 1 },
    { type: 'required_before_exit', tool_name: 'save' },
    { type: 'exit_loop', tool_name: 'answer' },
  ],
);
const settings = { profile: 'letta' as const };

/** Each decision of the events with its explanation, built from the state after its event. */
function explained(events: TraceEvent[], a = agent): { d: Decision; text: string; rule: number | undefined }[] {
  const replay = createReplay({ agent: a, settings });
  const out: { d: Decision; text: string; rule: number | undefined }[] = [];
  for (const e of events) {
    const ds = replay.push({ kind: 'event', event: e });
    const state = replay.snapshot();
    for (const d of ds) {
      const x = explainDecision(d, { agent: a, settings, state, event: e });
      out.push({ d, text: [x.title, x.summary, ...x.details].join('\n'), rule: x.ruleRef?.index });
    }
  }
  return out;
}

describe('explanations under profile letta', () => {
  it('a refused call names the rule that removed the tool, in Letta words', () => {
    const [init, , child] = explained([call('search', 0), call('plan', 1), call('answer', 2)]);
    expect(init?.rule).toBe(0);
    expect(init?.text).toContain('nothing has run yet in this step, and run_first rules allow only `plan` first');
    expect(init?.text).toContain('Rule #1: run_first on `plan`');
    expect(child?.rule).toBe(1);
    expect(child?.text).toContain('the last tool was `plan`, after which only `search` may be called');
    expect(child?.text).toContain('Rule #2: constrain_child_tools on `plan` — After using plan, you must use one of these tools: search');
  });

  it('an allowed call says what may follow it now', () => {
    const xs = explained([call('plan', 0), call('search', 1, { output: 'found' })]);
    expect(xs[0]?.text).toContain('may follow now: `search`');
    expect(xs[1]?.text).toContain('may follow now: `answer`');
    expect(xs[1]?.text).toContain('its output, which conditional rules read: `found`');
  });

  it('a conditional refusal shows the mapping; max_count says how often the tool ran', () => {
    const xs = explained([call('plan', 0), call('search', 1, { output: 'nothing' }), call('answer', 2)]);
    const conditional = xs[2];
    expect(conditional?.d).toMatchObject({ kind: 'blocked', tool: 'answer', rule: 2 });
    expect(conditional?.rule).toBe(2);
    expect(conditional?.text).toContain('child_output_mapping: "found" → `answer`');
    const capped = lettaAgent(['plan', 'search'], [{ type: 'max_count_per_step', tool_name: 'plan', max_count_limit: 1 }]);
    const max = explained([call('plan', 0), call('search', 1), call('plan', 2)], capped)[2];
    expect(max?.d).toMatchObject({ kind: 'blocked', tool: 'plan', rule: 0 });
    expect(max?.text).toContain('`plan` already ran 1 time in this step, its max_count_per_step');
  });

  it('an exit held back names the required_before_exit rule', () => {
    const xs = explained([call('plan', 0), call('search', 1, { output: 'found' }), call('answer', 2)]);
    const held = xs.find((x) => x.d.kind === 'exit_blocked');
    expect(held?.rule).toBe(4);
    expect(held?.text).toContain('Letta never calls a tool itself');
  });
});
