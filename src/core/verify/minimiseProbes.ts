/**
 * What "blocked for the same reason" keeps when minimising towards a blocked exit (or the refused
 * automatic call of a tool the exit waits for). An
 * `exit_blocked` decision says which tools the exit still waits for, but not why they were not
 * called: a trace of one `model_end` blocks the exit too, only because nothing was called yet —
 * it hides a deadlock, where the pending tool *cannot* be called any more. So the minimiser also
 * keeps what a call of each tool that matters would get right after the target: the pending
 * tools and the tools they must follow (their RequiresPrecedingTools conditions). A candidate
 * whose probes answer differently (say `run_tests` now allowed, where the original refused it
 * for its exclusive group) is not the same situation, and is rejected.
 */
import type { Agent } from '../model/toolRules.ts';
import type { Decision } from '../engine/decisions.ts';
import type { TraceItem } from '../traces/events.ts';
import type { MinimiseTarget } from './minimiseTarget.ts';

/** The tools probed after a target (none: the target alone is the property). */
export function probeToolsOf(target: MinimiseTarget, agent: Agent | undefined): string[] {
  if (!agent || agent.family === 'letta') return [];
  // the blocked exit, or the refused automatic call of a tool the exit waits for
  const waitedFor = target.kind === 'exit_blocked' ? (target.pending ?? []) : target.kind === 'blocked' && target.reason === 'exit_requirement' && target.tool !== undefined ? [target.tool] : [];
  const pending = waitedFor.filter((t) => t !== '*');
  const before = agent.rules.filter((r) => r.rule_type.type === 'RequiresPrecedingTools' && pending.includes(r.tool_name)).flatMap((r) => r.conditions);
  return [...new Set([...pending, ...before])].sort();
}

/** A probe call of `tool` at `time`: arguments no trace call has, so dedupe never merges it. */
export function probeItem(tool: string, time: number): TraceItem {
  return { kind: 'event', event: { type: 'tool_call', time, tool, args: { __minimise_probe: true }, outcome: 'ok', duration_ms: 0 } };
}

/** A probe's answer: the kind and failure code of the probe call's own decision. */
export function probeAnswer(decisions: readonly Decision[], tool: string): string {
  const own = decisions.find((d) => 'tool' in d && d.tool === tool && !('reason' in d && d.reason !== undefined));
  if (!own) return 'none';
  return 'code' in own ? `${own.kind} ${own.code}` : own.kind;
}
