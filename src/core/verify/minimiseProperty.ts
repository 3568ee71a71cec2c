/**
 * What a counterexample proves, checked again on each minimiser candidate (`docs/minimise.md`,
 * "A counterexample keeps its finding"). A verifier finding's trace shows a property of the state
 * it reaches, not only a decision: minimising a deadlock's final blocked exit towards "the same
 * decision" can drop the very call that made the state a deadlock. So for the codes whose claim is
 * about the state, the candidate must pass the verifier's own test of that state right after its
 * last event (the target's):
 *
 * - V001 (deadlock): no move from there executes a call (the agent's own or an automatic one) or
 *   exits, at once or after waiting for every cooldown: the explorer's `isDeadlock`, one expansion.
 * - V002 (exit unreachable) and V003 (trap): no sequence of moves from there reaches a clean exit:
 *   a breadth-first search of the explorer's moves from that state, within a budget of states; a
 *   search that does not finish does not establish it (the candidate is rejected).
 *
 * Other codes (V004 dead tool, V005 dead rule, V010, V012) show a decision: their trace's target
 * decision is the property, as for any selected decision.
 */
import type { Decision } from '../engine/decisions.ts';
import type { ReplaySettings } from '../engine/settings.ts';
import { DecisionStamp, createToolEngine, type ToolEngine, type ToolEngineState } from '../engine/tools/index.ts';
import type { Agent } from '../model/toolRules.ts';
import { actionEvent, actionModel, type Action, type ActionModel } from './exploreActions.ts';
import { callDecision } from './probe.ts';
import { claimTitle, refusalWhy, type CounterexampleClaim, type RefusedNow } from './counterexampleClaim.ts';
import { KeyTable } from '../engine/keyTable.ts';

/** The finding codes whose counterexample proves a property of the state it reaches. */
export const STATE_PROPERTY_CODES = ['V001', 'V002', 'V003'] as const;

/** States a V002/V003 check explores from a candidate before giving up (then the candidate is rejected). */
export const PROPERTY_MAX_STATES = 20_000;

/** A state property a candidate must keep, checked on the tool engine's state after its last event. */
export interface PropertyCheck {
  /** The finding code (`V001`). */
  code: string;
  /** Whether the property holds in `state` (a replay's tool state), the last event at `time`. */
  holds(state: ToolEngineState, time: number): boolean;
}

/** A move's decisions execute a call or end the loop (the explorer's test of "something can still happen"). */
export function movesOn(decisions: readonly Decision[]): { executed: boolean; exited: boolean } {
  let executed = false;
  let exited = false;
  for (const d of decisions) {
    if (d.kind === 'allowed' || d.kind === 'auto') executed = true;
    if (d.kind === 'exit') exited = true;
  }
  return { executed, exited };
}

/** Steps the engine through the explorer's moves, each with arguments no trace call has (dedupe never merges them). */
class Mover {
  private n = 0;
  private readonly stamp = new DecisionStamp();
  readonly out: Decision[] = [];
  constructor(
    readonly engine: ToolEngine,
    readonly model: ActionModel,
  ) {}
  move(action: Action, time: number): Decision[] {
    const at = time + (action.wait ? this.model.waitMs : 0);
    const ev = actionEvent(this.model, action, at, 1);
    const event = ev.type === 'tool_call' ? { ...ev, args: { ...ev.args, __minimise_probe: ++this.n } } : ev;
    this.out.length = 0;
    this.stamp.at(0, at);
    this.engine.stepInto(event, this.stamp, this.out);
    return this.out;
  }
}

/** V001: from `state`, no move executes a call or exits. */
function deadlocked(mover: Mover, state: ToolEngineState, time: number): boolean {
  for (const action of mover.model.actions) {
    mover.engine.restore(state);
    const { executed, exited } = movesOn(mover.move(action, time));
    if (executed || exited) return false;
  }
  return true;
}

const KEY = { dedupe: false, periodic: false } as const;

/** V002/V003: no sequence of moves from `state` reaches a clean exit (false when the budget runs out first). */
function exitUnreachable(mover: Mover, state: ToolEngineState, time: number, maxStates: number): boolean {
  const { engine, model } = mover;
  engine.restore(state);
  const seen = new KeyTable();
  engine.stateId(seen, KEY);
  let frontier: { state: ToolEngineState; time: number }[] = [{ state, time }];
  while (frontier.length > 0) {
    const next: typeof frontier = [];
    for (const at of frontier)
      for (const action of model.actions) {
        engine.restore(at.state);
        if (movesOn(mover.move(action, at.time)).exited) return false;
        // A state first seen gets the next id (`seen.size` before the call).
        const known = seen.size;
        if (engine.stateId(seen, KEY) < known) continue;
        if (known >= maxStates) return false;
        next.push({ state: engine.save(), time: at.time + (action.wait ? model.waitMs : 0) });
      }
    frontier = next;
  }
  return true;
}

/**
 * The check for a finding `code` on `agent` replayed under `settings` (the replay's resolved
 * settings), or undefined when the code's trace shows a decision rather than a state.
 */
export function propertyCheck(code: string, agent: Agent | undefined, settings: ReplaySettings, maxStates = PROPERTY_MAX_STATES): PropertyCheck | undefined {
  if (!agent || !(STATE_PROPERTY_CODES as readonly string[]).includes(code)) return undefined;
  const mover = new Mover(createToolEngine(agent, settings), actionModel(agent, settings));
  return {
    code,
    holds: (state, time) => (code === 'V001' ? deadlocked(mover, state, time) : exitUnreachable(mover, state, time, maxStates)),
  };
}

/**
 * The claim a minimised counterexample is titled with: the code's sentence and, for a deadlock,
 * each tool and the exit with why it is refused in the state after the trace (`called`: the
 * calls the trace made, in order; `pending`: the tools the blocked exit waits for).
 */
export function minimisedClaim(code: string, agent: Agent, settings: ReplaySettings, state: ToolEngineState, time: number, called: readonly string[], pending: readonly string[]): CounterexampleClaim {
  if (code !== 'V001') return { title: claimTitle(code), finalState: [] };
  const mover = new Mover(createToolEngine(agent, settings), actionModel(agent, settings));
  const tools: RefusedNow[] = mover.model.tools.map((tool) => {
    mover.engine.restore(state);
    return { subject: tool, why: refusalWhy(agent.rules, tool, callDecision(mover.move({ kind: 'call', tool, wait: mover.model.waitMs > 0 }, time), tool), called) };
  });
  const listed = new Set(mover.model.tools);
  const exit = pending.map((t) => `\`${t}\` is required before exit and is refused${listed.has(t) ? ' too' : ''}`).join('; ');
  return { title: claimTitle(code), finalState: [...tools, ...(exit ? [{ subject: 'exit', why: exit }] : [])] };
}
