/**
 * Findings from an explored workflow: phases and `done` no session enters, or enters only after an
 * interrupt (V010), guard rules no session makes fire (V011) and, per rule that does fire, the
 * shortest session that fires it (V012). Each message says which static check missed it; each
 * finding carries a shortest scripted session.
 */
import type { DecisionBody } from '../engine/decisions.ts';
import { patternOf } from '../engine/workflow/compiled.ts';
import { createWorkflowEngine } from '../engine/workflow/engine.ts';
import { DONE_NODE, type Transition } from '../model/workflow.ts';
import type { TraceEvent } from '../traces/events.ts';
import { counterexample } from './counterexample.ts';
import { ruleId, sessionOf, type FirstSeen, type WorkflowSearch } from './exploreWorkflow.ts';
import type { Counterexample, CounterexampleStep, Proof, VerifyFinding } from './findings.ts';
import { moveEvent, moveLabel, moveStep, type WorkflowMove } from './workflowMoves.ts';

/** What the static checks already say, so the verifier neither repeats nor contradicts them. */
export interface WorkflowStatics {
  /** Nodes W003 reports unreachable by transitions. */
  unreachable: ReadonlySet<string>;
  /** Whether `done` is reachable from the start node by transitions (as W004 works it out). */
  doneReachable: boolean;
  /** Rules (`ruleId`) with a static warning or error on them. */
  flaggedRules: ReadonlySet<string>;
}

const q = (name: string) => `'${name}'`;

/** `#N (type)` of a node's rule. */
function ruleRef(s: WorkflowSearch, node: string, rule: number): string {
  const r = s.compiled.nodes.get(node)?.rules[rule];
  return `#${rule + 1}${r ? ` (${r.rule.type})` : ''} of ${q(node)}`;
}

/** The decisions of each move of a session (after `workflow_start`), replayed through a fresh engine. */
function replaySession(s: WorkflowSearch, moves: readonly WorkflowMove[]): DecisionBody[][] {
  const engine = createWorkflowEngine(s.workflow, s.settings);
  const out: DecisionBody[][] = [engine.step({ type: 'workflow_start', time: 0 } as TraceEvent, { executed: true })];
  let time = 0;
  for (const m of moves) {
    if (m.kind === 'next' && m.wait) time += s.model.bounds.horizonMs;
    out.push(engine.step(moveEvent(m, time), { executed: true }));
  }
  return out;
}

function traceOf(s: WorkflowSearch, moves: readonly WorkflowMove[], step: number, comment: string): Counterexample {
  const steps: CounterexampleStep[] = [{ workflow_start: true }, ...moves.map((m) => moveStep(m, s.model.bounds.horizonMs))];
  return counterexample(steps, step, comment);
}

function sessionText(moves: readonly WorkflowMove[]): string {
  return moves.length === 0 ? 'right at workflow_start' : `after workflow_start → ${moves.map(moveLabel).join(' → ')}`;
}

function boundText(s: WorkflowSearch): string {
  return `within ${s.completeDepth} steps (the search stopped at ${s.states} states)`;
}

/** Why transition `t` (index `i`) of `from` never lands: shadowed, restart_cycle, its source unreached, or guards. */
function whyNotTaken(s: WorkflowSearch, from: string, t: Transition, i: number): string {
  const where = `transition ${i + 1} of ${q(from)} (when ${q(t.when)})`;
  if (!s.entered.has(from) && from !== s.compiled.startNode) return `${where}: ${q(from)} is itself never entered`;
  if (t.when === 'restart_cycle') return `${where}: a restart_cycle claim always goes to the start node ${q(s.compiled.startNode)}`;
  const first = s.compiled.nodes.get(from)?.transitions.findIndex((x) => x.when === t.when) ?? i;
  if (first !== i) return `${where}: transition ${first + 1} fires on the same claim first (W009)`;
  if (!s.exhaustive) return `${where}: no session within the bound takes it`;
  return `${where}: every next claiming it is interrupted by the rules of ${q(from)} (in profile spec an interrupt keeps the phase)`;
}

/** The transitions into `target` from other nodes, with their source and index. */
function incoming(s: WorkflowSearch, target: string): { from: string; t: Transition; i: number }[] {
  const out: { from: string; t: Transition; i: number }[] = [];
  for (const n of s.compiled.nodes.values()) n.transitions.forEach((t, i) => t.to === target && n.name !== target && out.push({ from: n.name, t, i }));
  return out;
}

/** A session into a reached source of `target` followed by the `next` that does not land there. */
function attemptTrace(s: WorkflowSearch, target: string, comment: string): Counterexample | undefined {
  for (const { from, t } of incoming(s, target)) {
    const at = from === s.compiled.startNode ? undefined : s.entered.get(from);
    if (from !== s.compiled.startNode && !at) continue;
    const moves = [...(at ? sessionOf(s, at) : []), { kind: 'next', claims: [t.when], wait: false } as WorkflowMove];
    return traceOf(s, moves, moves.length + 1, comment);
  }
  return undefined;
}

/** The first interrupt of a session: its 1-based trace step and the rule. */
function firstInterrupt(s: WorkflowSearch, moves: readonly WorkflowMove[]): { step: number; rule: string } | undefined {
  const per = replaySession(s, moves);
  for (let k = 0; k < per.length; k++) {
    const d = per[k]?.find((x) => x.kind === 'interrupt');
    if (d && d.kind === 'interrupt') return { step: k + 1, rule: ruleRef(s, d.node, d.rule) };
  }
  return undefined;
}

function unreachedFinding(s: WorkflowSearch, node: string, statics: string): VerifyFinding {
  const done = node === DONE_NODE;
  const proof: Proof = s.exhaustive ? 'exhaustive' : 'bounded';
  const reasons = incoming(s, node).map(({ from, t, i }) => whyNotTaken(s, from, t, i));
  const subject = done ? `${q(DONE_NODE)} is never reached` : `Phase ${q(node)} is never entered`;
  const scope = s.exhaustive ? 'by any session' : boundText(s);
  const message = `${subject} ${scope}, though ${statics}: ${reasons.join('; ') || 'no transition leads there'}.`;
  const trace = attemptTrace(s, node, `${subject}: the next that would lead there`);
  return {
    code: 'V010',
    severity: done ? (s.exhaustive ? 'error' : 'warning') : s.exhaustive ? 'warning' : 'info',
    message,
    node,
    proof,
    ...(trace ? { trace } : {}),
  };
}

function interruptedFinding(s: WorkflowSearch, node: string, seen: FirstSeen, statics: string): VerifyFinding {
  const done = node === DONE_NODE;
  const moves = sessionOf(s, seen);
  const first = firstInterrupt(s, moves);
  const subject = done ? `${q(DONE_NODE)} is reached only through an interrupt` : `Phase ${q(node)} is entered only after an interrupt`;
  const scope = s.exhaustive ? 'every session' : `every session ${boundText(s)}`;
  const message =
    `${subject}: ${scope} that gets there is interrupted on the way, though ${statics} and no static check weighs the guards. ` +
    `Shortest: ${sessionText(moves)}${first ? `, interrupted by rule ${first.rule}` : ''}.`;
  return {
    code: 'V010',
    severity: s.exhaustive ? 'warning' : 'info',
    message,
    node,
    proof: s.exhaustive ? 'exhaustive' : 'bounded',
    trace: traceOf(s, moves, first?.step ?? moves.length + 1, `${subject}: the first interrupt on the shortest way`),
  };
}

function reachabilityFindings(s: WorkflowSearch, statics: WorkflowStatics): VerifyFinding[] {
  const out: VerifyFinding[] = [];
  for (const node of s.compiled.nodes.keys()) {
    if (node === s.compiled.startNode || statics.unreachable.has(node)) continue;
    const why = 'W003 (reachability by transitions) counts it reachable';
    const seen = s.entered.get(node);
    if (!seen) out.push(unreachedFinding(s, node, why));
    else if (!s.enteredClean.has(node)) out.push(interruptedFinding(s, node, seen, why));
  }
  if (statics.doneReachable) {
    const why = `W004 (reachability by transitions) finds a way from ${q(s.compiled.startNode)} to it`;
    const seen = s.entered.get(DONE_NODE);
    if (!seen) out.push(unreachedFinding(s, DONE_NODE, why));
    else if (!s.enteredClean.has(DONE_NODE)) out.push(interruptedFinding(s, DONE_NODE, seen, why));
  }
  return out;
}

function ruleFindings(s: WorkflowSearch, statics: WorkflowStatics): VerifyFinding[] {
  const out: VerifyFinding[] = [];
  const unsampled = new Map(s.model.unsampled.map((u) => [ruleId(u.node, u.rule), u.status]));
  for (const node of s.compiled.nodes.values()) {
    if (node.name !== s.compiled.startNode && !s.entered.has(node.name)) continue;
    for (const r of node.rules) {
      const id = ruleId(node.name, r.index);
      if (r.inert || statics.flaggedRules.has(id)) continue;
      const ref = ruleRef(s, node.name, r.index);
      const base = { node: node.name, rule: r.index };
      const seen = s.fired.get(id);
      if (seen) {
        const moves = sessionOf(s, seen);
        out.push({
          ...base,
          code: 'V012',
          severity: 'info',
          proof: 'witness',
          message: `Rule ${ref} fires ${sessionText(moves)} (a shortest session: ${moves.length + 1} steps).`,
          trace: traceOf(s, moves, moves.length + 1, `Rule ${ref} fires at the last step`),
        });
        continue;
      }
      const status = unsampled.get(id);
      if (status === 'unknown') {
        out.push({
          ...base,
          code: 'V011',
          severity: 'info',
          proof: 'unjudged',
          message: `Rule ${ref} was not judged: no text its pattern '${patternOf(r.rule) ?? ''}' matches could be built for the sessions (anchors or word boundaries in the way), so whether it can fire is unknown.`,
        });
        continue;
      }
      if (status === 'empty') {
        out.push({
          ...base,
          code: 'V011',
          severity: 'warning',
          proof: 'exhaustive',
          message: `Rule ${ref} can never fire: its pattern matches no text at all (W005 only checks that it compiles).`,
        });
        continue;
      }
      out.push({
        ...base,
        code: 'V011',
        severity: s.exhaustive ? 'warning' : 'info',
        proof: s.exhaustive ? 'exhaustive' : 'bounded',
        message: s.exhaustive
          ? `Rule ${ref} fires in no session: no sequence of work and transitions makes it fire, though the node is entered and no static check reports the rule.`
          : `Rule ${ref} fires in no session ${boundText(s)}: it may need a longer session than the bound.`,
      });
    }
  }
  return out;
}

/** Every finding of a workflow search, given what the static checks already report. */
export function workflowFindings(s: WorkflowSearch, statics: WorkflowStatics): VerifyFinding[] {
  return [...reachabilityFindings(s, statics), ...ruleFindings(s, statics)];
}
