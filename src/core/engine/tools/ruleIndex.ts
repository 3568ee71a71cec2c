/**
 * The agent's rules, precomputed once per tool so that checking a call never scans the rule list:
 * each list is in rule order (`tool-rules.md` §4.2) and each entry keeps its rule's index in file
 * order, which is what decisions report (`traces.md` §4). Wildcard applicability follows §4.3.
 */
import { orderRules, type IndexedRule } from '../../describe/ruleOrder.ts';
import { DEFAULT_OPERATION_FIELD, WILDCARD, type Agent } from '../../model/toolRules.ts';

export interface OrderingRule {
  rule: number;
  kind: 'RequiresPrecedingTools' | 'RequiresFollowingTools';
  conditions: readonly string[];
}
export interface ValueRule {
  rule: number;
  value: number;
}
/** An exclusive group containing the tool; `key` identifies the group (its sorted member set). */
export interface GroupRef {
  key: string;
  group: readonly string[];
  rule: number;
}
export interface OperationGate {
  field: string;
  /** The intersection of every AllowedOperations rule of the tool. */
  allowed: ReadonlySet<string>;
  rules: { rule: number; values: ReadonlySet<string> }[];
}
export interface ConsentRule {
  rule: number;
  scope: string | undefined;
}
export interface ConditionalRule {
  tool: string;
  rule: number;
  conditions: readonly string[];
}

/** Everything the engine needs about one tool. */
export interface ToolRuleSet {
  ordering: OrderingRule[];
  /**
   * The MaxCalls rules that can fail a call (rule order): each with a limit below every earlier
   * one, since the first rule exceeded decides and a later, looser one is never first.
   */
  maxCalls: ValueRule[];
  /** The Cooldown rules that can fail a call (rule order): each longer than every earlier one, likewise. */
  cooldowns: ValueRule[];
  groups: GroupRef[];
  operations: OperationGate | undefined;
  consent: ConsentRule | undefined;
  /** An applicable ContinueLoop rule exists. */
  continues: boolean;
  exitLoops: ConditionalRule[];
  isStartTool: boolean;
}

export interface ExitRequirement extends ConditionalRule {
  /** RequiredBeforeExitIf: pending only once every condition was called. */
  conditional: boolean;
}
export interface PeriodicRule {
  tool: string;
  rule: number;
  periodMs: number;
}

const groupKey = (group: readonly string[]) => JSON.stringify([...new Set(group)].sort());

/** A rule with its position in rule order, so two position-sorted lists merge in rule order. */
interface PlacedRule extends IndexedRule {
  position: number;
}
/** An exclusive group of some rule, filed under each of its members. */
interface PlacedGroup {
  key: string;
  group: readonly string[];
  rule: number;
}

const NO_RULES: readonly PlacedRule[] = [];
const NO_GROUPS: readonly PlacedGroup[] = [];

/**
 * Per-tool rule lists. The constructor files every rule once under the tool it names (wildcard
 * rules in one list of their own, exclusive groups under each member), in O(rules + tools); a
 * tool's set is built from its own rules and the wildcard rules only, when first asked for.
 */
export class RuleIndex {
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
  /** Rules naming each tool, in rule order. */
  private readonly byTool = new Map<string, PlacedRule[]>();
  /** Rules naming `"*"`, in rule order. */
  private readonly wildcards: PlacedRule[] = [];
  /**
   * The wildcard rules that can bear on a named tool's set (ordering and ContinueLoop rules, and
   * MaxCalls / Cooldown rules not outdone by an earlier wildcard one), in rule order: the part of
   * every tool's build that does not depend on the tool, kept short.
   */
  private readonly wildcardsForNamed: PlacedRule[] = [];
  /** Exclusive groups by member, in rule order then group order. */
  private readonly groupsByMember = new Map<string, PlacedGroup[]>();
  private readonly startTools = new Set<string>();
  /** Profile `letta`: the first `requires_approval` rule of each tool. */
  private readonly approvals = new Map<string, number>();

  /**
   * `lettaApproval` (profile `letta`): a Letta `requires_approval` rule gates its tool as a
   * RequiresConsent rule does (Letta asks a human before the call runs).
   */
  constructor(
    agent: Agent,
    private readonly lettaApproval = false,
  ) {
    this.ordered = orderRules(agent.rules);
    this.declared = agent.tools.map((t) => t.name);
    this.declaredSet = new Set(this.declared);
    for (const t of agent.tools) this.operationFields.set(t.name, t.operation_field ?? DEFAULT_OPERATION_FIELD);
    const starts = new Map<string, number>();
    const exits: ExitRequirement[] = [];
    const periodic: PeriodicRule[] = [];
    let wildMaxCalls = Number.POSITIVE_INFINITY;
    let wildCooldown = Number.NEGATIVE_INFINITY;
    this.ordered.forEach(({ rule: r, index }, position) => {
      const t = r.rule_type;
      if (t.type === 'ExclusiveGroups') {
        for (const group of t.value) {
          const entry: PlacedGroup = { key: groupKey(group), group, rule: index };
          for (const member of new Set(group)) {
            const list = this.groupsByMember.get(member);
            if (list) list.push(entry);
            else this.groupsByMember.set(member, [entry]);
          }
        }
      }
      const placed: PlacedRule = { rule: r, index, position };
      if (r.tool_name === WILDCARD) {
        this.wildcards.push(placed);
        if (t.type === 'MaxCalls') {
          if (!(t.value >= wildMaxCalls)) this.wildcardsForNamed.push(placed);
          wildMaxCalls = Math.min(wildMaxCalls, t.value);
        } else if (t.type === 'Cooldown') {
          if (!(t.value <= wildCooldown)) this.wildcardsForNamed.push(placed);
          wildCooldown = Math.max(wildCooldown, t.value);
        } else if (t.type === 'RequiresPrecedingTools' || t.type === 'RequiresFollowingTools' || t.type === 'ContinueLoop') this.wildcardsForNamed.push(placed);
        return;
      }
      const list = this.byTool.get(r.tool_name);
      if (list) list.push(placed);
      else this.byTool.set(r.tool_name, [placed]);
      if (t.type === 'StartConstraint' && !starts.has(r.tool_name)) starts.set(r.tool_name, index);
      if (t.type === 'RequiredBeforeExit' || t.type === 'RequiredBeforeExitIf')
        exits.push({ tool: r.tool_name, rule: index, conditions: r.conditions, conditional: t.type === 'RequiredBeforeExitIf' });
      if (t.type === 'Periodic' && t.value > 0) periodic.push({ tool: r.tool_name, rule: index, periodMs: t.value });
    });
    this.startRules = [...starts].map(([tool, rule]) => ({ tool, rule }));
    for (const tool of starts.keys()) this.startTools.add(tool);
    this.exitRequirements = exits;
    this.periodic = periodic;
    if (lettaApproval)
      (agent.lettaRules ?? []).forEach((r, i) => {
        if (r.type === 'requires_approval' && !this.approvals.has(r.tool_name)) this.approvals.set(r.tool_name, i);
      });
  }

  /** The rules that bear on `tool`, in rule order: built on the first call for a name, then cached. */
  forTool(tool: string): ToolRuleSet {
    let set = this.cache.get(tool);
    if (!set) {
      set = this.build(tool);
      this.cache.set(tool, set);
    }
    return set;
  }

  /**
   * The rules whose `tool_name` is `tool` or `"*"`, in rule order: the tool's own rules merged
   * with the wildcard rules, never a scan of the rule list.
   */
  rulesNaming(tool: string): IndexedRule[] {
    const own = tool === WILDCARD ? NO_RULES : (this.byTool.get(tool) ?? NO_RULES);
    const wild = this.wildcards;
    const out: IndexedRule[] = [];
    for (let i = 0, j = 0; i < own.length || j < wild.length; ) {
      const takeOwn = j >= wild.length || (i < own.length && (own[i] as PlacedRule).position < (wild[j] as PlacedRule).position);
      out.push(takeOwn ? (own[i++] as PlacedRule) : (wild[j++] as PlacedRule));
    }
    return out;
  }

  /** O(rules naming the tool + wildcard rules + groups holding it). */
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
      isStartTool: this.startTools.has(tool),
    };
    const opRules: OperationGate['rules'] = [];
    let maxCallsFloor = Number.POSITIVE_INFINITY;
    let cooldownCeiling = Number.NEGATIVE_INFINITY;
    // A tool named "*" (a trace may call one) is matched exactly by every wildcard rule.
    const own = tool === WILDCARD ? NO_RULES : (this.byTool.get(tool) ?? NO_RULES);
    const wild = tool === WILDCARD ? this.wildcards : this.wildcardsForNamed;
    // The tool's own rules merged with the wildcard rules by position in rule order (no list built).
    for (let i = 0, j = 0; i < own.length || j < wild.length; ) {
      const takeOwn = j >= wild.length || (i < own.length && (own[i] as PlacedRule).position < (wild[j] as PlacedRule).position);
      const { rule: r, index } = takeOwn ? (own[i++] as PlacedRule) : (wild[j++] as PlacedRule);
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
          // Only a limit below every earlier one can ever be the first exceeded.
          if (!(t.value >= maxCallsFloor)) {
            set.maxCalls.push({ rule: index, value: t.value });
            maxCallsFloor = t.value;
          }
          break;
        case 'Cooldown':
          // Only a cooldown longer than every earlier one can ever be the first still running.
          if (!(t.value <= cooldownCeiling)) {
            set.cooldowns.push({ rule: index, value: t.value });
            cooldownCeiling = t.value;
          }
          break;
        case 'ContinueLoop':
          if (exact || (wildcard && (r.conditions.length === 0 || r.conditions.includes(tool)))) set.continues = true;
          break;
        case 'ExitLoop':
          if (exact) set.exitLoops.push({ tool, rule: index, conditions: r.conditions });
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
    const seenGroups = new Set<string>();
    for (const g of this.groupsByMember.get(tool) ?? NO_GROUPS) {
      if (seenGroups.has(g.key)) continue;
      seenGroups.add(g.key);
      set.groups.push(g);
    }
    if (this.lettaApproval && !set.consent) {
      const rule = this.approvals.get(tool);
      if (rule !== undefined) set.consent = { rule, scope: undefined };
    }
    // The intersection of the tool's AllowedOperations rules (as `allowedOperations` computes it).
    if (opRules.length > 0) {
      let allowed: Set<string> = new Set((opRules[0] as OperationGate['rules'][number]).values);
      for (let k = 1; k < opRules.length; k++) {
        const values = (opRules[k] as OperationGate['rules'][number]).values;
        allowed = new Set([...allowed].filter((o) => values.has(o)));
      }
      set.operations = { field: this.operationFieldOf(tool), allowed, rules: opRules };
    }
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
