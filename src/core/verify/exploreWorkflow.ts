/**
 * The workflow explorer's search: breadth-first over the workflow engine's abstract states (the
 * replay's own `createWorkflowEngine`, stepped and saved/restored), so the first session found to
 * any state is a shortest one. States are identified by `workflowStateKey` plus whether the
 * session so far went without an interrupt, so "reached" and "reached without an interrupt" are
 * both answered. Each explored state keeps its parent and the move that reached it; only the
 * frontier keeps engine states.
 */
import type { DecisionBody } from '../engine/decisions.ts';
import type { ReplaySettings } from '../engine/settings.ts';
import { workflowProfileOf } from '../engine/settings.ts';
import { compileWorkflow, type CompiledWorkflow } from '../engine/workflow/compiled.ts';
import { createWorkflowEngine, type WorkflowEngine, type WorkflowEngineState } from '../engine/workflow/engine.ts';
import { workflowStateId } from '../engine/workflow/stateKey.ts';
import { KeyTable } from '../engine/keyTable.ts';
import { DONE_NODE, type Workflow } from '../model/workflow.ts';
import type { TraceEvent } from '../traces/events.ts';
import type { SearchLimits } from './exploreTools.ts';
import { finish, type SearchProgress } from './steps.ts';
import { DEFAULT_MAX_STATES, MOVES_PER_POLL } from './limits.ts';
import { moveEvent, nextMoves, workflowMoveModel, type WorkflowMove, type WorkflowMoveModel } from './workflowMoves.ts';

/** Where something first happened: the move `move` from state `from` (`from` −1: at `workflow_start`), leading to `to`. */
export interface FirstSeen {
  from: number;
  move: WorkflowMove | undefined;
  to: number;
}

/** The explored graph of a workflow's sessions. */
export interface WorkflowSearch {
  workflow: Workflow;
  compiled: CompiledWorkflow;
  settings: ReplaySettings;
  model: WorkflowMoveModel;
  parent: number[];
  via: (WorkflowMove | undefined)[];
  /** Per state: the node it is at. */
  node: string[];
  /** Per state: no interrupt happened on the way to it. */
  clean: boolean[];
  /** Per node (and `done`): the first time a session entered it. */
  entered: Map<string, FirstSeen>;
  /** Per node (and `done`): the first time a session without any interrupt entered it. */
  enteredClean: Map<string, FirstSeen>;
  /** Per rule (`node`, index): the first time it fired. */
  fired: Map<string, FirstSeen>;
  states: number;
  transitions: number;
  /** Every session of up to this many moves (after `workflow_start`) was explored. */
  completeDepth: number;
  exhaustive: boolean;
  /**
   * The search stopped early because nothing was left to find: every phase and `done` entered
   * without an interrupt, every rule it can judge fired (each first firing is a shortest one).
   */
  settled: boolean;
}

/** The key of a rule in {@link WorkflowSearch.fired}. */
export const ruleId = (node: string, rule: number) => `${node}\u0000${rule}`;

/** The search reads which rules fired, never their texts: they are not rendered. */
const STEP_CONTEXT = { executed: true, texts: false } as const;

/** Whether one of the decisions is an interrupt. */
function hasInterrupt(decisions: readonly DecisionBody[]): boolean {
  for (let i = 0; i < decisions.length; i++) if ((decisions[i] as DecisionBody).kind === 'interrupt') return true;
  return false;
}

/** The workflow's moves from a state at `node`: advancing first, then work (built once per node). */
function movesAt(s: WorkflowSearch, cache: Map<string, readonly WorkflowMove[]>, node: string): readonly WorkflowMove[] {
  let moves = cache.get(node);
  if (moves === undefined) {
    moves = [...nextMoves(s.compiled, node, s.model.waits), ...s.model.work];
    cache.set(node, moves);
  }
  return moves;
}

/** Breadth-first search of a workflow's sessions under the settings (profile and `evaluateOn`). */
export function searchWorkflow(workflow: Workflow, settings: ReplaySettings, limits: SearchLimits = {}): WorkflowSearch {
  return finish(searchWorkflowSteps(workflow, settings, limits));
}

/** {@link searchWorkflow} in steps: yields its progress every 256 expanded states. */
export function* searchWorkflowSteps(workflow: Workflow, settings: ReplaySettings, limits: SearchLimits = {}): Generator<SearchProgress, WorkflowSearch> {
  const maxStates = limits.maxStates ?? DEFAULT_MAX_STATES;
  const maxDepth = limits.maxDepth ?? Number.POSITIVE_INFINITY;
  const profile = workflowProfileOf(settings.profile);
  const compiled = compileWorkflow(workflow, profile);
  const model = workflowMoveModel(compiled, profile);
  const engine: WorkflowEngine = createWorkflowEngine(workflow, settings);
  const s: WorkflowSearch = {
    workflow,
    compiled,
    settings,
    model,
    parent: [-1],
    via: [undefined],
    node: [],
    clean: [],
    entered: new Map(),
    enteredClean: new Map(),
    fired: new Map(),
    states: 1,
    transitions: 0,
    completeDepth: 0,
    exhaustive: false,
    settled: false,
  };
  /** What is still to be seen: `n` + node (entered cleanly), `r` + rule id (fired). */
  const open = new Set<string>([...compiled.nodes.keys(), DONE_NODE].map((n) => `n${n}`));
  const unsampled = new Set(model.unsampled.map((u) => ruleId(u.node, u.rule)));
  for (const n of compiled.nodes.values()) for (const r of n.rules) if (!r.inert && !unsampled.has(ruleId(n.name, r.index))) open.add(`r${ruleId(n.name, r.index)}`);
  /**
   * Each rule's id by node and index, and whether it fired: decisions are noted at every move,
   * so the ids are looked up, not joined again per decision.
   */
  const ruleIds = new Map<string, string[]>();
  const idOf = (node: string, rule: number): string => {
    let ids = ruleIds.get(node);
    if (ids === undefined) ruleIds.set(node, (ids = []));
    return (ids[rule] ??= ruleId(node, rule));
  };
  /** Notes what one event's decisions did; returns whether the session is still clean after it. */
  const note = (decisions: readonly DecisionBody[], from: number, move: WorkflowMove | undefined, to: number, wasClean: boolean) => {
    const clean = wasClean && !hasInterrupt(decisions);
    for (const d of decisions) {
      if (d.kind === 'interrupt') {
        const id = idOf(d.node, d.rule);
        if (s.fired.has(id)) continue;
        s.fired.set(id, { from, move, to });
        open.delete(`r${id}`);
      } else if (d.kind === 'transition') {
        if (!s.entered.has(d.to)) s.entered.set(d.to, { from, move, to });
        if (clean && !s.enteredClean.has(d.to)) {
          s.enteredClean.set(d.to, { from, move, to });
          open.delete(`n${d.to}`);
        }
      }
    }
    return clean;
  };

  const rootDecisions = engine.step({ type: 'workflow_start', time: 0 } as TraceEvent, STEP_CONTEXT);
  const rootClean = note(rootDecisions, -1, undefined, 0, true);
  const root = engine.save();
  s.node.push(root.node ?? '');
  s.clean.push(rootClean);
  // State ids are the table's key ids: both number states in the order first seen.
  const ids = new KeyTable();
  workflowStateId(root, model.bounds, ids, rootClean ? 1 : 0);
  const times: number[] = [0];
  let frontier: { id: number; state: WorkflowEngineState }[] = root.node === null || root.node === DONE_NODE ? [] : [{ id: 0, state: root }];
  let expanded = 0;
  let stopped = limits.cancelled?.() === true;
  let depth = 0;
  let moves = 0;
  const waitMs = model.bounds.horizonMs;
  const movesByNode = new Map<string, readonly WorkflowMove[]>();

  while (frontier.length > 0 && depth < maxDepth && !stopped) {
    const next: typeof frontier = [];
    for (const { id, state } of frontier) {
      if (open.size === 0) {
        s.settled = true;
        break;
      }
      if (s.states >= maxStates || (expanded % 16 === 0 && expanded > 0 && limits.cancelled?.() === true)) {
        stopped = true;
        break;
      }
      for (const move of movesAt(s, movesByNode, s.node[id] as string)) {
        // Polled within a state too (as the tool explorer does), so a deadline holds on a wide node.
        if (++moves % MOVES_PER_POLL === 0 && limits.cancelled?.() === true) {
          stopped = true;
          break;
        }
        engine.restore(state);
        const time = (times[id] as number) + (move.kind === 'next' && move.wait ? waitMs : 0);
        const decisions = engine.step(moveEvent(move, time), STEP_CONTEXT);
        s.transitions++;
        const after = engine.save();
        const clean = (s.clean[id] as boolean) && !hasInterrupt(decisions);
        const to = workflowStateId(after, model.bounds, ids, clean ? 1 : 0);
        if (to === s.states) {
          s.states++;
          s.parent.push(id);
          s.via.push(move);
          s.node.push(after.node ?? '');
          s.clean.push(clean);
          times.push(time);
          if (after.node !== DONE_NODE) next.push({ id: to, state: after });
        }
        note(decisions, id, move, to, s.clean[id] as boolean);
      }
      if (stopped) break;
      expanded++;
      if (expanded % 256 === 0) {
        limits.onProgress?.({ states: s.states, depth });
        yield { states: s.states, depth };
      }
    }
    if (stopped || s.settled) break;
    depth++;
    frontier = next;
  }
  s.completeDepth = depth;
  s.exhaustive = !stopped && frontier.length === 0;
  limits.onProgress?.({ states: s.states, depth });
  return s;
}

/** The moves from `workflow_start` to state `id` (a shortest session: states are found breadth-first). */
export function workflowPathTo(s: WorkflowSearch, id: number): WorkflowMove[] {
  const path: WorkflowMove[] = [];
  for (let at = id; at > 0; at = s.parent[at] as number) path.push(s.via[at] as WorkflowMove);
  return path.reverse();
}

/** The session up to and including a first sighting: the path to `from`, then its move. */
export function sessionOf(s: WorkflowSearch, seen: FirstSeen): WorkflowMove[] {
  if (seen.from < 0) return [];
  return [...workflowPathTo(s, seen.from), seen.move as WorkflowMove];
}
