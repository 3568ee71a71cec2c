/**
 * Why a decision differs between the `spec` and `pattern` profiles (`docs/pattern-profile.md`):
 * each entry of a profile diff gets the documented difference that explains it, or is marked as
 * following from an earlier one (the two replays' states have parted).
 */
import type { Decision } from '../engine/decisions.ts';
import type { Profile } from '../engine/settings.ts';
import { WILDCARD, type Agent } from '../model/toolRules.ts';
import type { DiffEntry } from './diff.ts';

/** Stable ids of the documented differences (plus `earlier` and `profile`). */
export type ProfileCause =
  | 'check-order'
  | 'prerequisites-message'
  | 'ordering-message'
  | 'wildcard-ordering'
  | 'start-gate'
  | 'exclusive-group'
  | 'operations'
  | 'continue-loop'
  | 'exit-loop'
  | 'exit-requirements'
  | 'calls-after-exit'
  | 'workflow-profile'
  | 'letta-allowed-set'
  | 'letta-loop'
  | 'earlier';

export interface ProfileReason {
  cause: ProfileCause;
  text: string;
}

const TEXT: Record<ProfileCause, string> = {
  'check-order': "Pattern checks the tool's rules in rule order whatever their type; the spec checks in fixed steps (start gate, ordering, limits, groups, cooldown, operations)",
  'prerequisites-message': 'Pattern lists every condition of the rule and every call of the scope; the spec lists only the missing conditions',
  'ordering-message': 'Pattern lists every call of the scope as "already executed"; the spec lists only the conditions already called',
  'wildcard-ordering': 'Pattern applies a "*" ordering rule to its own conditions too; the spec exempts them',
  'start-gate': 'Pattern\'s start gate always applies and lists every StartConstraint rule not yet satisfied (repeats and "*" kept, and "*" never clears); the spec lists each start tool once, gates only with start "gate" and ignores "*"',
  'exclusive-group': 'Pattern binds an exclusive group only for tools whose own rule (or a "*" rule) holds it, from the calls of the ordering scope, listing holders in group order; the spec binds every member per batch',
  operations: 'Pattern reads only the first AllowedOperations rule of the tool; the spec allows the intersection of them all',
  'continue-loop': 'Pattern\'s requires_heartbeat: a "*" ContinueLoop covers only the tools in its conditions; the spec covers every tool when it has none',
  'exit-loop': "Pattern's should_exit_loop: an ExitLoop tool called in the scope (its conditions ignored), or a failed ExitLoop call once nothing is required; the spec exits after an ok call whose conditions were all called",
  'exit-requirements': 'Pattern ends the loop at an ExitLoop call without waiting for exit requirements, and lists them per rule (repeats and "*" kept); the spec runs or blocks on each pending tool once',
  'calls-after-exit': "Pattern's engine keeps no exited state, so calls after an exit are checked as usual; the spec ignores them until a new process",
  'letta-allowed-set':
    "Letta's ToolRulesSolver refused the call: the tool is not in the allowed set its rules give at this point of the step (docs/letta-profile.md); the other profile does not read Letta's rules",
  'letta-loop':
    "Letta's agent loop continues after every call but an exit_loop tool's, has no dedupe, and never calls a tool itself (required_before_exit waits for the model); the other profile follows its own loop",
  'workflow-profile': 'the profiles evaluate workflow rules differently (hegel-cli\'s evaluator vs the spec)',
  earlier: 'follows from an earlier difference: the two replays have called different tools by now',
};

const reason = (cause: ProfileCause): ProfileReason => ({ cause, text: TEXT[cause] });

const codeOf = (d: Decision | undefined): string | undefined => (d && 'code' in d ? d.code : undefined);
const ruleOf = (d: Decision | undefined): number | undefined => (d && 'rule' in d ? d.rule : undefined);

function isWildcardOrdering(agent: Agent | undefined, d: Decision | undefined): boolean {
  const r = agent?.rules[ruleOf(d) ?? -1];
  return !!r && r.tool_name === WILDCARD && 'tool' in (d as Decision) && r.conditions.includes((d as { tool: string }).tool);
}

/** The reason for one diff entry, `spec` on one side and `pattern` on the other. */
function specVsPattern(spec: Decision | undefined, pattern: Decision | undefined, agent: Agent | undefined): ProfileReason {
  const sc = codeOf(spec);
  const pc = codeOf(pattern);
  const any = (k: string) => spec?.kind === k || pattern?.kind === k;
  const code = (c: string) => sc === c || pc === c;
  if (spec?.kind === 'ignored') return reason('calls-after-exit');
  if (any('exit_blocked') || ('reason' in (spec ?? {}) && (spec as { reason?: string }).reason === 'exit_requirement') || ('reason' in (pattern ?? {}) && (pattern as { reason?: string }).reason === 'exit_requirement'))
    return reason('exit-requirements');
  if (code('StartConstraintsNotMet')) return reason('start-gate');
  if (sc && pc && sc !== pc) return reason('check-order');
  if (code('PrerequisitesNotMet') || code('OrderingViolation')) {
    if (isWildcardOrdering(agent, pattern) && !sc) return reason('wildcard-ordering');
    if (sc && sc === pc) return reason(sc === 'PrerequisitesNotMet' ? 'prerequisites-message' : 'ordering-message');
  }
  if (code('ExclusiveGroupViolation')) return reason('exclusive-group');
  if (code('OperationNotAllowed')) return reason('operations');
  if (spec && pattern && 'flow' in spec && 'flow' in pattern && spec.flow !== pattern.flow) {
    const flows = [spec.flow, pattern.flow];
    if (flows.includes('exit')) return reason('exit-loop');
    return reason('continue-loop');
  }
  if (any('exit')) return reason('exit-loop');
  return reason('earlier');
}

/** The reason for one diff entry with `letta` on one side. */
function lettaVsOther(letta: Decision | undefined, other: Decision | undefined): ProfileReason {
  const lc = codeOf(letta);
  if (lc === 'ToolConstraintError' || lc === 'NoValidTools') return reason('letta-allowed-set');
  const loopKinds = ['exit', 'exit_blocked', 'ignored', 'deduplicated', 'auto'];
  if (loopKinds.includes(letta?.kind ?? '') || loopKinds.includes(other?.kind ?? '')) return reason('letta-loop');
  if (letta && other && 'flow' in letta && 'flow' in other && letta.flow !== other.flow) return reason('letta-loop');
  return reason('earlier');
}

/**
 * Why an entry of the diff between a run under profile `from` (before) and one under `to` (after)
 * differs. `agent` (when known) lets a "*" rule be named as the cause.
 */
export function profileReason(entry: DiffEntry, from: Profile, to: Profile, agent?: Agent): ProfileReason {
  const isTool = (d: Decision | undefined) => !!d && d.kind !== 'transition' && d.kind !== 'interrupt' && d.kind !== 'error';
  if (!isTool(entry.before) && !isTool(entry.after)) return reason(from === to ? 'earlier' : 'workflow-profile');
  const toolSide = (p: Profile) => (p === 'pattern' || p === 'letta' ? p : 'spec');
  if (toolSide(from) === toolSide(to)) return reason('earlier');
  if (from === 'letta' || to === 'letta') return lettaVsOther(from === 'letta' ? entry.before : entry.after, from === 'letta' ? entry.after : entry.before);
  return from === 'pattern' ? specVsPattern(entry.after, entry.before, agent) : specVsPattern(entry.before, entry.after, agent);
}
