/**
 * Property: on random small Letta rule sets and traces, the engine under profile `letta` offers
 * the same allowed set before every call, and decides every call, exit and refusal (with the
 * same rule) as a plain reference model of Letta's solver and loop (`test/reference/lettaSolver.ts`).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Decision } from '../../src/core/engine/decisions.ts';
import { resolveSettings } from '../../src/core/engine/settings.ts';
import { createToolEngine } from '../../src/core/engine/tools/index.ts';
import { lettaReference, type RefDecision, type RefEvent } from '../reference/lettaSolver.ts';
import { call, ev } from '../engine-tools/helpers.ts';
import { lettaAgent } from './helpers.ts';

const TOOLS = ['a', 'b', 'c', 'd'];
const tool = fc.constantFrom(...TOOLS);
const subset = fc.uniqueArray(tool, { maxLength: 3 });
const OUTPUTS = ['x', 'y', 'z'];

const ruleArb = fc.oneof(
  fc.record({ type: fc.constant('run_first'), tool_name: tool }),
  fc.record({ type: fc.constant('constrain_child_tools'), tool_name: tool, children: subset }),
  fc.record({ type: fc.constant('parent_last_tool'), tool_name: tool, children: subset }),
  fc.record({ type: fc.constant('max_count_per_step'), tool_name: tool, max_count_limit: fc.nat(2) }),
  fc.record({
    type: fc.constant('conditional'),
    tool_name: tool,
    child_output_mapping: fc.dictionary(fc.constantFrom(...OUTPUTS), tool, { minKeys: 1, maxKeys: 2 }),
    default_child: fc.option(tool, { nil: null }),
    require_output_mapping: fc.boolean(),
  }),
  fc.record({ type: fc.constant('exit_loop'), tool_name: tool }),
  fc.record({ type: fc.constant('continue_loop'), tool_name: tool }),
  fc.record({ type: fc.constant('required_before_exit'), tool_name: tool }),
  fc.record({ type: fc.constant('requires_approval'), tool_name: tool }),
);

const eventArb: fc.Arbitrary<RefEvent> = fc.oneof(
  { weight: 8, arbitrary: fc.record({ type: fc.constant('call' as const), tool: fc.constantFrom(...TOOLS, 'e'), output: fc.constantFrom(...OUTPUTS, ''), outcome: fc.constantFrom('ok' as const, 'ok' as const, 'error' as const) }) },
  { weight: 1, arbitrary: fc.constant({ type: 'model_end' as const }) },
  { weight: 1, arbitrary: fc.constant({ type: 'batch_start' as const }) },
);

const brief = (d: Decision | RefDecision): string => {
  switch (d.kind) {
    case 'allowed':
      return `allowed ${d.tool} ${d.flow}`;
    case 'blocked':
      return `blocked ${d.tool} ${d.code} #${d.rule}`;
    case 'not_found':
    case 'ignored':
      return `${d.kind} ${d.tool}`;
    case 'exit_blocked':
      return `exit_blocked ${d.pending.join(',')}`;
    default:
      return d.kind;
  }
};

describe('profile letta against a reference model of Letta', () => {
  it('gives the same allowed sets and decisions on random rules and traces', () => {
    fc.assert(
      fc.property(fc.array(ruleArb, { maxLength: 6 }), fc.array(eventArb, { maxLength: 14 }), fc.boolean(), (rules, events, errorOnEmpty) => {
        const agent = lettaAgent(TOOLS, rules);
        // the reference registers each call once, as Letta's v2 loop does (v3's double count: replay.test.ts)
        const engine = createToolEngine(agent, resolveSettings({ profile: 'letta', errorOnEmpty, lettaLoop: 'v2' }));
        const decisions: Decision[] = [];
        const offered: string[][] = [];
        events.forEach((e, i) => {
          if (e.type === 'call') {
            const snap = engine.snapshot();
            if (!snap.exited) offered.push(snap.letta?.allowed ?? []);
            const out = engine.step(call(e.tool, i, { output: e.output, outcome: e.outcome, consent: 'approve_once' }));
            decisions.push(...(out.decisions as Decision[]));
          } else decisions.push(...(engine.step(ev(e.type, i)).decisions as Decision[]));
        });
        const ref = lettaReference(TOOLS, agent.lettaRules ?? [], events, errorOnEmpty);
        expect(decisions.map(brief)).toEqual(ref.decisions.map(brief));
        expect(offered).toEqual(ref.offered);
      }),
      { numRuns: 400 },
    );
  });
});
