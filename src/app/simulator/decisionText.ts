/** How a decision looks in the timeline: an icon, a style class and a one-line label. */
import { ruleNumber } from '../../core/model/ruleNumber.ts';
import type { Decision, DecisionKind } from '../../core/engine/decisions.ts';
import { isViolation } from '../../core/simulator/violations.ts';

/**
 * Text symbols that common fonts have (DejaVu, Liberation, Segoe UI Symbol, Apple Symbols): no
 * emoji-only code points such as ⛔ ✋ ⏱, which headless Chromium on Linux draws as empty boxes.
 */
const ICONS: Record<DecisionKind, string> = {
  allowed: '✓',
  auto: '⚙',
  blocked: '⊘',
  deduplicated: '≡',
  denied: '⊖',
  timeout: '◔',
  not_found: '?',
  ignored: '·',
  exit: '⏏',
  exit_blocked: '⊘',
  periodic_due: '↻',
  transition: '→',
  interrupt: '⚠',
  error: '✗',
};

/** The icon of a decision kind. */
export const kindIcon = (kind: DecisionKind): string => ICONS[kind];

/** The row class: `sim-k-<kind>` plus `sim-violation` for violations (they stand out). */
export const kindClass = (d: Pick<Decision, 'kind'>): string => `sim-k-${d.kind}${isViolation(d) ? ' sim-violation' : ''}`;

/** A dedupe window as people say it: `5 min`, `30 s`, `1500 ms`. */
export function windowText(ms: number): string {
  if (ms > 0 && ms % 60_000 === 0) return `${ms / 60_000} min`;
  if (ms > 0 && ms % 1000 === 0) return `${ms / 1000} s`;
  return `${ms} ms`;
}

/**
 * One line describing a decision, e.g. `blocked load MaxCallsExceeded (rule #4)`. A deduplicated
 * call says it was merged into the identical call before it, and within which window
 * (`dedupeWindowMs`, the run's setting, when known): it did not run and was not counted.
 */
export function decisionLabel(d: Decision, dedupeWindowMs?: number): string {
  switch (d.kind) {
    case 'deduplicated':
      return `merged ${d.tool}: same call as one within the ${dedupeWindowMs !== undefined ? `${windowText(dedupeWindowMs)} ` : ''}dedupe window, not run or counted`;
    case 'allowed':
      return `allowed ${d.tool} (${d.outcome}, ${d.flow}${d.consent ? `, ${d.consent}` : ''})`;
    case 'auto':
      return `auto ${d.tool} (${d.reason.replace('_', ' ')})`;
    case 'blocked':
    case 'denied':
    case 'timeout':
    case 'not_found':
      return `${d.kind.replace('_', ' ')} ${d.tool} ${d.code}${d.rule !== undefined ? ` (rule ${ruleNumber(d.rule)})` : ''}`;
    case 'ignored':
      return `ignored ${d.tool}`;
    case 'exit':
      return 'exit';
    case 'exit_blocked':
      return `exit blocked: pending ${d.pending.join(', ')}`;
    case 'periodic_due':
      return `periodic due ${d.tool} (rule ${ruleNumber(d.rule)})`;
    case 'transition':
      return `transition ${d.from} → ${d.to}`;
    case 'interrupt':
      return `interrupt ${d.node} ${d.ruleType} (rule ${ruleNumber(d.rule)})`;
    case 'error':
      return `error line ${d.line}: ${d.message}`;
  }
}
