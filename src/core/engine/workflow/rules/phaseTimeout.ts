/** `phase_timeout`: duration `>` max, exact ms in `spec`, whole (truncated) seconds in `hegel`; shown in whole seconds. */
import { formatClock, formatWallClock } from '../../../time.ts';
import { phaseDurationMs, type PhaseRecord } from '../phases.ts';
import { compactDuration, renderHegelInterrupt, renderSpecInterrupt } from '../texts.ts';
import { quietCheck, type RuleCheck } from './check.ts';

const SPEC_SUGGESTION = [
  'This phase is taking too long. Consider:',
  '- Breaking the task into smaller steps',
  '- Transitioning to LEARNINGS to document blockers',
  '- Resetting the workflow with simplified scope',
].join('\n');

const HEGEL_SUGGESTION =
  'This phase is taking too long. Consider breaking the task into smaller steps, transitioning to ' +
  'LEARNINGS to document blockers, or resetting with simplified scope.';

/** `spec` profile: the current phase, up to `now`. */
export function specPhaseTimeoutCheck(maxSeconds: number, phase: PhaseRecord, now: number): RuleCheck {
  const ms = phaseDurationMs(phase, now);
  const seconds = Math.floor(ms / 1000);
  return {
    fires: ms > maxSeconds * 1000,
    value: ms,
    limit: maxSeconds * 1000,
    unit: 'ms',
    text: () =>
      renderSpecInterrupt({
        title: 'Phase Timeout Exceeded',
        diagnostic: `${phase.node.toUpperCase()} phase running for ${compactDuration(seconds)} (limit: ${compactDuration(maxSeconds)})`,
        details: [`Phase start: ${formatClock(phase.start)}`, `Current time: ${formatClock(now)}`, `Duration: ${seconds} seconds`],
        suggestion: SPEC_SUGGESTION,
        node: phase.node,
      }),
  };
}

/**
 * `hegel` profile: the node's first phase (ended, or active up to `now`); none → never fires.
 * hegel compares whole seconds: chrono's `num_seconds()` truncates the duration toward zero, so
 * 60.5 s against `max_duration: 60` does not fire (`src/rules/evaluator.rs`, `evaluate_phase_timeout`).
 */
export function hegelPhaseTimeoutCheck(maxSeconds: number, phase: PhaseRecord | undefined, now: number): RuleCheck {
  if (!phase) return quietCheck(maxSeconds * 1000, 'ms');
  const seconds = Math.trunc(phaseDurationMs(phase, now) / 1000);
  return {
    fires: seconds > maxSeconds,
    // the measure as hegel takes it: whole seconds (in ms, the unit the UI shows for durations)
    value: seconds * 1000,
    limit: maxSeconds * 1000,
    unit: 'ms',
    text: () =>
      renderHegelInterrupt({
        ruleType: 'Phase Timeout',
        diagnostic: `${phase.node} phase running for ${seconds}s (limit: ${maxSeconds}s)`,
        events: [
          `Phase start: ${formatWallClock(phase.start, phase.startOffset)}`,
          `Duration: ${Math.floor(seconds / 60)}m ${seconds % 60}s`,
          `Limit: ${Math.floor(maxSeconds / 60)}m`,
        ],
        suggestion: HEGEL_SUGGESTION,
      }),
  };
}
