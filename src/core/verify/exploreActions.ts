/**
 * The moves the tool-rule explorer makes, and how each becomes a trace event and a scripted step.
 *
 * One session is one user message and one model loop: the agent calls any of its tools (outcome
 * `ok`, no heartbeat) or ends its answer (`model_end`). Time is abstracted to two choices per
 * move: at once (the same instant as the last event) or after a wait as long as the longest
 * Cooldown, after which every cooldown has elapsed. Consent is given (the user approves once)
 * and repeated calls carry an `attempt` argument, so the dedupe window never swallows a retry:
 * both only ever block, and an agent can always vary its arguments. A tool with
 * AllowedOperations is called with an allowed operation. See `docs/verify.md`.
 */
import { orderRules } from '../describe/ruleOrder.ts';
import type { ReplaySettings } from '../engine/settings.ts';
import { DEFAULT_OPERATION_FIELD, WILDCARD, type Agent } from '../model/toolRules.ts';
import type { TraceEvent } from '../traces/events.ts';
import type { CounterexampleStep } from './findings.ts';

/**
 * A move of the agent: call a tool, or end the answer; `wait` lets every cooldown elapse first.
 * `output` is what the tool returned, for tools whose output a Letta conditional rule reads.
 */
export type Action = { kind: 'call'; tool: string; wait: boolean; output?: string } | { kind: 'end'; wait: boolean };

/** What the explorer needs about the agent: its tools, the wait, and each tool's call arguments. */
export interface ActionModel {
  /** The tools the agent may call (declared ones, else every tool its rules name), in order. */
  tools: readonly string[];
  /** Every move from a state, in a fixed order (calls by tool, at once before after a wait; then end). */
  actions: readonly Action[];
  /** The wait in ms (the longest Cooldown); 0 when no rule reads time. */
  waitMs: number;
  /** Per tool: the arguments of its first call (the allowed operation, if gated). */
  baseArgs: ReadonlyMap<string, Record<string, string>>;
  /** Per tool: the call carries `consent: approve_once` (the setting would refuse it otherwise). */
  needsConsent: ReadonlySet<string>;
  /** Repeated calls get an `attempt` argument (the dedupe window is on). */
  numberAttempts: boolean;
}

/** The tools the explorer calls: the declared ones, else every tool named in a rule. */
export function explorableTools(agent: Agent): string[] {
  if (agent.tools.length > 0) return agent.tools.map((t) => t.name);
  const names = new Set<string>();
  const add = (n: string) => {
    if (n !== WILDCARD && n !== '') names.add(n);
  };
  for (const r of agent.lettaRules ?? []) {
    add(r.tool_name);
    if ('children' in r) r.children.forEach(add);
    if (r.type === 'conditional') Object.values(r.child_output_mapping).forEach(add);
  }
  for (const r of agent.rules) {
    add(r.tool_name);
    r.conditions.forEach(add);
    if (r.rule_type.type === 'ExclusiveGroups') for (const g of r.rule_type.value) g.forEach(add);
  }
  return [...names];
}

/** An operation every AllowedOperations rule of the tool allows (else the first rule's first). */
function chosenOperation(ordered: readonly Agent['rules'][number][], tool: string): string | undefined {
  const sets = ordered
    .filter((r) => r.tool_name === tool && r.rule_type.type === 'AllowedOperations')
    .map((r) => (r.rule_type.type === 'AllowedOperations' ? [...r.rule_type.value].sort() : []));
  if (sets.length === 0) return undefined;
  const both = sets[0]?.find((op) => sets.every((s) => s.includes(op)));
  return both ?? sets[0]?.[0];
}

/** Profile `letta`: per tool, the outputs its conditional rules map to a child (each is a move of its own). */
function conditionalOutputs(agent: Agent): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const r of agent.lettaRules ?? [])
    if (r.type === 'conditional') out.set(r.tool_name, [...new Set([...(out.get(r.tool_name) ?? []), ...Object.keys(r.child_output_mapping)])]);
  return out;
}

/** The explorer's moves for an agent under the given settings. */
export function actionModel(agent: Agent, settings: ReplaySettings): ActionModel {
  const tools = explorableTools(agent);
  let waitMs = 0;
  for (const r of agent.rules) if (r.rule_type.type === 'Cooldown') waitMs = Math.max(waitMs, r.rule_type.value);
  const baseArgs = new Map<string, Record<string, string>>();
  const needsConsent = new Set<string>();
  const refuses = settings.consentDefault === 'deny' || settings.consentDefault === 'timeout';
  // Rules and tool entries indexed by tool once: per-tool scans are quadratic on 100,000 tools.
  const ordered = orderRules(agent.rules).map(({ rule }) => rule);
  const rulesOf = new Map<string, Agent['rules'][number][]>();
  for (const r of ordered) {
    const list = rulesOf.get(r.tool_name);
    if (list) list.push(r);
    else rulesOf.set(r.tool_name, [r]);
  }
  const fieldOf = new Map<string, string | undefined>();
  for (const t of agent.tools) if (!fieldOf.has(t.name)) fieldOf.set(t.name, t.operation_field);
  const approval = new Set((agent.lettaRules ?? []).filter((r) => r.type === 'requires_approval').map((r) => r.tool_name));
  for (const tool of tools) {
    const own = rulesOf.get(tool) ?? [];
    const op = chosenOperation(own, tool);
    const field = fieldOf.get(tool) ?? DEFAULT_OPERATION_FIELD;
    baseArgs.set(tool, op === undefined ? {} : { [field]: op });
    const gated = own.some((r) => r.rule_type.type === 'RequiresConsent') || approval.has(tool);
    if (refuses && settings.requirePermissions && gated)
      needsConsent.add(tool);
  }
  const waits = waitMs > 0 ? [false, true] : [false];
  const actions: Action[] = [];
  const outputs = settings.profile === 'letta' ? conditionalOutputs(agent) : new Map<string, string[]>();
  for (const tool of tools)
    for (const wait of waits) {
      actions.push({ kind: 'call', tool, wait });
      for (const output of outputs.get(tool) ?? []) actions.push({ kind: 'call', tool, wait, output });
    }
  for (const wait of waits) actions.push({ kind: 'end', wait });
  return { tools, actions, waitMs, baseArgs, needsConsent, numberAttempts: settings.dedupeWindowMs > 0 };
}

/** The arguments of a call that is the `attempt`-th call (1-based) of its tool in the trace. */
export function callArgs(model: ActionModel, tool: string, attempt: number): Record<string, string | number> {
  const base = model.baseArgs.get(tool) ?? {};
  return model.numberAttempts && attempt > 1 ? { ...base, attempt } : base;
}

/** The trace event of a move at `time` (the `attempt`-th call of its tool). */
export function actionEvent(model: ActionModel, action: Action, time: number, attempt: number): TraceEvent {
  if (action.kind === 'end') return { type: 'model_end', time };
  return {
    type: 'tool_call',
    time,
    tool: action.tool,
    args: callArgs(model, action.tool, attempt),
    outcome: 'ok',
    duration_ms: 0,
    ...(action.output !== undefined ? { output: action.output } : {}),
    ...(model.needsConsent.has(action.tool) ? { consent: 'approve_once' as const } : {}),
  };
}

/** The moves of a path as scripted steps (numbering repeated calls, spelling the waits). */
export function actionSteps(model: ActionModel, path: readonly Action[]): CounterexampleStep[] {
  const attempts = new Map<string, number>();
  return path.map((a) => {
    const after = a.wait ? { after: model.waitMs } : {};
    if (a.kind === 'end') return { end: true, ...after };
    const attempt = (attempts.get(a.tool) ?? 0) + 1;
    attempts.set(a.tool, attempt);
    const args = callArgs(model, a.tool, attempt);
    return {
      call: a.tool,
      ...after,
      ...(Object.keys(args).length > 0 ? { args } : {}),
      ...(a.output !== undefined ? { output: a.output } : {}),
      ...(model.needsConsent.has(a.tool) ? { consent: 'approve_once' as const } : {}),
    };
  });
}

/** The events of a path from the start (time 0, as a scripted trace without `start`). */
export function actionEvents(model: ActionModel, path: readonly Action[]): TraceEvent[] {
  const attempts = new Map<string, number>();
  let time = 0;
  return path.map((a) => {
    if (a.wait) time += model.waitMs;
    let attempt = 1;
    if (a.kind === 'call') {
      attempt = (attempts.get(a.tool) ?? 0) + 1;
      attempts.set(a.tool, attempt);
    }
    return actionEvent(model, a, time, attempt);
  });
}
