/**
 * The tool-rule explorer's search: breadth-first over the engine's abstract states, so the first
 * path found to any state is a shortest one. It drives the replay's own engine
 * (`createToolEngine`, `stepInto`, `save`/`restore`) and identifies states by the engine's
 * `stateKey` (dedupe and periodic timers left out: see `exploreActions.ts`). No engine state is
 * kept per state: each keeps its parent and the move that reached it, and a state about to be
 * expanded is rebuilt by replaying its (short) path, so memory is a few numbers per state.
 */
import type { Decision } from '../engine/decisions.ts';
import { toolProfileOf, type ReplaySettings } from '../engine/settings.ts';
import { DecisionStamp } from '../engine/stamp.ts';
import { createToolEngine, type ToolEngine, type ToolEngineState } from '../engine/tools/index.ts';
import type { Agent } from '../model/toolRules.ts';
import { ToolRuleAttribution } from '../simulator/attribution.ts';
import { LettaRuleAttribution } from '../simulator/lettaAttribution.ts';
import { actionEvent, actionModel, type Action, type ActionModel } from './exploreActions.ts';
import { DEFAULT_MAX_STATES, MOVES_PER_POLL } from './limits.ts';
import { finish, type SearchProgress } from './steps.ts';
import { KeyTable } from '../engine/keyTable.ts';

/** Limits and hooks of one search. */
export interface SearchLimits {
  /** Stop after this many distinct states (default {@link DEFAULT_MAX_STATES}). */
  maxStates?: number;
  /** Explore sequences of at most this many moves (default: no limit). */
  maxDepth?: number;
  /** Called every few hundred expanded states (the worker streams it as progress). */
  onProgress?: (p: { states: number; depth: number }) => void;
  /**
   * Polled every {@link MOVES_PER_POLL} moves, within a state too: returning true stops the
   * search (it then reports as bounded, proved up to the last depth it finished).
   */
  cancelled?: () => boolean;
}

export { DEFAULT_MAX_STATES };

/** A move tried from a state and what it led to. */
export interface Edge {
  action: number;
  to: number;
}

/** The explored graph: per state its parent, the move from the parent, depth and outgoing moves. */
export interface ToolSearch {
  model: ActionModel;
  settings: ReplaySettings;
  agent: Agent;
  parent: number[];
  via: number[];
  depth: number[];
  /** Per state: the loop exited cleanly there (terminal). */
  exited: boolean[];
  /** Per expanded state: moves that led to another state (no self-loops, each target once). */
  edges: (Edge[] | undefined)[];
  /** Per expanded state: some move executed a call there (the agent's own, or an automatic one). */
  anyExecuted: boolean[];
  /** Per state: a move from it ended in `exit`. */
  exitsFrom: boolean[];
  /** Per tool: the first (shortest) state and move where a call of it executed. */
  toolFirst: Map<string, { from: number; action: number }>;
  /** Per rule index: the first (shortest) state and move where it fired. */
  ruleFirst: Map<number, { from: number; action: number }>;
  states: number;
  transitions: number;
  /** Every sequence of up to this many moves was explored. */
  completeDepth: number;
  exhaustive: boolean;
}

/** A fresh engine for exploring: the dedupe window off (explored calls never repeat their arguments). */
export function explorerEngine(agent: Agent, settings: ReplaySettings): ToolEngine {
  return createToolEngine(agent, { ...settings, dedupeWindowMs: 0 });
}

const KEY_OPTIONS = { dedupe: false, periodic: false } as const;

/** Breadth-first search of the agent's abstract states under the settings. */
export function searchTools(agent: Agent, settings: ReplaySettings, limits: SearchLimits = {}): ToolSearch {
  return finish(searchToolsSteps(agent, settings, limits));
}

/**
 * {@link searchTools} in steps: yields its progress every 256 expanded states, so a caller (the
 * worker) can let messages in between and stop early by not resuming.
 */
export function* searchToolsSteps(agent: Agent, settings: ReplaySettings, limits: SearchLimits = {}): Generator<SearchProgress, ToolSearch> {
  const maxStates = limits.maxStates ?? DEFAULT_MAX_STATES;
  const maxDepth = limits.maxDepth ?? Number.POSITIVE_INFINITY;
  const model = actionModel(agent, settings);
  const engine = explorerEngine(agent, settings);
  const attribution = toolProfileOf(settings.profile) === 'letta' ? new LettaRuleAttribution(agent) : new ToolRuleAttribution(agent);
  const s: ToolSearch = {
    model,
    settings,
    agent,
    parent: [-1],
    via: [-1],
    depth: [0],
    exited: [false],
    edges: [],
    anyExecuted: [],
    exitsFrom: [],
    toolFirst: new Map(),
    ruleFirst: new Map(),
    states: 1,
    transitions: 0,
    completeDepth: 0,
    exhaustive: false,
  };
  // State ids are the table's key ids: both number states in the order first seen.
  const ids = new KeyTable();
  engine.stateId(ids, KEY_OPTIONS);
  const times: number[] = [0];
  const stamp = new DecisionStamp();
  const out: Decision[] = [];
  const root: ToolEngineState = engine.save();
  let frontier: number[] = [0];
  /** Puts the engine into state `id` by replaying its path from the start. */
  const rebuild = (id: number) => {
    engine.restore(root);
    const path = pathTo(s, id);
    let time = 0;
    path.forEach((action, k) => {
      if (action.wait) time += model.waitMs;
      stamp.at(k, time);
      out.length = 0;
      engine.stepInto(actionEvent(model, action, time, 1), stamp, out);
    });
    return engine.save();
  };
  let expanded = 0;
  // The deadline may have passed while the model was built (a big agent): nothing is searched then.
  let stopped = limits.cancelled?.() === true;
  let depth = 0;

  while (frontier.length > 0 && depth < maxDepth && !stopped) {
    const next: number[] = [];
    for (const id of frontier) {
      if (s.states >= maxStates || (expanded % 16 === 0 && expanded > 0 && limits.cancelled?.() === true)) {
        stopped = true;
        break;
      }
      const state = id === 0 ? root : rebuild(id);
      const edges: Edge[] = [];
      const targets = new Set<number>();
      let allowed = false;
      let exits = false;
      for (let a = 0; a < model.actions.length; a++) {
        // A state of 10,000 tools has 10,000 moves: the limits are polled within it too.
        if (a > 0 && a % MOVES_PER_POLL === 0) {
          if (limits.cancelled?.() === true) {
            stopped = true;
            break;
          }
          if (a % (MOVES_PER_POLL * 16) === 0) {
            limits.onProgress?.({ states: s.states, depth });
            yield { states: s.states, depth };
          }
        }
        const action = model.actions[a] as Action;
        engine.restore(state);
        out.length = 0;
        const time = (times[id] as number) + (action.wait ? model.waitMs : 0);
        stamp.at(depth, time);
        engine.stepInto(actionEvent(model, action, time, 1), stamp, out);
        s.transitions++;
        let exited = false;
        for (const d of out) {
          if (d.kind === 'exit') exited = true;
          if (d.kind === 'allowed' || d.kind === 'auto') allowed = true;
          if ((d.kind === 'allowed' || d.kind === 'auto') && !s.toolFirst.has(d.tool)) s.toolFirst.set(d.tool, { from: id, action: a });
          attribution.forEachFired(d, (rule) => {
            if (!s.ruleFirst.has(rule)) s.ruleFirst.set(rule, { from: id, action: a });
          });
        }
        if (exited) exits = true;
        const to = engine.stateId(ids, KEY_OPTIONS);
        if (to === s.states) {
          s.states++;
          s.parent.push(id);
          s.via.push(a);
          s.depth.push(depth + 1);
          s.exited.push(exited);
          times.push(time);
          if (!exited) next.push(to);
        }
        if (to !== id && !targets.has(to)) {
          targets.add(to);
          edges.push({ action: a, to });
        }
      }
      // A state stopped part-way is left unexpanded: what it reached is kept, its moves are not claimed.
      if (stopped) break;
      s.edges[id] = edges;
      s.anyExecuted[id] = allowed;
      s.exitsFrom[id] = exits;
      expanded++;
      if (expanded % 256 === 0) {
        limits.onProgress?.({ states: s.states, depth });
        yield { states: s.states, depth };
      }
    }
    if (stopped) break;
    depth++;
    frontier = next;
  }
  s.completeDepth = depth;
  s.exhaustive = !stopped && frontier.length === 0;
  limits.onProgress?.({ states: s.states, depth });
  return s;
}

/** The moves from the start to state `id` (a shortest path: states are found breadth-first). */
export function pathTo(s: ToolSearch, id: number): Action[] {
  const path: Action[] = [];
  for (let at = id; at > 0; at = s.parent[at] as number) path.push(s.model.actions[s.via[at] as number] as Action);
  return path.reverse();
}
