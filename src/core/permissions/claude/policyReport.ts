/**
 * The policy view's data (issue 23, item 6): the rules in the order Claude Code evaluates them
 * (deny → ask → allow, then scope precedence and file order, as `decide` reads them) with the calls
 * each decided, the calls no rule decided, the allow / ask / deny totals; and the what-if of an
 * edit: every call whose decision changes between two policies. Both only call `decide`.
 */
import { decide } from './decide.ts';
import { bashNotes } from './hints.ts';
import type { PermissionPolicy } from './settings.ts';
import { LIST_ORDER } from './types.ts';
import type {
  Decision,
  DecideContextInput,
  DecidingRule,
  PermissionDecision,
  RuleSource,
  ToolCallInput,
} from './types.ts';

/** One rule of the view with the indices (into `calls`) of the calls it decided. */
export interface RuleRow {
  source: RuleSource;
  calls: number[];
}

export interface PolicyReport {
  /** Every rule, deny first, then ask, then allow; within a list, the policy's order. */
  rules: RuleRow[];
  /** Calls decided by their mode's and tool's default, not by a rule. */
  byDefault: number[];
  totals: Record<PermissionDecision, number>;
  /** Each call's decision, by index. */
  decisions: Decision[];
  /**
   * Notes past a call's reason, by index, for the calls that have some (`hints.ts`): the closest
   * rule when none decided a Bash command, a `Read(…)` deny a read-only command gets past.
   */
  notes: Record<number, string[]>;
}

/** One call whose decision an edit changes. */
export interface DecisionChange {
  index: number;
  call: ToolCallInput;
  before: Decision;
  after: Decision;
}

function key(r: Pick<DecidingRule, 'list' | 'file' | 'line' | 'col'>): string {
  return `${r.list}\0${r.file}\0${r.line}:${r.col}`;
}

/** Decides every call under `policy` and groups the calls by the rule that decided them. */
export function policyReport(
  policy: PermissionPolicy,
  calls: readonly ToolCallInput[],
  ctx: DecideContextInput,
): PolicyReport {
  const ordered = LIST_ORDER.flatMap((list) => policy.rules.filter((r) => r.source.list === list));
  const rules: RuleRow[] = ordered.map((r) => ({ source: r.source, calls: [] }));
  const byKey = new Map(rules.map((row) => [key(row.source), row]));
  const byDefault: number[] = [];
  const totals: Record<PermissionDecision, number> = { allow: 0, ask: 0, deny: 0 };
  const notes: Record<number, string[]> = {};
  const decisions = calls.map((call, i) => {
    const d = decide(policy, call, ctx);
    const command = call.name === 'Bash' && typeof call.input?.command === 'string' ? call.input.command : undefined;
    const said = command === undefined ? [] : bashNotes(policy, command, d, ctx);
    if (said.length > 0) notes[i] = said;
    totals[d.decision]++;
    const row = d.rule ? byKey.get(key(d.rule)) : undefined;
    (row ? row.calls : byDefault).push(i);
    return d;
  });
  return { rules, byDefault, totals, decisions, notes };
}

function sameRule(a?: DecidingRule, b?: DecidingRule): boolean {
  return a === undefined || b === undefined ? a === b : a.list === b.list && a.text === b.text;
}

/**
 * The calls whose decision differs between `before` and `after` (a rule edited, added or
 * removed): a different outcome, or the same outcome from a rule of different text.
 */
export function whatIf(
  before: PermissionPolicy,
  after: PermissionPolicy,
  calls: readonly ToolCallInput[],
  ctx: DecideContextInput,
): DecisionChange[] {
  const out: DecisionChange[] = [];
  calls.forEach((call, index) => {
    const b = decide(before, call, ctx);
    const a = decide(after, call, ctx);
    if (a.decision !== b.decision || !sameRule(a.rule, b.rule))
      out.push({ index, call, before: b, after: a });
  });
  return out;
}

/** The allow / ask / deny totals after an edit: the totals before, moved by the edit's changes. */
export function totalsAfter(
  before: Readonly<Record<PermissionDecision, number>>,
  changes: readonly DecisionChange[],
): Record<PermissionDecision, number> {
  const totals = { ...before };
  for (const c of changes) {
    totals[c.before.decision]--;
    totals[c.after.decision]++;
  }
  return totals;
}
