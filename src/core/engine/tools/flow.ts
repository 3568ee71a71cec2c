/**
 * Flow after an executed call (`tool-rules.md` §4.1, precedence §8): heartbeat, then exit, then
 * continue, then end — the first that applies.
 */
import type { Json } from '../../model/toolRules.ts';
import type { Flow } from '../decisions.ts';
import type { ToolState } from './state.ts';
import type { CompiledTool } from './toolTable.ts';

/** True when every tool of `ids` has been called in the ordering scope. */
export function allCalled(state: ToolState, ids: readonly number[]): boolean {
  for (let i = 0; i < ids.length; i++) if (!state.isCalled(ids[i] as number)) return false;
  return true;
}

/**
 * The flow of a call that executed: `heartbeat` when its arguments carry `request_heartbeat: true`
 * (JSON `true` only) and no ContinueLoop rule applies; `exit` when it was `ok` and an ExitLoop rule
 * of the tool has all its conditions called; `continue` when a ContinueLoop rule applies; else `end`.
 * Call it after the call was recorded, so an ExitLoop condition naming the tool itself is met.
 */
export function flowOf(tool: CompiledTool, args: Readonly<Record<string, Json>>, outcome: 'ok' | 'error', state: ToolState): Flow {
  const continues = tool.rules.continues;
  if (args.request_heartbeat === true && !continues) return 'heartbeat';
  const exits = tool.exitLoops;
  if (outcome === 'ok') for (let k = 0; k < exits.length; k++) if (allCalled(state, (exits[k] as CompiledTool['exitLoops'][number]).conditionIds)) return 'exit';
  if (continues) return 'continue';
  return 'end';
}
