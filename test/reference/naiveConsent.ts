/** Standing consent grants (`tool-rules.md` §4 step 8, §8), recomputed from every past execution. */
import type { Agent } from '../../src/core/model/toolRules.ts';
import type { ConsentAnswer } from '../../src/core/traces/events.ts';
import { executions, type ToolHistory } from './toolHistory.ts';

/** When a grant from this approving answer, given at `time`, expires (Infinity = end of replay). */
function grantUntil(answer: ConsentAnswer, time: number): number | undefined {
  if (answer === 'approve_scope') return Infinity;
  if (typeof answer === 'object') return time + answer.approve_for * 1000;
  return undefined;
}

/**
 * True when the tool holds a standing grant at `now`: replays every past execution of the tool,
 * in order, noting which approving answer each used (a grant active then, or its own answer).
 */
export function activeGrant(agent: Agent, h: ToolHistory, tool: string, now: number): boolean {
  const gated =
    h.settings.requirePermissions &&
    agent.rules.some((r) => r.tool_name === tool && r.rule_type.type === 'RequiresConsent');
  if (!gated) return false;
  let until: number | undefined;
  for (const e of executions(h)) {
    if (e.tool !== tool) continue;
    if (until !== undefined && e.time < until) continue;
    const ev = h.events[e.event];
    const given = !e.synthetic && ev?.type === 'tool_call' ? ev.consent : undefined;
    until = grantUntil(given ?? h.settings.consentDefault, e.time);
  }
  return until !== undefined && now < until;
}
