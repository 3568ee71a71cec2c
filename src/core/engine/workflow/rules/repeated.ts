/**
 * `repeated_command` and `repeated_file_edit` in both profiles: the count, and the interrupt
 * texts (§4.1, §4.2).
 */
import { formatClock, formatWallClock } from '../../../time.ts';
import type { AnchoredWindow } from '../anchoredWindow.ts';
import type { SlidingWindow } from '../slidingWindow.ts';
import { renderHegelInterrupt, renderSpecInterrupt, windowPhrase } from '../texts.ts';
import type { WindowEntry } from '../windowEntry.ts';
import type { RuleCheck } from './check.ts';

export type RepeatedKind = 'command' | 'edit';

/** The repeated rule's fields, common to both kinds. */
export interface RepeatedRule {
  pattern: string | undefined;
  threshold: number;
  /** Seconds. */
  window: number;
}

const SPEC_WORDING: Record<RepeatedKind, { title: string; verb: string; many: string; recent: string; suggestion: string }> = {
  command: {
    title: 'Repeated Command Detected',
    verb: 'executed',
    many: 'Commands matching',
    recent: 'Recent executions:',
    suggestion:
      "You're stuck in a build loop. Review the error message carefully.\n" +
      'Consider using TDD: write a failing test first, then fix the specific issue.',
  },
  edit: {
    title: 'Repeated File Edit Detected',
    verb: 'edited',
    many: 'Files matching',
    recent: 'Recent edits:',
    suggestion:
      "You're thrashing the same file. Step back and write a failing test\n" +
      'that captures the desired behavior, then implement the fix.',
  },
};

const specLine = (kind: RepeatedKind, e: WindowEntry) =>
  kind === 'command' ? `  - ${formatClock(e.time)}: ${e.text}` : `  - ${formatClock(e.time)}: ${e.tool} (${e.text})`;

/**
 * `spec` profile: without a pattern the most repeated text counts (ties: latest event most
 * recent); with one, every match in the window counts together.
 */
export function specRepeatedCheck(kind: RepeatedKind, rule: RepeatedRule, window: SlidingWindow, node: string): RuleCheck {
  const w = SPEC_WORDING[kind];
  if (rule.pattern === undefined) {
    const leader = window.leader();
    const count = leader?.count ?? 0;
    return {
      fires: leader !== undefined && count >= rule.threshold,
      value: count,
      limit: rule.threshold,
      unit: 'events',
      text: () =>
        renderSpecInterrupt({
          title: w.title,
          diagnostic: `${leader?.text ?? ''} ${w.verb} ${count} times in ${windowPhrase(rule.window)}`,
          details: [w.recent, ...window.recent(leader?.text ?? '').map((e) => specLine(kind, e))],
          suggestion: w.suggestion,
          node,
        }),
    };
  }
  const pattern = rule.pattern;
  const count = window.size;
  return {
    fires: count >= rule.threshold,
    value: count,
    limit: rule.threshold,
    unit: 'events',
    text: () => {
      const recent = window.recent();
      const first = recent[0];
      const subject = window.distinctCount === 1 && first ? first.text : `${w.many} ${pattern}`;
      return renderSpecInterrupt({
        title: w.title,
        diagnostic: `${subject} ${w.verb} ${count} times in ${windowPhrase(rule.window)}`,
        details: [`Pattern: ${pattern}`, w.recent, ...recent.map((e) => specLine(kind, e))],
        suggestion: w.suggestion,
        node,
      });
    },
  };
}

const HEGEL_WORDING: Record<RepeatedKind, { ruleType: string; diagnostic: string; suggestion: string }> = {
  command: {
    ruleType: 'Repeated Command',
    diagnostic: 'Command executed',
    suggestion:
      "You're stuck in a build loop. Review the error message carefully. " +
      'Consider using TDD: write a failing test first, then fix the specific issue.',
  },
  edit: {
    ruleType: 'Repeated File Edit',
    diagnostic: 'Files edited',
    suggestion:
      "You're thrashing the same files. Step back and write a failing test that captures the " +
      'desired behavior, then implement the fix.',
  },
};

/** hegel prints each time as written, offset and all (see {@link formatWallClock}). */
const hegelLine = (kind: RepeatedKind, e: WindowEntry) => {
  const clock = formatWallClock(e.time, e.offset ?? 0);
  return kind === 'command' ? `${clock}: ${e.text}` : `${clock}: ${e.text} (${e.tool})`;
};

/** `hegel` profile: all matching events in the anchored window count together. */
export function hegelRepeatedCheck(kind: RepeatedKind, rule: RepeatedRule, window: AnchoredWindow): RuleCheck {
  const w = HEGEL_WORDING[kind];
  const count = window.size;
  return {
    fires: count >= rule.threshold,
    value: count,
    limit: rule.threshold,
    unit: 'events',
    text: () =>
      renderHegelInterrupt({
        ruleType: w.ruleType,
        diagnostic: `${w.diagnostic} ${count} times in last ${rule.window}s`,
        events: window.recent().map((e) => hegelLine(kind, e)),
        suggestion: w.suggestion,
      }),
  };
}
