/** fast-check generators: small traces mixing tool calls, markers, workflow events and bad lines. */
import fc from 'fast-check';
import type { TraceItem } from '../../src/core/traces/events.ts';
import { agent, call, ev, workflow } from './helpers.ts';

export const TOOLS = ['a', 'b', 'c', 'd'] as const;

/** An agent whose rules fire often (no exit requirements, so failures name their rule). */
export const busyAgent = agent([
  { tool_name: 'a', rule_type: { type: 'MaxCalls', value: 2 } },
  { tool_name: 'b', rule_type: { type: 'RequiresPrecedingTools' }, conditions: ['a'] },
  { tool_name: 'c', rule_type: { type: 'Cooldown', value: 3000 } },
  { tool_name: 'd', rule_type: { type: 'RequiresConsent', value: {} } },
  { tool_name: 'a', rule_type: { type: 'ExclusiveGroups', value: [['a', 'c']] } },
  { tool_name: 'd', rule_type: { type: 'ExitLoop' } },
  { tool_name: 'a', rule_type: { type: 'Periodic', value: 5000 } },
  { tool_name: 'b', rule_type: { type: 'ContinueLoop' } },
]);

export const busyWorkflow = workflow('s', {
  s: { transitions: [['go', 't']], rules: [{ type: 'repeated_command', threshold: 2, window: 30 }] },
  t: { transitions: [['back', 's']], rules: [{ type: 'token_budget', max_tokens: 100 }] },
});

const step = fc.record({
  kind: fc.constantFrom('call', 'call', 'call', 'call', 'model_end', 'batch_start', 'process_start', 'next', 'command', 'tokens', 'bad'),
  tool: fc.constantFrom(...TOOLS, 'e'),
  gap: fc.nat(4000),
  n: fc.nat(3),
  consent: fc.constantFrom(undefined, 'deny', 'approve_once'),
  claim: fc.constantFrom('go', 'back', 'x'),
});

/** A trace: `workflow_start` first, then random steps. */
export const traceArb: fc.Arbitrary<TraceItem[]> = fc.array(step, { maxLength: 40 }).map((steps) => {
  let t = 0;
  const items: TraceItem[] = [ev(0, 'workflow_start')];
  steps.forEach((s, i) => {
    t += s.gap / 1000;
    switch (s.kind) {
      case 'call':
        items.push(call(t, s.tool, { args: { n: s.n }, ...(s.consent ? { consent: s.consent } : {}) }));
        break;
      case 'next':
        items.push(ev(t, 'next', { claims: [s.claim] }));
        break;
      case 'command':
        items.push(ev(t, 'command', { command: `make ${s.n}` }));
        break;
      case 'tokens':
        items.push(ev(t, 'tokens', { input: s.n * 40, output: 10 }));
        break;
      case 'bad':
        items.push({ kind: 'error', line: i + 2, message: `line ${i + 2}: not JSON` });
        break;
      default:
        items.push(ev(t, s.kind as 'model_end'));
    }
  });
  return items;
});
