/**
 * A decision's outcome as the graph shows it on the node it is about: allowed, blocked, denied (a
 * permission refused: a deny rule, or a prompt answered no), interrupt, quiet (a call merged or
 * ignored), or `current` for a step that decided nothing. The Simulate
 * canvas and the presenter's stage draw the same verdicts, each with its word (colour is never
 * the only cue).
 */
import type { DecisionKind } from '../../core/engine/decisions.ts';

export type Verdict = 'allowed' | 'blocked' | 'denied' | 'interrupt' | 'quiet' | 'current';

const VERDICTS: Record<DecisionKind, Verdict> = {
  allowed: 'allowed',
  auto: 'allowed',
  exit: 'allowed',
  transition: 'allowed',
  periodic_due: 'allowed',
  blocked: 'blocked',
  denied: 'denied',
  timeout: 'blocked',
  not_found: 'blocked',
  exit_blocked: 'blocked',
  error: 'blocked',
  interrupt: 'interrupt',
  deduplicated: 'quiet',
  ignored: 'quiet',
};

/** The verdict of a decision kind. */
export const verdictOf = (kind: DecisionKind): Verdict => VERDICTS[kind];

/** The word shown on the node beside its colour. */
export const VERDICT_LABEL: Record<Verdict, string> = { allowed: 'Allowed', blocked: 'Blocked', denied: 'Denied', interrupt: 'Interrupt', quiet: 'Not run', current: 'Now' };

/** The verdict's symbol (fonts without emoji draw these). */
export const VERDICT_ICON: Record<Verdict, string> = { allowed: '✓', blocked: '⊘', denied: '⊘', interrupt: '⚠', quiet: '≡', current: '▸' };
