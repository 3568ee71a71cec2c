/**
 * The `letta` profile's policy points: a Letta agent's tool rules as Letta's `ToolRulesSolver`
 * and agent loop (`letta/agents/letta_agent_v3.py`, letta-ai/letta @ `56ba9c25`) decide them.
 *
 * - A call is checked against the allowed set the solver computes before it (`LettaRules`): the
 *   run_first tools while nothing ran in the step, else the intersection of the child,
 *   conditional, max-count-per-step and parent rules. A tool outside it is refused with Letta's
 *   `[ToolConstraintError]` message, naming the first rule that removed it. When the intersection
 *   is empty the loop offers every tool (`errorOnEmpty` false) or the call is refused
 *   (`NoValidTools`).
 * - A requires_approval tool skips the rule check: Letta asks for approval before it validates,
 *   and an approved call runs whatever the rules say (the consent answer decides, as for
 *   RequiresConsent).
 * - Flow: a call of an exit_loop tool ends the loop (`exit`, which waits for the
 *   required_before_exit tools not yet called); any other call continues it (`continue`).
 *
 * Letta's step is the trace's batch: the history (calls that ran, whatever their outcome), the
 * counts and the last tool are the batch's. The last response is the output of the last call from
 * the trace, refused calls included (their error message), as Letta's loop keeps it.
 */
import { lettaPromptLines, lettaViolationHints } from '../../describe/lettaPrompts.ts';
import type { Agent } from '../../model/toolRules.ts';
import type { Flow } from '../decisions.ts';
import { packageResponse, responseMessage } from '../letta/outputKey.ts';
import { lettaExitBlockedHeartbeat } from '../letta/heartbeats.ts';
import { LettaRules, NO_VALID_TOOLS_MESSAGE, type LettaHistory } from '../letta/solver.ts';
import { fail, type CallFailure, type CheckContext } from './checks.ts';
import type { ToolPolicy } from './policy.ts';
import type { ToolTable } from './toolTable.ts';
import type { LettaSnapshot } from './types.ts';

/** Python's `repr()` of a list of strings, as Letta's error message prints `valid_tool_names`. */
export function pythonStringList(items: readonly string[]): string {
  const repr = (s: string) => {
    const quote = s.includes("'") && !s.includes('"') ? '"' : "'";
    let out = '';
    for (const ch of s) {
      const c = ch.codePointAt(0) as number;
      if (ch === '\\' || ch === quote) out += '\\' + ch;
      else if (ch === '\n') out += '\\n';
      else if (ch === '\r') out += '\\r';
      else if (ch === '\t') out += '\\t';
      else if (c < 0x20 || c === 0x7f) out += '\\x' + c.toString(16).padStart(2, '0');
      else out += ch;
    }
    return quote + out + quote;
  };
  return `[${items.map(repr).join(', ')}]`;
}

/** Letta's message for a refused call (`_build_rule_violation_result`). */
export function toolConstraintMessage(tool: string, valid: readonly string[], hints: readonly string[]): string {
  const hint = hints.length > 0 ? '\n** Hint: Possible rules that were violated:\n' + hints.map((h) => `\t- ${h}`).join('\n') : '';
  return `[ToolConstraintError] Cannot call ${tool}, valid tools include: ${pythonStringList(valid)}.${hint}`;
}

/** The `letta` profile's policy for one engine. */
export function createLettaPolicy(agent: Agent, table: ToolTable): ToolPolicy {
  const lettaRules = agent.lettaRules ?? [];
  const rules = new LettaRules(lettaRules);
  const promptLines = lettaPromptLines(lettaRules);
  // Every tool a rule names gets an id, so an agent without a tool list knows them all.
  for (const r of lettaRules) {
    table.intern(r.tool_name);
    if ('children' in r) table.internAll(r.children);
    if (r.type === 'conditional') {
      table.internAll(Object.values(r.child_output_mapping));
      if (r.default_child) table.intern(r.default_child);
    }
  }

  /** The agent's tools (Letta's `available_tools`), in tool order. */
  function available(): string[] {
    const out: string[] = [];
    for (let id = 0; id < table.size; id++) if (table.tool(id).known) out.push(table.nameOf(id));
    return out;
  }

  /**
   * The solver's history. Letta's v3 loop registers each executed call twice (in
   * `_handle_ai_response` and again in `_decide_continuation`), so its counts are doubled; v2
   * registers once. The last tool and whether anything ran are the same either way.
   */
  function historyOf(ctx: CheckContext): LettaHistory {
    const { state } = ctx;
    const last = state.lastToolInBatch();
    const times = ctx.settings.lettaLoop === 'v2' ? 1 : 2;
    return {
      size: state.batchOrder.length * times,
      last: last < 0 ? undefined : table.nameOf(last),
      count: (tool) => {
        const id = table.idOf(tool);
        return id === undefined ? 0 : state.executionsOf(id) * times;
      },
    };
  }

  /** The allowed set before the next call, as the loop offers it. */
  function offered(ctx: CheckContext): Omit<LettaSnapshot, 'lastTool' | 'lastOutput' | 'uncalledRequired'> {
    const tools = available();
    const result = rules.allowed(historyOf(ctx), tools, ctx.state.lastOutput, false);
    const kept = new Set(result.allowed);
    const allowed = tools.filter((t) => kept.has(t));
    if (result.phase === 'init') return { phase: 'init', allowed, removed: result.removed };
    if (result.allowed.length > 0) return { phase: 'rules', allowed, removed: result.removed };
    return ctx.settings.errorOnEmpty ? { phase: 'empty', allowed: [], removed: result.removed } : { phase: 'fallback', allowed: tools, removed: result.removed };
  }

  function uncalledRequired(ctx: CheckContext): string[] {
    const isCalled = (tool: string) => {
      const id = table.idOf(tool);
      return id !== undefined && ctx.state.executionsOf(id) > 0;
    };
    const isAvailable = (tool: string) => {
      const id = table.idOf(tool);
      return id !== undefined && table.tool(id).known;
    };
    return rules.uncalledRequired(isCalled, isAvailable);
  }

  return {
    profile: 'letta',
    checkRules(ctx, call): CallFailure | undefined {
      const tool = call.tool.name;
      if (rules.approvalRuleOf(tool) !== undefined) return undefined;
      const history = historyOf(ctx);
      const by = rules.removerOf(tool, history, ctx.state.lastOutput);
      if (by === undefined) return undefined;
      const now = offered(ctx);
      if (now.phase === 'fallback') return undefined;
      if (now.phase === 'empty') return fail('NoValidTools', NO_VALID_TOOLS_MESSAGE, by);
      return fail('ToolConstraintError', toolConstraintMessage(tool, now.allowed, lettaViolationHints(lettaRules, tool, history.last, promptLines)), by);
    },
    // Letta has no "not found": a tool the agent lacks is never in `valid_tool_names`, so its call
    // is a rule violation like any other (`_handle_ai_response`: `name not in valid_tool_names`,
    // then `_build_rule_violation_result`), naming no rule.
    exitBlockedMessage: lettaExitBlockedHeartbeat,
    unknownTool(ctx, call): CallFailure {
      const tool = call.tool.name;
      const now = offered(ctx);
      if (now.phase === 'empty') return fail('NoValidTools', NO_VALID_TOOLS_MESSAGE);
      const last = historyOf(ctx).last;
      return fail('ToolConstraintError', toolConstraintMessage(tool, now.allowed, lettaViolationHints(lettaRules, tool, last, promptLines)));
    },
    flowOf(_ctx, call): Flow {
      return rules.terminalRuleOf(call.tool.name) !== undefined ? 'exit' : 'continue';
    },
    pendingExit(ctx) {
      return uncalledRequired(ctx).map((t) => table.idOf(t) as number);
    },
    exitFlowSkipsRequirements: false,
    ignoresCallsAfterExit: true,
    // The approval comes back as a new HTTP request: the router builds a new agent loop for each
    // (`AgentLoop.load`, letta/server/rest_api/routers/v1/agents.py), whose `__init__` builds a new
    // ToolRulesSolver with an empty history (letta/agents/letta_agent_v2.py); `LettaAgentV3._step`
    // then runs the approved call unchecked (`is_approval_response`).
    answerStartsRequest: true,
    observeCall(ctx, call, decision, output) {
      const ran = decision.kind === 'allowed';
      if (ran) ctx.state.recordLastTool(call.tool.id);
      const message = ran ? (output ?? '') : 'message' in decision ? decision.message : '';
      ctx.state.lastOutput = packageResponse(ran && call.outcome === 'ok', message);
    },
    snapshot(ctx): LettaSnapshot {
      const last = ctx.state.lastToolInBatch();
      const response = ctx.state.lastOutput;
      return {
        ...offered(ctx),
        lastTool: last < 0 ? null : table.nameOf(last),
        lastOutput: response === undefined ? null : (responseMessage(response) ?? null),
        uncalledRequired: uncalledRequired(ctx),
      };
    },
  };
}
