/** fast-check generators of agents, traces and settings for the tool engine's property tests. */
import fc from 'fast-check';
import type { TraceEvent } from '../../src/core/traces/events.ts';
import { call, ev } from './helpers.ts';

export const TOOLS = ['a', 'b', 'c', 'd'] as const;
const tool = fc.constantFrom(...TOOLS);
const tools = fc.uniqueArray(tool, { maxLength: 2 });

/** Every rule type but Periodic (periodic reports ride on whatever event comes next). */
export const ruleArb = fc.oneof(
  fc.record({ tool_name: fc.constantFrom(...TOOLS, '*'), rule_type: fc.constant({ type: 'RequiresPrecedingTools' as const }), conditions: tools }),
  fc.record({ tool_name: fc.constantFrom(...TOOLS, '*'), rule_type: fc.constant({ type: 'RequiresFollowingTools' as const }), conditions: tools }),
  fc.record({ tool_name: fc.constantFrom(...TOOLS, '*'), rule_type: fc.record({ type: fc.constant('MaxCalls' as const), value: fc.nat(3) }) }),
  fc.record({ tool_name: fc.constantFrom(...TOOLS, '*'), rule_type: fc.record({ type: fc.constant('Cooldown' as const), value: fc.nat(3000) }) }),
  fc.record({ tool_name: tool, rule_type: fc.record({ type: fc.constant('ExclusiveGroups' as const), value: fc.array(tools, { maxLength: 2 }) }) }),
  fc.record({ tool_name: tool, rule_type: fc.constant({ type: 'StartConstraint' as const }) }),
  fc.record({ tool_name: tool, rule_type: fc.constant({ type: 'RequiredBeforeExit' as const }) }),
  fc.record({ tool_name: tool, rule_type: fc.constant({ type: 'RequiredBeforeExitIf' as const }), conditions: tools }),
  fc.record({ tool_name: tool, rule_type: fc.constant({ type: 'ExitLoop' as const }), conditions: tools }),
  fc.record({ tool_name: fc.constantFrom(...TOOLS, '*'), rule_type: fc.constant({ type: 'ContinueLoop' as const }), conditions: tools }),
  fc.record({ tool_name: tool, rule_type: fc.record({ type: fc.constant('RequiresConsent' as const), value: fc.constant({}) }) }),
  fc.record({ tool_name: tool, rule_type: fc.record({ type: fc.constant('AllowedOperations' as const), value: fc.uniqueArray(fc.constantFrom('r', 'w', ''), { maxLength: 2 }) }) }),
);
export const rulesArb = fc.array(fc.record({ rule: ruleArb, priority: fc.constantFrom(1, 5, 9) }), { maxLength: 6 }).map((rs) => rs.map(({ rule, priority }) => ({ ...rule, priority })));

export type Step = { kind: 'call' | 'model_end' | 'batch_start' | 'process_start'; tool: string; gap: number; op: string; n: number; consent: string | undefined; hb: boolean; error: boolean; slow: boolean };
export const stepArb: fc.Arbitrary<Step> = fc.record({
  kind: fc.constantFrom('call', 'call', 'call', 'call', 'model_end', 'batch_start', 'process_start'),
  tool: fc.constantFrom(...TOOLS, 'e'),
  gap: fc.nat(2000),
  op: fc.constantFrom('r', 'w'),
  n: fc.nat(2),
  consent: fc.constantFrom(undefined, 'deny', 'approve_once', 'approve_scope'),
  hb: fc.boolean(),
  error: fc.boolean(),
  slow: fc.boolean(),
});
export const settingsArb = fc.record({
  orderingScope: fc.constantFrom('batch' as const, 'process' as const),
  startConstraints: fc.constantFrom('auto' as const, 'gate' as const),
  exitRequirements: fc.constantFrom('auto' as const, 'block' as const),
  dedupeWindowMs: fc.constantFrom(0, 1500),
  executionTimeoutMs: fc.constant(100),
});

export function toEvents(steps: Step[]): TraceEvent[] {
  let t = 0;
  return steps.map((s) => {
    t += s.gap / 1000;
    if (s.kind !== 'call') return ev(s.kind, t);
    const args = { operation: s.op, n: s.n, ...(s.hb ? { request_heartbeat: true } : {}) };
    return call(s.tool, t, { args, outcome: s.error ? 'error' : 'ok', duration_ms: s.slow ? 500 : 0, ...(s.consent ? { consent: s.consent } : {}) });
  });
}
