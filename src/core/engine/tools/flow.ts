/**
 * Flow after an executed call (`tool-rules.md` §4.1, precedence §8): heartbeat, then exit, then
 * continue, then end — the first that applies.
 */
import type { Json } from '../../model/toolRules.ts';
import type { Flow } from '../decisions.ts';
import type { ToolRuleSet } from './ruleIndex.ts';
import { allCalled, type OrderingState } from './state.ts';

/**
 * The flow of a call that executed: `heartbeat` when its arguments carry `request_heartbeat: true`
 * (JSON `true` only) and no ContinueLoop rule applies; `exit` when it was `ok` and an ExitLoop rule
 * of the tool has all its conditions called; `continue` when a ContinueLoop rule applies; else `end`.
 * Call it after the call was recorded, so an ExitLoop condition naming the tool itself is met.
 */
export function flowOf(
  rules: ToolRuleSet,
  args: Readonly<Record<string, Json>>,
  outcome: 'ok' | 'error',
  ordering: OrderingState,
): Flow {
  if (args.request_heartbeat === true && !rules.continues) return 'heartbeat';
  if (outcome === 'ok' && rules.exitLoops.some((e) => allCalled(ordering, e.conditions))) return 'exit';
  if (rules.continues) return 'continue';
  return 'end';
}
