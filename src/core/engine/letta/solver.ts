/**
 * Letta's `ToolRulesSolver` (`letta/helpers/tool_rule_solver.py` and the rules' `get_valid_tools`
 * in `letta/schemas/tool_rule.py`, letta-ai/letta @ `56ba9c25`), written from its source: which
 * tools the model may call next, given the step's call history and the last tool response.
 *
 * The answer also says, for every tool it leaves out, which rule removed it first, in the order
 * Letta evaluates them (child, conditional and max-count-per-step rules in file order, then parent
 * rules), so a refused call can name its rule. Pure: the history is read through
 * {@link LettaHistory}, so the engine's typed-array state and a plain list serve alike.
 */
import type { LettaToolRule } from '../../model/lettaRules.ts';
import { matchesLettaKey, responseMessage, type LettaOutputKey } from './outputKey.ts';
import { append } from '../../model/append.ts';

/** The step's call history as the solver reads it (Letta's `tool_call_history`). */
export interface LettaHistory {
  /** Calls registered in the step. */
  readonly size: number;
  /** The last tool registered, if any. */
  readonly last: string | undefined;
  /** How often `tool` was registered in the step. */
  count(tool: string): number;
}

/** A plain list as a {@link LettaHistory}. */
export function listHistory(calls: readonly string[]): LettaHistory {
  return {
    size: calls.length,
    last: calls[calls.length - 1],
    count: (tool) => calls.reduce((n, c) => (c === tool ? n + 1 : n), 0),
  };
}

/** What one rule's `get_valid_tools` returns, without the available set spelt out. */
export type LettaValidSet =
  | { kind: 'all' }
  | { kind: 'only'; tools: readonly string[] }
  | { kind: 'except'; tools: readonly string[] };

/** A rule that filters the allowed set (child-based or parent), compiled. */
export type LettaFilter =
  | { kind: 'constrain_child_tools'; rule: number; tool: string; children: readonly string[] }
  | { kind: 'parent_last_tool'; rule: number; tool: string; children: readonly string[] }
  | { kind: 'max_count_per_step'; rule: number; tool: string; limit: number }
  | {
      kind: 'conditional';
      rule: number;
      tool: string;
      cases: readonly { key: LettaOutputKey; child: string }[];
      defaultChild: string | undefined;
      strict: boolean;
    };

/** The allowed set for one step, with the rule that removed each left-out tool. */
export interface LettaAllowed {
  /** `init`: no call yet and run_first rules exist, so only they count; `rules`: the intersection. */
  phase: 'init' | 'rules';
  /** Letta's answer: the run_first tools (rule order, repeats kept), or the available tools every rule keeps (in the order given). */
  allowed: string[];
  /** Each available tool left out, with the index (in the agent's rule list) of the first rule that removed it. */
  removed: { tool: string; rule: number }[];
}

/** Letta's errors, with Letta's messages. */
export class LettaSolverError extends Error {
  constructor(
    message: string,
    readonly code: 'NoValidTools' | 'NoResponse',
  ) {
    super(message);
    this.name = 'LettaSolverError';
  }
}

export const NO_VALID_TOOLS_MESSAGE = 'No valid tools found based on tool rules.';
export const NO_RESPONSE_MESSAGE = 'Conditional tool rule requires an LLM response to determine which child tool to use';

const ALL: LettaValidSet = { kind: 'all' };

/** A rule index and the tool it names. */
export interface LettaNamedRule {
  rule: number;
  tool: string;
}

/** One agent's Letta rules, sorted into Letta's categories once. */
export class LettaRules {
  readonly init: readonly (LettaNamedRule & { args: Readonly<Record<string, unknown>> | undefined })[];
  /** Child, conditional and max-count-per-step rules in file order, then parent rules. */
  readonly filters: readonly LettaFilter[];
  readonly terminal: readonly LettaNamedRule[];
  readonly continues: readonly LettaNamedRule[];
  readonly requiredBeforeExit: readonly LettaNamedRule[];
  readonly requiresApproval: readonly LettaNamedRule[];
  /** Filters by the tool that must be last for them to bind (child and conditional rules), by position in {@link filters}. */
  private readonly byLast = new Map<string, number[]>();
  /** max_count_per_step filters by their tool. */
  private readonly byCounted = new Map<string, number[]>();
  /** Positions of the parent_last_tool filters (each binds in every state). */
  private readonly parentPositions: number[] = [];

  constructor(readonly rules: readonly LettaToolRule[]) {
    const init: LettaRules['init'][number][] = [];
    const childBased: LettaFilter[] = [];
    const parents: LettaFilter[] = [];
    const terminal: LettaNamedRule[] = [];
    const continues: LettaNamedRule[] = [];
    const required: LettaNamedRule[] = [];
    const approval: LettaNamedRule[] = [];
    rules.forEach((r, rule) => {
      const tool = r.tool_name;
      switch (r.type) {
        case 'run_first':
          init.push({ rule, tool, args: r.args ?? undefined });
          break;
        case 'constrain_child_tools':
          childBased.push({ kind: r.type, rule, tool, children: r.children });
          break;
        case 'conditional':
          childBased.push({
            kind: r.type,
            rule,
            tool,
            cases: Object.entries(r.child_output_mapping).map(([key, child]) => ({ key, child })),
            defaultChild: r.default_child ?? undefined,
            strict: r.require_output_mapping ?? false,
          });
          break;
        case 'max_count_per_step':
          childBased.push({ kind: r.type, rule, tool, limit: r.max_count_limit });
          break;
        case 'parent_last_tool':
          parents.push({ kind: r.type, rule, tool, children: r.children });
          break;
        case 'exit_loop':
          terminal.push({ rule, tool });
          break;
        case 'continue_loop':
          continues.push({ rule, tool });
          break;
        case 'required_before_exit':
          required.push({ rule, tool });
          break;
        case 'requires_approval':
          approval.push({ rule, tool });
          break;
      }
    });
    this.init = init;
    this.filters = [...childBased, ...parents];
    const push = (map: Map<string, number[]>, key: string, pos: number) => {
      const list = map.get(key);
      if (list) list.push(pos);
      else map.set(key, [pos]);
    };
    this.filters.forEach((f, pos) => {
      if (f.kind === 'parent_last_tool') this.parentPositions.push(pos);
      else if (f.kind === 'max_count_per_step') push(this.byCounted, f.tool, pos);
      else push(this.byLast, f.tool, pos);
    });
    this.terminal = terminal;
    this.continues = continues;
    this.requiredBeforeExit = required;
    this.requiresApproval = approval;
  }

  /** No call registered yet and run_first rules exist: only the run_first tools may be called. */
  inInitPhase(history: LettaHistory): boolean {
    return history.size === 0 && this.init.length > 0;
  }

  /**
   * One rule's `get_valid_tools`. `response` is the last tool response as Letta's loop keeps it
   * (`last_function_response`, the packaged JSON). Throws {@link LettaSolverError} (`NoResponse`)
   * when a conditional rule applies and there is no response, as Letta raises.
   */
  validSet(f: LettaFilter, history: LettaHistory, response: string | undefined): LettaValidSet {
    const last = history.last;
    switch (f.kind) {
      case 'constrain_child_tools':
        return last === f.tool ? { kind: 'only', tools: f.children } : ALL;
      case 'parent_last_tool':
        return last === f.tool ? { kind: 'only', tools: f.children } : { kind: 'except', tools: f.children };
      case 'max_count_per_step':
        return history.count(f.tool) >= f.limit ? { kind: 'except', tools: [f.tool] } : ALL;
      case 'conditional': {
        if (last !== f.tool) return ALL;
        if (!response) throw new LettaSolverError(NO_RESPONSE_MESSAGE, 'NoResponse');
        const output = responseMessage(response);
        if (output !== undefined) for (const c of f.cases) if (matchesLettaKey(output, c.key)) return { kind: 'only', tools: [c.child] };
        if (f.strict) return { kind: 'only', tools: [] };
        return f.defaultChild !== undefined ? { kind: 'only', tools: [f.defaultChild] } : ALL;
      }
    }
  }

  /**
   * The first rule (Letta's evaluation order) whose valid set leaves `tool` out, or undefined.
   * Only the rules that can bind here are looked at: the child and conditional rules of the last
   * tool, the max-count rules of `tool` itself and the parent rules.
   */
  removerOf(tool: string, history: LettaHistory, response: string | undefined): number | undefined {
    if (this.inInitPhase(history)) return this.init.some((r) => r.tool === tool) ? undefined : (this.init[0] as LettaNamedRule).rule;
    let first = Infinity;
    const consider = (positions: readonly number[] | undefined) => {
      if (!positions) return;
      for (const pos of positions) {
        if (pos >= first) return;
        if (!keeps(this.validSet(this.filters[pos] as LettaFilter, history, response), tool)) first = pos;
      }
    };
    if (history.last !== undefined) consider(this.byLast.get(history.last));
    consider(this.byCounted.get(tool));
    consider(this.parentPositions);
    return first === Infinity ? undefined : (this.filters[first] as LettaFilter).rule;
  }

  /** The valid sets that can bind in this state, with their rules, in Letta's order (the others keep every tool). */
  private bindingSets(history: LettaHistory, response: string | undefined): { rule: number; set: LettaValidSet }[] {
    const positions = [...(history.last !== undefined ? (this.byLast.get(history.last) ?? []) : []), ...this.parentPositions];
    for (const [tool, list] of this.byCounted) if (history.count(tool) > 0 || list.some((p) => (this.filters[p] as { limit: number }).limit <= 0)) append(positions, list);
    positions.sort((a, b) => a - b);
    const out: { rule: number; set: LettaValidSet }[] = [];
    for (const pos of positions) {
      const f = this.filters[pos] as LettaFilter;
      const set = this.validSet(f, history, response);
      if (set.kind !== 'all') out.push({ rule: f.rule, set });
    }
    return out;
  }

  /**
   * `get_allowed_tool_names(available_tools, error_on_empty, last_function_response)`: at the
   * start of a step with run_first rules, those tools (not intersected with the available ones,
   * as in Letta); otherwise the intersection of every filter's valid set with the available tools.
   * With `errorOnEmpty`, an empty intersection throws {@link LettaSolverError} (`NoValidTools`).
   */
  allowed(history: LettaHistory, available: readonly string[], response: string | undefined, errorOnEmpty = true): LettaAllowed {
    if (this.inInitPhase(history)) {
      const names = this.init.map((r) => r.tool);
      const named = new Set(names);
      const first = (this.init[0] as LettaNamedRule).rule;
      return { phase: 'init', allowed: names, removed: available.filter((t) => !named.has(t)).map((tool) => ({ tool, rule: first })) };
    }
    const sets = this.bindingSets(history, response);
    const allowed: string[] = [];
    const removed: LettaAllowed['removed'] = [];
    for (const tool of new Set(available)) {
      const by = sets.find((s) => !keeps(s.set, tool));
      if (by) removed.push({ tool, rule: by.rule });
      else allowed.push(tool);
    }
    if (errorOnEmpty && allowed.length === 0) throw new LettaSolverError(NO_VALID_TOOLS_MESSAGE, 'NoValidTools');
    return { phase: 'rules', allowed, removed };
  }

  /** `is_terminal_tool`: the first exit_loop rule of the tool. */
  terminalRuleOf(tool: string): number | undefined {
    return this.terminal.find((r) => r.tool === tool)?.rule;
  }

  /** `has_children_tools`: the first child, conditional or max-count rule of the tool (Letta counts all three). */
  childRuleOf(tool: string): number | undefined {
    return this.filters.find((f) => f.kind !== 'parent_last_tool' && f.tool === tool)?.rule;
  }

  /** `is_continue_tool`: the first continue_loop rule of the tool. */
  continueRuleOf(tool: string): number | undefined {
    return this.continues.find((r) => r.tool === tool)?.rule;
  }

  /** `is_requires_approval_tool`: the first requires_approval rule of the tool. */
  approvalRuleOf(tool: string): number | undefined {
    return this.requiresApproval.find((r) => r.tool === tool)?.rule;
  }

  /**
   * `get_uncalled_required_tools(available_tools)`: required-before-exit tools that are available
   * and not called in the step, once each, in rule order (Letta returns them as a set).
   */
  uncalledRequired(isCalled: (tool: string) => boolean, isAvailable: (tool: string) => boolean): string[] {
    const out: string[] = [];
    for (const r of this.requiredBeforeExit) if (!out.includes(r.tool) && isAvailable(r.tool) && !isCalled(r.tool)) out.push(r.tool);
    return out;
  }
}

/** True when a valid set keeps `tool` (an available tool). */
export function keeps(set: LettaValidSet, tool: string): boolean {
  if (set.kind === 'all') return true;
  return set.kind === 'only' ? set.tools.includes(tool) : !set.tools.includes(tool);
}
