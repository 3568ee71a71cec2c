/**
 * Which rules "fired" for a decision — the definition behind per-rule counts and never-fired
 * rules in the summary, and behind the rule an explanation points at.
 *
 * A tool rule fired for a decision when:
 * - the decision names it in `rule` (blocked, denied, periodic_due: the rule that decided);
 * - it is the StartConstraint rule (first in rule order for the tool) of an automatic start call
 *   (`auto` or a failure carrying `reason: start_constraint`);
 * - it is the exit requirement (first RequiredBeforeExit / RequiredBeforeExitIf rule of the tool in
 *   rule order) of an automatic exit call (`reason: exit_requirement`), or of a tool listed
 *   `pending` in an `exit_blocked`;
 * - it is the RequiresConsent rule of an `allowed` decision that carries `consent`;
 * - it is the first ExitLoop rule (rule order) of the tool of an `allowed` / `auto` decision with
 *   flow `exit`, or the first applicable ContinueLoop rule of one with flow `continue`.
 * Passing a check (MaxCalls not reached, an operation allowed) is not firing; `Needed` never fires.
 * A workflow rule fired when an `interrupt` names it (node and index).
 */
import type { Decision } from '../engine/decisions.ts';
import { RuleIndex } from '../engine/tools/ruleIndex.ts';
import { orderRules } from '../describe/ruleOrder.ts';
import { WILDCARD, type Agent } from '../model/toolRules.ts';

/** Per-tool lookups built once per agent, so attributing a decision is O(1). */
export class ToolRuleAttribution {
  private readonly index: RuleIndex;
  private readonly exitRule = new Map<string, number>();
  private readonly startRule = new Map<string, number>();
  private readonly continueRules: { rule: number; tool: string; conditions: readonly string[] }[] = [];
  private readonly cache = new Map<string, { exitLoop: number | undefined; continueLoop: number | undefined; consent: number | undefined }>();

  constructor(agent: Agent) {
    this.index = new RuleIndex(agent);
    for (const s of this.index.startRules) this.startRule.set(s.tool, s.rule);
    for (const r of this.index.exitRequirements) if (!this.exitRule.has(r.tool)) this.exitRule.set(r.tool, r.rule);
    for (const { rule, index } of orderRules(agent.rules))
      if (rule.rule_type.type === 'ContinueLoop') this.continueRules.push({ rule: index, tool: rule.tool_name, conditions: rule.conditions });
  }

  /** The StartConstraint rule that makes `tool` a start tool. */
  startRuleOf(tool: string): number | undefined {
    return this.startRule.get(tool);
  }

  /** The exit requirement rule of `tool` (first in rule order). */
  exitRuleOf(tool: string): number | undefined {
    return this.exitRule.get(tool);
  }

  private toolRules(tool: string) {
    let c = this.cache.get(tool);
    if (!c) {
      const set = this.index.forTool(tool);
      // ContinueLoop applicability as in tool-rules.md §4.1: exact, or `*` naming the tool or naming none.
      const cont = this.continueRules.find(
        (r) => r.tool === tool || (r.tool === WILDCARD && (r.conditions.length === 0 || r.conditions.includes(tool))),
      );
      c = { exitLoop: set.exitLoops[0]?.rule, continueLoop: cont?.rule, consent: set.consent?.rule };
      this.cache.set(tool, c);
    }
    return c;
  }

  /** The first ExitLoop rule of `tool` in rule order. */
  exitLoopOf(tool: string): number | undefined {
    return this.toolRules(tool).exitLoop;
  }

  /** The first ContinueLoop rule (rule order) that applies to `tool`. */
  continueLoopOf(tool: string): number | undefined {
    return this.toolRules(tool).continueLoop;
  }

  /** The RequiresConsent rule of `tool`. */
  consentOf(tool: string): number | undefined {
    return this.toolRules(tool).consent;
  }

  /** Calls `fire` once for each tool rule that fired for the decision (see the module comment). */
  forEachFired(d: Decision, fire: (rule: number) => void): void {
    switch (d.kind) {
      case 'allowed':
      case 'auto': {
        if (d.kind === 'auto') this.fireReason(d.reason, d.tool, fire);
        if (d.kind === 'allowed' && d.consent !== undefined) this.fireIf(this.consentOf(d.tool), fire);
        if (d.flow === 'exit') this.fireIf(this.exitLoopOf(d.tool), fire);
        else if (d.flow === 'continue') this.fireIf(this.continueLoopOf(d.tool), fire);
        return;
      }
      case 'blocked':
      case 'denied':
      case 'deduplicated':
      case 'timeout':
      case 'not_found':
        if (d.reason) this.fireReason(d.reason, d.tool, fire);
        if (d.rule !== undefined && d.rule >= 0) fire(d.rule);
        return;
      case 'periodic_due':
        fire(d.rule);
        return;
      case 'exit_blocked':
        for (const tool of d.pending) this.fireIf(this.exitRuleOf(tool), fire);
        return;
      default:
        return;
    }
  }

  private fireReason(reason: 'start_constraint' | 'exit_requirement', tool: string, fire: (rule: number) => void): void {
    this.fireIf(reason === 'start_constraint' ? this.startRuleOf(tool) : this.exitRuleOf(tool), fire);
  }

  private fireIf(rule: number | undefined, fire: (rule: number) => void): void {
    if (rule !== undefined) fire(rule);
  }
}
