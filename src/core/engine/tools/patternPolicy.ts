/**
 * The `pattern` profile's policy points: the decisions of Pattern's released `ToolRuleEngine`
 * (orual/pattern @ 50241994, `crates/pattern_core/src/tool/rules/engine.rs`), mapped onto Rule
 * Studio's scopes (its execution history is the ordering scope, its call counts the batch, its
 * last executions the replay). Where it differs from `tool-rules.md`:
 *
 * - `can_execute_tool`: the start gate always applies, listing every StartConstraint rule's tool
 *   not yet called (repeats and `"*"` kept); then every rule of the tool (exact or `"*"`) in rule
 *   order, whatever its type, so a Cooldown may report before a missing prerequisite. A `"*"`
 *   ordering rule binds its own conditions too; an exclusive group binds only tools whose rules
 *   hold it, and lists the other members called, in group order.
 * - Messages: PrerequisitesNotMet lists all the rule's conditions, OrderingViolation every tool
 *   called in the scope.
 * - `check_operation_allowed`: only the first AllowedOperations rule of the tool counts.
 * - Flow: `requires_heartbeat` (a `"*"` ContinueLoop covers only the tools in its conditions);
 *   `should_exit_loop` (an ExitLoop tool called in the scope, conditions ignored, or the Cleanup
 *   phase with nothing required); an exit does not wait for exit requirements, and calls after it
 *   are checked as usual. Exit requirements are listed per rule, repeats and `"*"` kept.
 *
 * Per-tool rule lists are compiled once per tool id, so a call costs O(rules of the tool).
 */
import { orderRules } from '../../describe/ruleOrder.ts';
import { WILDCARD, type Agent, type ToolRule } from '../../model/toolRules.ts';
import type { Flow } from '../decisions.ts';
import { HistoryListMessage } from './historyMessage.ts';
import { fail, operationOf, prerequisitesNotMet, type CallFailure, type CallRequest, type CheckContext } from './checks.ts';
import {
  cooldownActiveMessage,
  exclusiveGroupViolationMessage,
  maxCallsExceededMessage,
  operationNotAllowedMessage,
  orderingViolationHead,
  startConstraintsNotMetMessage,
} from './messages.ts';
import { WILDCARD_ID, type ToolPolicy } from './policy.ts';
import type { ToolState } from './state.ts';
import type { ToolTable } from './toolTable.ts';

/** One rule `can_execute_tool` reads for a tool, in rule order. */
type PatternCheck =
  | { kind: 'preceding' | 'following'; rule: number; conditions: readonly string[]; ids: readonly number[] }
  | { kind: 'maxCalls' | 'cooldown'; rule: number; value: number }
  | { kind: 'groups'; rule: number; groups: readonly { group: readonly string[]; members: readonly { name: string; id: number }[] }[] };

/** What the engine reads about one tool. */
interface PatternTool {
  checks: PatternCheck[];
  /** The first AllowedOperations rule of the tool (rule order). */
  operations: { rule: number; allowed: ReadonlySet<string>; field: string } | undefined;
  requiresHeartbeat: boolean;
  isStartTool: boolean;
}

interface NamedRule {
  rule: number;
  tool: string;
  id: number;
}

class PatternRules {
  private readonly ordered: readonly { rule: ToolRule; index: number }[];
  private readonly tools: (PatternTool | undefined)[] = [];
  readonly startRules: readonly NamedRule[];
  readonly exitRequirements: readonly (NamedRule & { conditional: boolean; conditionIds: readonly number[] })[];
  readonly exitLoopIds: readonly number[];

  constructor(
    agent: Agent,
    private readonly table: ToolTable,
  ) {
    this.ordered = orderRules(agent.rules);
    const named = (r: ToolRule, index: number): NamedRule => ({ rule: index, tool: r.tool_name, id: this.idOf(r.tool_name) });
    this.startRules = this.ordered.filter(({ rule: r }) => r.rule_type.type === 'StartConstraint').map(({ rule: r, index }) => named(r, index));
    this.exitRequirements = this.ordered
      .filter(({ rule: r }) => r.rule_type.type === 'RequiredBeforeExit' || r.rule_type.type === 'RequiredBeforeExitIf')
      .map(({ rule: r, index }) => ({ ...named(r, index), conditional: r.rule_type.type === 'RequiredBeforeExitIf', conditionIds: this.idsOf(r.conditions) }));
    this.exitLoopIds = this.ordered.filter(({ rule: r }) => r.rule_type.type === 'ExitLoop').map(({ rule: r }) => this.idOf(r.tool_name));
  }

  /** A tool name's id; `"*"` is no tool in Pattern's engine (it is never called). */
  private idOf(name: string): number {
    return name === WILDCARD ? WILDCARD_ID : this.table.intern(name);
  }

  private idsOf(names: readonly string[]): number[] {
    return names.map((n) => this.idOf(n));
  }

  /** The compiled rules of a tool, built on first use. */
  tool(state: ToolState, id: number, name: string): PatternTool {
    let t = this.tools[id];
    if (!t) {
      t = this.compile(name);
      this.tools[id] = t;
      state.ensureTools(this.table.size);
    }
    return t;
  }

  private compile(name: string): PatternTool {
    const t: PatternTool = { checks: [], operations: undefined, requiresHeartbeat: true, isStartTool: false };
    // Every rule read here names the tool or "*": the index gives those, in rule order.
    for (const { rule: r, index: rule } of this.table.index.rulesNaming(name)) {
      const type = r.rule_type;
      const exact = r.tool_name === name;
      if (type.type === 'ContinueLoop' && (exact || (r.tool_name === WILDCARD && r.conditions.includes(name)))) t.requiresHeartbeat = false;
      if (type.type === 'StartConstraint' && exact) t.isStartTool = true;
      if (type.type === 'AllowedOperations' && exact && !t.operations)
        t.operations = { rule, allowed: new Set(type.value), field: this.table.index.operationFieldOf(name) };
      if (!exact && r.tool_name !== WILDCARD) continue;
      if (type.type === 'RequiresPrecedingTools' || type.type === 'RequiresFollowingTools')
        t.checks.push({ kind: type.type === 'RequiresPrecedingTools' ? 'preceding' : 'following', rule, conditions: r.conditions, ids: this.idsOf(r.conditions) });
      else if (type.type === 'MaxCalls' || type.type === 'Cooldown') t.checks.push({ kind: type.type === 'MaxCalls' ? 'maxCalls' : 'cooldown', rule, value: type.value });
      else if (type.type === 'ExclusiveGroups') {
        const groups = type.value.filter((g) => g.includes(name)).map((group) => ({ group, members: group.map((m) => ({ name: m, id: this.idOf(m) })) }));
        if (groups.length > 0) t.checks.push({ kind: 'groups', rule, groups });
      }
    }
    return t;
  }

  /** `get_required_before_exit_tools`: per rule in rule order, repeats kept. */
  pendingExit(state: ToolState): number[] {
    const out: number[] = [];
    for (const r of this.exitRequirements) {
      if (state.isCalled(r.id)) continue;
      if (!r.conditional || r.conditionIds.every((c) => state.isCalled(c))) out.push(r.id);
    }
    return out;
  }

  /** `should_exit_loop`. */
  shouldExitLoop(state: ToolState): boolean {
    if (this.exitLoopIds.some((id) => state.isCalled(id))) return true;
    return state.inCleanup && this.pendingExit(state).length === 0;
  }
}


function checkStartGate(ctx: CheckContext, rules: PatternRules, call: CallRequest, t: PatternTool): CallFailure | undefined {
  if (t.isStartTool) return undefined;
  const missing = rules.startRules.filter((s) => !ctx.state.isCalled(s.id));
  const first = missing[0];
  if (!first) return undefined;
  return fail('StartConstraintsNotMet', startConstraintsNotMetMessage(call.tool.name, missing.map((s) => s.tool)), first.rule);
}

/** One rule of `can_execute_tool`'s loop. */
function checkOne(ctx: CheckContext, call: CallRequest, c: PatternCheck): CallFailure | undefined {
  const { state } = ctx;
  const tool = call.tool.name;
  switch (c.kind) {
    case 'preceding':
      if (c.ids.every((id) => state.isCalled(id))) return undefined;
      return fail('PrerequisitesNotMet', prerequisitesNotMet(ctx, tool, c.conditions), c.rule);
    case 'following': {
      if (!c.ids.some((id) => state.isCalled(id))) return undefined;
      // Pattern lists every tool executed in the scope (`get_executed_tools`), in order, repeats kept.
      const executed = new HistoryListMessage(orderingViolationHead(tool, c.conditions), state.called.view(), ctx.table.debugNameOf, ']');
      return fail('OrderingViolation', executed, c.rule);
    }
    case 'maxCalls': {
      const current = state.executionsOf(call.tool.id);
      return current >= c.value ? fail('MaxCallsExceeded', maxCallsExceededMessage(tool, c.value, current), c.rule) : undefined;
    }
    case 'cooldown': {
      const elapsed = call.time - (state.lastExecution[call.tool.id] as number);
      return elapsed < c.value ? fail('CooldownActive', cooldownActiveMessage(tool, c.value - elapsed), c.rule) : undefined;
    }
    case 'groups':
      for (const { group, members } of c.groups) {
        const others = members.filter((m) => m.name !== tool && state.isCalled(m.id)).map((m) => m.name);
        if (others.length > 0) return fail('ExclusiveGroupViolation', exclusiveGroupViolationMessage(tool, group, others), c.rule);
      }
      return undefined;
  }
}

/** The `pattern` profile's policy for one engine (its rules compiled against the engine's tool table). */
export function createPatternPolicy(agent: Agent, table: ToolTable): ToolPolicy {
  const rules = new PatternRules(agent, table);
  return {
    profile: 'pattern',
    checkRules(ctx, call) {
      const t = rules.tool(ctx.state, call.tool.id, call.tool.name);
      const gate = checkStartGate(ctx, rules, call, t);
      if (gate) return gate;
      for (const c of t.checks) {
        const failure = checkOne(ctx, call, c);
        if (failure) return failure;
      }
      const ops = t.operations;
      if (!ops) return undefined;
      const op = operationOf(call.args, ops.field);
      return ops.allowed.has(op) ? undefined : fail('OperationNotAllowed', operationNotAllowedMessage(call.tool.name, op, ops.allowed), ops.rule);
    },
    flowOf(ctx, call): Flow {
      const heartbeat = rules.tool(ctx.state, call.tool.id, call.tool.name).requiresHeartbeat;
      if (call.args.request_heartbeat === true && heartbeat) return 'heartbeat';
      if (rules.shouldExitLoop(ctx.state)) return 'exit';
      return heartbeat ? 'end' : 'continue';
    },
    pendingExit: (ctx) => rules.pendingExit(ctx.state),
    exitFlowSkipsRequirements: true,
    ignoresCallsAfterExit: false,
  };
}
