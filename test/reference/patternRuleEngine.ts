/**
 * A small reference model of Pattern's released `ToolRuleEngine` (orual/pattern @
 * 50241994a8ca19fd92d3368e0abdcbad51bb17b3, crates/pattern_core/src/tool/rules/engine.rs), written
 * from that source method by method, for the `pattern` profile's property test. It answers the
 * engine's questions over an explicit state (the execution history, call counts, last execution
 * times, the Cleanup phase) the driver (`patternTools.ts`) derives from the trace; nothing here is
 * shared with Rule Studio's engine.
 */
import type { Agent, ToolRule } from '../../src/core/model/toolRules.ts';
import type { ToolFailureCode } from '../../src/core/engine/decisions.ts';
import { debugDuration, debugList } from './rustFormat.ts';

/** `ToolExecution`: a recorded execution (`success` = outcome ok). */
export interface PatternExecution {
  tool: string;
  success: boolean;
}

/** `ToolExecutionState`, as the engine reads it. */
export interface PatternState {
  /** `execution_history`, in order. */
  history: readonly PatternExecution[];
  /** `call_counts`: every recorded execution per tool. */
  callCounts: ReadonlyMap<string, number>;
  /** `last_execution`, epoch ms. */
  lastExecution: ReadonlyMap<string, number>;
  /** `phase == Cleanup`: an ExitLoop tool was recorded (even unsuccessful). */
  cleanup: boolean;
}

/** A `ToolRuleViolation`, plus the index (file order) of the rule that raised it. */
export interface PatternViolation {
  code: ToolFailureCode;
  rule: number;
  message: string;
}

interface Sorted {
  rule: ToolRule;
  index: number;
}

/** `ToolRuleEngine::new`: rules sorted by priority, highest first (a stable sort). */
function sortRules(agent: Agent): Sorted[] {
  return agent.rules.map((rule, index) => ({ rule, index })).sort((a, b) => b.rule.priority - a.rule.priority);
}

export class PatternRuleEngine {
  private readonly rules: Sorted[];

  constructor(
    agent: Agent,
    private readonly state: PatternState,
  ) {
    this.rules = sortRules(agent);
  }

  /** `tool_was_called`: a successful execution in the history. */
  toolWasCalled(tool: string): boolean {
    return this.state.history.some((e) => e.tool === tool && e.success);
  }

  /** `get_executed_tools`: every successful execution, in order. */
  private executedTools(): string[] {
    return this.state.history.filter((e) => e.success).map((e) => e.tool);
  }

  /** `get_start_constraint_tools`: every StartConstraint rule's tool name, in rule order. */
  startConstraintTools(): Sorted[] {
    return this.rules.filter((r) => r.rule.rule_type.type === 'StartConstraint');
  }

  private isStartConstraintTool(tool: string): boolean {
    return this.rules.some((r) => r.rule.tool_name === tool && r.rule.rule_type.type === 'StartConstraint');
  }

  /** `can_execute_tool` at time `now` (the engine's `Instant::now()`). */
  canExecuteTool(tool: string, now: number): PatternViolation | undefined {
    const unsatisfied = this.startConstraintTools().filter((r) => !this.toolWasCalled(r.rule.tool_name));
    const firstUnsatisfied = unsatisfied[0];
    if (firstUnsatisfied && !this.isStartConstraintTool(tool))
      return {
        code: 'StartConstraintsNotMet',
        rule: firstUnsatisfied.index,
        message: `Tool ${tool} cannot be executed until start constraints are satisfied. Required: ${debugList(unsatisfied.map((r) => r.rule.tool_name))}`,
      };
    for (const { rule, index } of this.rules.filter((r) => r.rule.tool_name === tool || r.rule.tool_name === '*')) {
      const t = rule.rule_type;
      if (t.type === 'RequiresPrecedingTools') {
        if (!rule.conditions.every((c) => this.toolWasCalled(c)))
          return {
            code: 'PrerequisitesNotMet',
            rule: index,
            message: `Tool ${tool} cannot be executed: prerequisites ${debugList(rule.conditions)} not met. Executed tools: ${debugList(this.executedTools())}`,
          };
      } else if (t.type === 'MaxCalls') {
        const current = this.state.callCounts.get(tool) ?? 0;
        if (current >= t.value)
          return { code: 'MaxCallsExceeded', rule: index, message: `Tool ${tool} has exceeded maximum calls (${t.value}). Current: ${current}` };
      } else if (t.type === 'Cooldown') {
        const last = this.state.lastExecution.get(tool);
        if (last !== undefined && now - last < t.value)
          return { code: 'CooldownActive', rule: index, message: `Tool ${tool} is in cooldown. Remaining: ${debugDuration(t.value - (now - last))}` };
      } else if (t.type === 'ExclusiveGroups') {
        for (const group of t.value) {
          if (!group.includes(tool)) continue;
          const others = group.filter((g) => g !== tool && this.toolWasCalled(g));
          if (others.length > 0)
            return {
              code: 'ExclusiveGroupViolation',
              rule: index,
              message: `Tool ${tool} cannot be executed: exclusive group violation. Group ${debugList(group)} already has executed tools: ${debugList(others)}`,
            };
        }
      } else if (t.type === 'RequiresFollowingTools') {
        if (rule.conditions.some((c) => this.toolWasCalled(c)))
          return {
            code: 'OrderingViolation',
            rule: index,
            message: `Tool ${tool} violates ordering constraint: must be called before ${debugList(rule.conditions)}, but these were already executed: ${debugList(this.executedTools())}`,
          };
      }
    }
    return undefined;
  }

  /** `check_operation_allowed`: only the first AllowedOperations rule of the tool (rule order) counts. */
  checkOperationAllowed(tool: string, operation: string): PatternViolation | undefined {
    const first = this.rules.find((r) => r.rule.tool_name === tool && r.rule.rule_type.type === 'AllowedOperations');
    if (!first || first.rule.rule_type.type !== 'AllowedOperations') return undefined;
    const allowed = [...new Set(first.rule.rule_type.value)].sort();
    if (allowed.includes(operation)) return undefined;
    return {
      code: 'OperationNotAllowed',
      rule: first.index,
      message: `Operation '${operation}' not allowed for tool '${tool}'. Allowed operations: ${allowed.join(', ')}`,
    };
  }

  /** `get_required_before_exit_tools`: in rule order, repeats kept. */
  requiredBeforeExitTools(): string[] {
    const out: string[] = [];
    for (const { rule } of this.rules) {
      const called = this.toolWasCalled(rule.tool_name);
      if (rule.rule_type.type === 'RequiredBeforeExit' && !called) out.push(rule.tool_name);
      if (rule.rule_type.type === 'RequiredBeforeExitIf' && rule.conditions.every((c) => this.toolWasCalled(c)) && !called)
        out.push(rule.tool_name);
    }
    return out;
  }

  /** `should_exit_loop`. */
  shouldExitLoop(): boolean {
    if (this.rules.some((r) => r.rule.rule_type.type === 'ExitLoop' && this.toolWasCalled(r.rule.tool_name))) return true;
    return this.state.cleanup && this.requiredBeforeExitTools().length === 0;
  }

  /** `requires_heartbeat`: no ContinueLoop rule naming the tool, exactly or as a `*` condition. */
  requiresHeartbeat(tool: string): boolean {
    return !this.rules.some(
      (r) => r.rule.rule_type.type === 'ContinueLoop' && (r.rule.tool_name === tool || (r.rule.tool_name === '*' && r.rule.conditions.includes(tool))),
    );
  }

  /** `should_exit_after_tool`: the tool has an ExitLoop rule (recording it enters Cleanup). */
  static entersCleanup(agent: Agent, tool: string): boolean {
    return agent.rules.some((r) => r.rule_type.type === 'ExitLoop' && r.tool_name === tool);
  }
}
