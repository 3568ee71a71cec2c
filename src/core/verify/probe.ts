/**
 * Looking closer at one explored state: rebuild it by replaying its path through a fresh engine,
 * then try single moves from it and read their decisions (for the findings' explanations).
 */
import type { Decision } from '../engine/decisions.ts';
import { DecisionStamp } from '../engine/stamp.ts';
import type { ToolEngine, ToolEngineState } from '../engine/tools/index.ts';
import { actionEvent, type Action } from './exploreActions.ts';
import { explorerEngine, pathTo, type ToolSearch } from './exploreTools.ts';

/** A state rebuilt from its path, ready to try moves from. */
export interface ProbedState {
  path: Action[];
  /** Decisions of a move from this state (the state is left as it was). */
  decisionsOf(action: Action): Decision[];
}

/** Rebuilds state `id` of a search. */
export function probeState(s: ToolSearch, id: number): ProbedState {
  const path = pathTo(s, id);
  const engine: ToolEngine = explorerEngine(s.agent, s.settings);
  const stamp = new DecisionStamp();
  let time = 0;
  path.forEach((a, k) => {
    if (a.wait) time += s.model.waitMs;
    stamp.at(k, time);
    engine.stepInto(actionEvent(s.model, a, time, 1), stamp, []);
  });
  const saved: ToolEngineState = engine.save();
  return {
    path,
    decisionsOf(action) {
      engine.restore(saved);
      const out: Decision[] = [];
      const at = time + (action.wait ? s.model.waitMs : 0);
      stamp.at(path.length, at);
      engine.stepInto(actionEvent(s.model, action, at, 1), stamp, out);
      return out;
    },
  };
}

/** The decision about a call from the trace (not an automatic one) in a move's decisions. */
export function callDecision(decisions: readonly Decision[], tool: string): Decision | undefined {
  return decisions.find((d) => 'tool' in d && d.tool === tool && d.kind !== 'auto' && d.kind !== 'periodic_due' && !('reason' in d && d.reason !== undefined));
}
