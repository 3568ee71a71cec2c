/**
 * Findings from an explored tool-rule state graph: deadlocks (V001), an unreachable exit (V002),
 * traps (V003), dead tools (V004), dead rules (V005) and the search bound (V006). Each comes with
 * a shortest scripted trace; each message names rules by `#N`.
 */
import type { Decision } from '../engine/decisions.ts';
import { toolProfileOf } from '../engine/settings.ts';
import { ruleNumber, ruleTypeLabel } from '../model/ruleNumber.ts';
import { WILDCARD, type ToolRule } from '../model/toolRules.ts';
import { counterexample } from './counterexample.ts';
import { actionSteps, type Action } from './exploreActions.ts';
import { pathTo, type ToolSearch } from './exploreTools.ts';
import type { Counterexample, CounterexampleStep, VerifyFinding } from './findings.ts';
import { judgedLettaRules } from './exploreLettaRules.ts';
import { callDecision, probeState, type ProbedState } from './probe.ts';
import { append } from '../model/append.ts';
import { claimTitle, refusalWhy, type CounterexampleClaim } from './counterexampleClaim.ts';
import { CLI_FURTHER } from './limits.ts';

/** At most this many findings of one code (the shortest ones). */
const PER_CODE = 10;

const q = (tool: string) => `\`${tool}\``;

/** `#N (Friendly · Type)` for a rule of the agent. */
function ruleRef(rules: readonly ToolRule[], index: number): string {
  const r = rules[index];
  return r ? `${ruleNumber(index)} (${ruleTypeLabel(r.rule_type.type)})` : ruleNumber(index);
}

function pathText(path: readonly Action[]): string {
  if (path.length === 0) return 'at the start';
  const names = path.map((a) => (a.kind === 'end' ? 'end' : a.output === undefined ? q(a.tool) : `${q(a.tool)} (returning ${JSON.stringify(a.output)})`));
  return `after ${names.join(' → ')}`;
}

function listText(items: string[], max = 4): string {
  if (items.length <= max) return items.join('; ');
  return `${items.slice(0, max).join('; ')}; and ${items.length - max} more`;
}

/** Why a call is refused: the rule that blocks it (or the failure's kind). */
function refusal(rules: readonly ToolRule[], d: Decision | undefined): string {
  if (!d) return 'not decided';
  if ('rule' in d && typeof d.rule === 'number' && d.rule >= 0) return `blocked by ${ruleRef(rules, d.rule)}`;
  return d.kind === 'allowed' ? 'allowed' : d.kind.replace('_', ' ');
}

/** What an exit attempt from a state says: the tools still pending, and why each can't be called (`describe` says it: {@link refusal} in messages). */
function exitBlockage(s: ToolSearch, probe: ProbedState, describe: (tool: string, d: Decision | undefined) => string = (_t, d) => `is ${refusal(s.agent.rules, d)}`): string {
  const decisions = probe.decisionsOf({ kind: 'end', wait: s.model.waitMs > 0 });
  const blocked = decisions.find((d) => d.kind === 'exit_blocked');
  if (!blocked || blocked.kind !== 'exit_blocked') return 'the agent cannot exit';
  const why = blocked.pending.map((tool) => {
    const auto = decisions.find((d) => d.kind !== 'auto' && 'tool' in d && d.tool === tool && 'reason' in d && d.reason === 'exit_requirement');
    return `${q(tool)} is required before exit and ${describe(tool, auto ?? callDecision(probe.decisionsOf({ kind: 'call', tool, wait: s.model.waitMs > 0 }), tool))}`;
  });
  return `exit is blocked: ${listText(why)}`;
}

/**
 * The rule that keeps the agent from exiting in the probed state (the first pending tool's
 * RequiredBeforeExit or RequiredBeforeExitIf rule), so a deadlock or a trap points at the rule the
 * user must look at rather than at the agent's header (review13); undefined when none is found.
 */
function exitRuleOf(s: ToolSearch, probe: ProbedState): number | undefined {
  const blocked = probe.decisionsOf({ kind: 'end', wait: s.model.waitMs > 0 }).find((d) => d.kind === 'exit_blocked');
  if (!blocked || blocked.kind !== 'exit_blocked') return undefined;
  for (const tool of blocked.pending) {
    const i = s.agent.rules.findIndex((r) => r.tool_name === tool && (r.rule_type.type === 'RequiredBeforeExit' || r.rule_type.type === 'RequiredBeforeExitIf'));
    if (i >= 0) return i;
  }
  return undefined;
}

/** The tools a path calls, in order (repeats kept). */
const callsOf = (path: readonly Action[]): string[] => path.flatMap((a) => (a.kind === 'call' ? [a.tool] : []));

/** A deadlock's claim: its title, and each tool and the exit with why it is refused in the deadlocked state. */
function deadlockClaim(s: ToolSearch, probe: ProbedState, wait: boolean): CounterexampleClaim {
  const called = callsOf(probe.path);
  const why = (tool: string, d: Decision | undefined) => refusalWhy(s.agent.rules, tool, d, called);
  const tools = s.model.tools.map((tool) => ({ subject: tool, why: why(tool, callDecision(probe.decisionsOf({ kind: 'call', tool, wait }), tool)) }));
  const listed = new Set(s.model.tools);
  const exit = exitBlockage(s, probe, (tool, d) => (listed.has(tool) ? 'is refused too' : `is refused: ${why(tool, d)}`)).replace(/^exit is blocked: /, '');
  return { title: claimTitle('V001'), finalState: [...tools, { subject: 'exit', why: exit }] };
}

/** The steps of a path, then `extra` steps; the counterexample opens at `step`, titled by `claim`. */
function traceOf(s: ToolSearch, path: Action[], extra: Action[], step: number, comment: string, claim?: CounterexampleClaim): Counterexample {
  const steps: CounterexampleStep[] = actionSteps(s.model, [...path, ...extra]);
  const trace = counterexample(steps, step, comment);
  return claim ? { ...trace, claim } : trace;
}

/** Whether each state can still reach a clean exit (unexplored states are given the benefit of the doubt). */
function exitReach(s: ToolSearch): boolean[] {
  const can = new Array<boolean>(s.states).fill(false);
  const reverse: number[][] = Array.from({ length: s.states }, () => []);
  const queue: number[] = [];
  for (let id = 0; id < s.states; id++) {
    const edges = s.edges[id];
    if (s.exited[id] || s.exitsFrom[id] || (!s.exited[id] && edges === undefined)) {
      can[id] = true;
      queue.push(id);
    }
    for (const e of edges ?? []) (reverse[e.to] as number[]).push(id);
  }
  while (queue.length > 0) {
    const id = queue.pop() as number;
    for (const from of reverse[id] as number[])
      if (!can[from]) {
        can[from] = true;
        queue.push(from);
      }
  }
  return can;
}

/**
 * A deadlock: an expanded state from which no move executes a call (the agent's own or an
 * automatic one) or exits. Only the clock and "an event was seen" can change from there, so the
 * state after such a move is the same deadlock again; it is reported once, where it is entered.
 */
const isDeadlock = (s: ToolSearch, id: number) => s.edges[id] !== undefined && !s.exited[id] && s.anyExecuted[id] === false && s.exitsFrom[id] === false;

function deadlocks(s: ToolSearch): VerifyFinding[] {
  const out: VerifyFinding[] = [];
  const rules = s.agent.rules;
  const seen = new Set<string>();
  for (let id = 0; id < s.states && out.length < PER_CODE; id++) {
    if (!isDeadlock(s, id) || (id > 0 && isDeadlock(s, s.parent[id] as number))) continue;
    const last = s.model.actions[s.via[id] as number];
    const entry = id === 0 ? '' : last?.kind === 'call' ? last.tool : 'end';
    if (seen.has(entry)) continue;
    seen.add(entry);
    const probe = probeState(s, id);
    const wait = s.model.waitMs > 0;
    const probes: Action[] = s.model.tools.map((tool) => ({ kind: 'call', tool, wait }));
    const refusals = s.model.tools.map((tool) => `${q(tool)} ${refusal(rules, callDecision(probe.decisionsOf({ kind: 'call', tool, wait }), tool))}`);
    const message =
      `Deadlock ${pathText(probe.path)}: no tool can be called (${listText(refusals)}), and ${exitBlockage(s, probe)}.` +
      (wait ? ' Waiting for cooldowns does not help.' : '');
    const end: Action = { kind: 'end', wait: false };
    const step = probe.path.length + probes.length + 1;
    const rule = exitRuleOf(s, probe);
    out.push({
      code: 'V001',
      severity: 'error',
      message,
      ...(rule !== undefined ? { rule } : {}),
      ...(last?.kind === 'call' ? { tool: last.tool } : {}),
      proof: 'witness',
      trace: traceOf(s, probe.path, [...probes, end], step, `V001 deadlock: ${pathText(probe.path)} no tool can be called and the agent cannot exit`, deadlockClaim(s, probe, wait)),
    });
  }
  return out;
}

function traps(s: ToolSearch, can: boolean[]): VerifyFinding[] {
  const out: VerifyFinding[] = [];
  const seen = new Set<string>();
  for (let id = 0; id < s.states && out.length < PER_CODE; id++) {
    if (can[id] !== true) continue;
    for (const e of s.edges[id] ?? []) {
      if (can[e.to] !== false || s.exited[e.to] || isDeadlock(s, e.to)) continue;
      const action = s.model.actions[e.action] as Action;
      const entry = action.kind === 'call' ? action.tool : 'end';
      if (seen.has(entry)) continue;
      seen.add(entry);
      const probe = probeState(s, e.to);
      const before = probe.path.slice(0, -1);
      const what = action.kind === 'call' ? `calling ${q(action.tool)}` : 'ending the answer';
      const message = `Trap: ${pathText(before)}, ${what} leaves no way to exit cleanly: ${exitBlockage(s, probe)}, and no sequence of calls from there changes that.`;
      const rule = exitRuleOf(s, probe);
      out.push({
        code: 'V003',
        severity: 'warning',
        message,
        ...(rule !== undefined ? { rule } : {}),
        ...(action.kind === 'call' ? { tool: action.tool } : {}),
        proof: 'witness',
        trace: traceOf(s, probe.path, [{ kind: 'end', wait: false }], probe.path.length, `V003 trap: ${pathText(before)}, ${what} leaves no way to exit cleanly`),
      });
      if (out.length >= PER_CODE) break;
    }
  }
  return out;
}

function boundText(s: ToolSearch): string {
  return `within every sequence of up to ${s.completeDepth} moves (the search stopped at ${s.states} states)`;
}

function exitUnreachable(s: ToolSearch): VerifyFinding[] {
  if (s.exited.some(Boolean) || s.exitsFrom.some(Boolean)) return [];
  const probe = probeState(s, 0);
  const exhaustive = s.exhaustive;
  const message = exhaustive
    ? `The agent can never exit cleanly: no sequence of calls satisfies its exit requirements (${exitBlockage(s, probe)} at the start, and no path fixes that; ${s.states} states explored).`
    : `No clean exit was found ${boundText(s)}: ${exitBlockage(s, probe)} at the start.`;
  return [
    {
      code: 'V002',
      severity: exhaustive ? 'error' : 'warning',
      message,
      proof: exhaustive ? 'exhaustive' : 'bounded',
      trace: traceOf(s, [], [{ kind: 'end', wait: false }], 1, 'V002 exit unreachable: ending at once is blocked, and no path unblocks it'),
    },
  ];
}

function deadTools(s: ToolSearch): VerifyFinding[] {
  const out: VerifyFinding[] = [];
  const probe = probeState(s, 0);
  for (const tool of s.model.tools) {
    if (s.toolFirst.has(tool)) continue;
    const first = callDecision(probe.decisionsOf({ kind: 'call', tool, wait: false }), tool);
    const why = refusal(s.agent.rules, first);
    const message = s.exhaustive
      ? `${q(tool)} can never be called: every call on every path is refused (at the start it is ${why}). The static checks (T003) miss it: it follows from rules working together.`
      : `${q(tool)} could not be called ${boundText(s)} (at the start it is ${why}).`;
    out.push({
      code: 'V004',
      severity: s.exhaustive ? 'warning' : 'info',
      message,
      tool,
      proof: s.exhaustive ? 'exhaustive' : 'bounded',
      trace: traceOf(s, [], [{ kind: 'call', tool, wait: false }], 1, `V004 dead tool: ${tool} is refused`),
    });
  }
  return out;
}

/**
 * A rule that never fires only because its conditions are start tools, which run (or must run)
 * before anything else: it repeats the order the start rule already sets, so it is advice (V005
 * as info, with what to do), not a fault of the rule set. Undefined for any other rule.
 */
function redundantByStartTools(r: ToolRule, s: ToolSearch): string | undefined {
  if (r.rule_type.type !== 'RequiresPrecedingTools') return undefined;
  const starts = new Set(s.agent.rules.filter((x) => x.rule_type.type === 'StartConstraint').map((x) => x.tool_name));
  const auto = r.conditions.filter((c) => starts.has(c));
  if (auto.length === 0 || auto.length !== r.conditions.length) return undefined;
  const they = auto.length === 1 ? `its condition ${q(auto[0] as string)} is a start tool, which runs` : `its conditions (${auto.map(q).join(', ')}) are start tools, which run`;
  return `${they} before anything else, so this rule never blocks. It repeats the order the start rule already sets: remove it, or keep it as documentation`;
}

/** Why a rule of a type may never fire, in words (appended to V005). */
function deadRuleHint(r: ToolRule): string {
  const t = r.tool_name === WILDCARD ? 'a tool' : q(r.tool_name);
  switch (r.rule_type.type) {
    case 'RequiresPrecedingTools':
      return `whenever ${t} can be called its conditions have already been called, so it never blocks`;
    case 'RequiresFollowingTools':
      return `no path calls ${t} after one of its conditions, so it never blocks`;
    case 'MaxCalls':
      return `no path calls ${t} more than ${r.rule_type.value} times in a batch, so the limit never blocks`;
    case 'Cooldown':
      return `no path calls ${t} again while it would be cooling down`;
    case 'ExclusiveGroups':
      return 'no path calls two tools of its groups (or an earlier rule holding the same group decides)';
    case 'StartConstraint':
      return 'no call ever waits for it';
    case 'RequiredBeforeExit':
    case 'RequiredBeforeExitIf':
      return `${t} has always been called by the time the agent tries to exit`;
    case 'ExitLoop':
      return `no call of ${t} ever ends the loop`;
    case 'ContinueLoop':
      return `${t} never executes`;
    default:
      return 'it never decides anything';
  }
}

/** Rule types the search cannot judge (documented in `docs/verify.md`). */
const UNJUDGED = new Set(['Needed', 'Periodic', 'AllowedOperations']);

/** A rule the dead-rule check judges: its number, the tool it is on (or `*`), how to name it and why it may not fire. */
export interface JudgedRule {
  index: number;
  tool: string;
  ref: string;
  hint: () => string;
  /** For a rule that is only redundant (not wrong): what it means and what to do. */
  advice?: () => string | undefined;
}

/** The agent's own rules (Pattern's / the spec's) that the search can judge. */
function judgedRules(s: ToolSearch, deadToolNames: ReadonlySet<string>): JudgedRule[] {
  const rules = s.agent.rules;
  const tools = new Set(s.model.tools);
  const cooldownsOf = (tool: string) => rules.filter((r) => r.rule_type.type === 'Cooldown' && (r.tool_name === tool || r.tool_name === WILDCARD)).length;
  const out: JudgedRule[] = [];
  rules.forEach((r, index) => {
    if (UNJUDGED.has(r.rule_type.type)) return;
    if (r.tool_name !== WILDCARD && (!tools.has(r.tool_name) || deadToolNames.has(r.tool_name))) return;
    if (r.rule_type.type === 'RequiresConsent' && !s.settings.requirePermissions) return;
    // Two cooldowns on one tool: only "elapsed or not" is explored, so the later one is not judged.
    if (r.rule_type.type === 'Cooldown' && (r.tool_name === WILDCARD || cooldownsOf(r.tool_name) > 1)) return;
    out.push({ index, tool: r.tool_name, ref: ruleRef(rules, index), hint: () => deadRuleHint(r), advice: () => redundantByStartTools(r, s) });
  });
  return out;
}

/** V005 for each judged rule that fired on no explored path, with the shortest path calling its tool. */
export function deadRules(s: ToolSearch, judged: readonly JudgedRule[]): VerifyFinding[] {
  const out: VerifyFinding[] = [];
  for (const r of judged) {
    if (s.ruleFirst.has(r.index)) continue;
    const on = r.tool === WILDCARD ? 'for every tool' : `on ${q(r.tool)}`;
    const advice = s.exhaustive ? r.advice?.() : undefined;
    const message = advice
      ? `Rule ${r.ref} ${on} is redundant here: ${advice}.`
      : s.exhaustive
        ? `Rule ${r.ref} ${on} never fires on any path: ${r.hint()}. Removing it changes no decision; tighten it if it was meant to block.`
        : `Rule ${r.ref} ${on} did not fire ${boundText(s)}.`;
    const first = s.toolFirst.get(r.tool === WILDCARD ? (s.model.tools.find((t) => s.toolFirst.has(t)) ?? '') : r.tool);
    let trace: Counterexample;
    if (first) {
      const path = [...pathTo(s, first.from), s.model.actions[first.action] as Action];
      trace = traceOf(s, path, [], path.length, `V005 dead rule: ${ruleNumber(r.index)} does not fire when ${path.at(-1)?.kind === 'call' ? (path.at(-1) as { tool: string }).tool : 'a tool'} is called`);
    } else trace = traceOf(s, [], [{ kind: 'end', wait: false }], 1, `V005 dead rule: ${ruleNumber(r.index)} does not fire`);
    out.push({
      code: 'V005',
      severity: s.exhaustive && !advice ? 'warning' : 'info',
      message,
      rule: r.index,
      ...(r.tool !== WILDCARD ? { tool: r.tool } : {}),
      proof: s.exhaustive ? 'exhaustive' : 'bounded',
      trace,
    });
  }
  return out;
}

/** Every finding of an explored agent, in code order. */
export function toolFindings(s: ToolSearch): VerifyFinding[] {
  // A search stopped (time or states) before every first move was tried proves no "never": only
  // what it found (deadlocks) and the bound are said.
  if (!s.exhaustive && s.completeDepth === 0)
    return [
      ...deadlocks(s),
      {
        code: 'V006',
        severity: 'info',
        message: `The search stopped at ${s.states.toLocaleString('en-US')} states before every first move was tried (${CLI_FURTHER}): no tool, rule or exit is claimed unreachable.`,
        proof: 'bounded',
      },
    ];
  const can = exitReach(s);
  const unreachable = exitUnreachable(s);
  const dead = deadTools(s);
  const out: VerifyFinding[] = [...deadlocks(s), ...unreachable];
  // With no way out at all, every state is a trap: the V002 finding says it once.
  if (unreachable.length === 0) append(out, traps(s, can));
  const deadToolNames = new Set(dead.map((d) => d.tool as string));
  const judged = toolProfileOf(s.settings.profile) === 'letta' ? judgedLettaRules(s, deadToolNames) : judgedRules(s, deadToolNames);
  append(out, [...dead, ...deadRules(s, judged)]);
  if (!s.exhaustive)
    out.push({
      code: 'V006',
      severity: 'info',
      message: `The search stopped at ${s.states.toLocaleString('en-US')} states (${CLI_FURTHER}): every finding holds for call sequences of up to ${s.completeDepth} moves; "never" means "not within that bound".`,
      proof: 'bounded',
    });
  return out;
}
