/**
 * Test oracle: the engine's rule index as it was before issue 28, kept as the straightforward
 * reference — each tool's rule set built by scanning every rule (tools × rules). The indexed
 * `RuleIndex` must give the same sets (test/engine-tools/ruleIndex.property.test.ts).
 */
import { allowedOperations } from '../../src/core/describe/gating.ts';
import { orderRules, type IndexedRule } from '../../src/core/describe/ruleOrder.ts';
import { DEFAULT_OPERATION_FIELD, WILDCARD, type Agent, type ToolRule } from '../../src/core/model/toolRules.ts';

import type { ExitRequirement, GroupRef, OperationGate, PeriodicRule, ToolRuleSet } from '../../src/core/engine/tools/ruleIndex.ts';

const groupKey = (group: readonly string[]) => JSON.stringify([...new Set(group)].sort());

/** Per-tool rule lists, built at creation for every named tool and lazily (then cached) for others. */
export class ScanRuleIndex {
  /** Declared tool names, in declaration order (empty = undeclared). */
  readonly declared: readonly string[];
  readonly declaredSet: ReadonlySet<string>;
  /** Start tools, once each, in rule order, with their first StartConstraint rule. */
  readonly startRules: readonly { tool: string; rule: number }[];
  readonly exitRequirements: readonly ExitRequirement[];
  readonly periodic: readonly PeriodicRule[];
  private readonly ordered: readonly IndexedRule[];
  private readonly cache = new Map<string, ToolRuleSet>();
  private readonly operationFields = new Map<string, string>();

  /**
   * `lettaApproval` (profile `letta`): a Letta `requires_approval` rule gates its tool as a
   * RequiresConsent rule does (Letta asks a human before the call runs).
   */
  constructor(
    private readonly agent: Agent,
    private readonly lettaApproval = false,
  ) {
    this.ordered = orderRules(agent.rules);
    this.declared = agent.tools.map((t) => t.name);
    this.declaredSet = new Set(this.declared);
    for (const t of agent.tools) this.operationFields.set(t.name, t.operation_field ?? DEFAULT_OPERATION_FIELD);
    const named = (r: ToolRule) => r.tool_name !== WILDCARD;
    const starts = new Map<string, number>();
    const exits: ExitRequirement[] = [];
    const periodic: PeriodicRule[] = [];
    for (const { rule: r, index } of this.ordered) {
      if (!named(r)) continue;
      const t = r.rule_type;
      if (t.type === 'StartConstraint' && !starts.has(r.tool_name)) starts.set(r.tool_name, index);
      if (t.type === 'RequiredBeforeExit' || t.type === 'RequiredBeforeExitIf')
        exits.push({ tool: r.tool_name, rule: index, conditions: r.conditions, conditional: t.type === 'RequiredBeforeExitIf' });
      if (t.type === 'Periodic' && t.value > 0) periodic.push({ tool: r.tool_name, rule: index, periodMs: t.value });
    }
    this.startRules = [...starts].map(([tool, rule]) => ({ tool, rule }));
    this.exitRequirements = exits;
    this.periodic = periodic;
    for (const name of this.declared) this.forTool(name);
    for (const r of agent.rules) if (named(r)) this.forTool(r.tool_name);
  }

  /** The rules that bear on `tool`, in rule order. O(1) after the first call for a name. */
  forTool(tool: string): ToolRuleSet {
    let set = this.cache.get(tool);
    if (!set) {
      set = this.build(tool);
      this.cache.set(tool, set);
    }
    return set;
  }

  private build(tool: string): ToolRuleSet {
    const set: ToolRuleSet = {
      ordering: [],
      maxCalls: [],
      cooldowns: [],
      groups: [],
      operations: undefined,
      consent: undefined,
      continues: false,
      exitLoops: [],
      isStartTool: this.startRules.some((s) => s.tool === tool),
    };
    const seenGroups = new Set<string>();
    const opRules: OperationGate['rules'] = [];
    for (const { rule: r, index } of this.ordered) {
      const exact = r.tool_name === tool;
      const wildcard = r.tool_name === WILDCARD;
      const t = r.rule_type;
      switch (t.type) {
        case 'RequiresPrecedingTools':
        case 'RequiresFollowingTools':
          if (exact || (wildcard && !r.conditions.includes(tool)))
            set.ordering.push({ rule: index, kind: t.type, conditions: r.conditions });
          break;
        case 'MaxCalls':
          if (exact || wildcard) set.maxCalls.push({ rule: index, value: t.value });
          break;
        case 'Cooldown':
          if (exact || wildcard) set.cooldowns.push({ rule: index, value: t.value });
          break;
        case 'ContinueLoop':
          if (exact || (wildcard && (r.conditions.length === 0 || r.conditions.includes(tool)))) set.continues = true;
          break;
        case 'ExitLoop':
          if (exact) set.exitLoops.push({ tool, rule: index, conditions: r.conditions });
          break;
        case 'ExclusiveGroups':
          for (const group of t.value) {
            const key = groupKey(group);
            if (!group.includes(tool) || seenGroups.has(key)) continue;
            seenGroups.add(key);
            set.groups.push({ key, group, rule: index });
          }
          break;
        case 'AllowedOperations':
          if (exact) opRules.push({ rule: index, values: new Set(t.value) });
          break;
        case 'RequiresConsent':
          if (exact && !set.consent) set.consent = { rule: index, scope: t.value.scope };
          break;
        default:
          break;
      }
    }
    if (this.lettaApproval && !set.consent) {
      const rule = (this.agent.lettaRules ?? []).findIndex((r) => r.type === 'requires_approval' && r.tool_name === tool);
      if (rule >= 0) set.consent = { rule, scope: undefined };
    }
    const allowed = allowedOperations(this.agent, tool);
    if (allowed && opRules.length > 0)
      set.operations = { field: this.operationFieldOf(tool), allowed, rules: opRules };
    return set;
  }

  /** The argument naming a tool's operation: its declared `operation_field`, else `operation`. */
  operationFieldOf(tool: string): string {
    return this.operationFields.get(tool) ?? DEFAULT_OPERATION_FIELD;
  }

  /** Every exclusive group of every rule, once each (by member set), in rule order. */
  allGroups(): GroupRef[] {
    const out: GroupRef[] = [];
    const seen = new Set<string>();
    for (const { rule: r, index } of this.ordered) {
      if (r.rule_type.type !== 'ExclusiveGroups') continue;
      for (const group of r.rule_type.value) {
        const key = groupKey(group);
        if (!seen.has(key)) out.push({ key, group, rule: index });
        seen.add(key);
      }
    }
    return out;
  }
}
