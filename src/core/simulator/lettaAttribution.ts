/**
 * Which Letta rules "fired" for a decision under profile `letta` (rule numbers are indices in the
 * agent's `lettaRules`), the counterpart of `attribution.ts` for Pattern's and the spec's rules.
 * A Letta rule fired when:
 * - a refused call names it in `rule` (the child, conditional, max-count, parent or run_first rule
 *   that removed the tool from the allowed set);
 * - it is the first exit_loop rule of the tool of a call that ended the loop (flow `exit`);
 * - it is the first required_before_exit rule of a tool listed `pending` in an `exit_blocked`;
 * - it is the first requires_approval rule of the tool of a call that ran with an approval.
 * continue_loop rules never fire: continuing is what every other call does anyway.
 */
import type { Decision } from '../engine/decisions.ts';
import type { Agent } from '../model/toolRules.ts';

export class LettaRuleAttribution {
  private readonly exitLoop = new Map<string, number>();
  private readonly required = new Map<string, number>();
  private readonly approval = new Map<string, number>();

  constructor(agent: Agent) {
    (agent.lettaRules ?? []).forEach((r, i) => {
      const first = r.type === 'exit_loop' ? this.exitLoop : r.type === 'required_before_exit' ? this.required : r.type === 'requires_approval' ? this.approval : undefined;
      if (first && !first.has(r.tool_name)) first.set(r.tool_name, i);
    });
  }

  /** Calls `fire` once for each Letta rule that fired for the decision (see the module comment). */
  forEachFired(d: Decision, fire: (rule: number) => void): void {
    const fireIf = (rule: number | undefined) => {
      if (rule !== undefined) fire(rule);
    };
    switch (d.kind) {
      case 'allowed':
      case 'auto':
        if (d.kind === 'allowed' && d.consent !== undefined) fireIf(this.approval.get(d.tool));
        if (d.flow === 'exit') fireIf(this.exitLoop.get(d.tool));
        return;
      case 'blocked':
      case 'denied':
      case 'timeout':
      case 'not_found':
      case 'deduplicated':
        if (d.rule !== undefined && d.rule >= 0) fire(d.rule);
        return;
      case 'exit_blocked':
        for (const tool of d.pending) fireIf(this.required.get(tool));
        return;
      default:
        return;
    }
  }
}
