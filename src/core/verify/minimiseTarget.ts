/**
 * The minimiser's target: a decision, matched by its stable fields. Two decisions are "the same
 * decision" when they have the same kind and equal values of every field that says *what* was
 * decided (tool, code, rule, reason, outcome, flow, consent, pending tools, node, rule type,
 * transition ends). Fields that say *where* or *in what words* (seq, event, time, message, text,
 * line) are not compared: they change when a trace gets shorter (`docs/minimise.md`).
 */
import type { Decision, DecisionKind } from '../engine/decisions.ts';
import { VIOLATION_KINDS } from '../simulator/violations.ts';

/** The fields compared, in the order {@link describeTarget} names them. */
export const TARGET_FIELDS = ['tool', 'code', 'rule', 'reason', 'outcome', 'flow', 'consent', 'node', 'ruleType', 'from', 'to', 'pending'] as const;
type TargetField = (typeof TARGET_FIELDS)[number];

/** A decision reduced to its stable fields. */
export interface MinimiseTarget {
  kind: Exclude<DecisionKind, 'error'>;
  tool?: string;
  code?: string;
  rule?: number;
  reason?: string;
  outcome?: string;
  flow?: string;
  consent?: string;
  node?: string;
  ruleType?: string;
  from?: string;
  to?: string;
  /** Tools an exit still waited for, sorted (compared as a set). */
  pending?: string[];
}

/**
 * The target of a decision, or undefined for an `error` decision (an unusable trace line is not
 * something the rules decided, so there is nothing to minimise towards).
 */
export function targetOf(d: Decision): MinimiseTarget | undefined {
  if (d.kind === 'error') return undefined;
  const rec = d as unknown as Record<string, unknown>;
  const t: Record<string, unknown> = { kind: d.kind };
  for (const f of TARGET_FIELDS) {
    const v = rec[f];
    if (v === undefined) continue;
    t[f] = f === 'pending' && Array.isArray(v) ? [...(v as string[])].sort() : v;
  }
  return t as unknown as MinimiseTarget;
}

const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && [...a].sort().every((x, i) => x === b[i]);

/** True when `d` is the target's decision: same kind, and every stable field equal (absent = absent). */
export function matchesTarget(d: Decision, t: MinimiseTarget): boolean {
  if (d.kind !== t.kind) return false;
  const rec = d as unknown as Record<string, unknown>;
  const tr = t as unknown as Record<TargetField, unknown>;
  for (const f of TARGET_FIELDS) {
    const a = rec[f];
    const b = tr[f];
    if (f === 'pending') {
      if (a === undefined || b === undefined ? a !== b : !sameSet(a as string[], b as string[])) return false;
    } else if (a !== b) return false;
  }
  return true;
}

/** The target in words: `blocked validate PrerequisitesNotMet (rule #4)`, rule numbers 1-based. */
export function describeTarget(t: MinimiseTarget): string {
  const parts: string[] = [t.kind];
  for (const f of TARGET_FIELDS) {
    const v = (t as unknown as Record<TargetField, unknown>)[f];
    if (v === undefined) continue;
    if (f === 'rule') parts.push(`(rule #${(v as number) + 1})`);
    else if (f === 'pending') parts.push(`pending [${(v as string[]).join(', ')}]`);
    else if (f === 'from' || f === 'to') parts.push(`${f} ${String(v)}`);
    else parts.push(String(v));
  }
  return parts.join(' ');
}

/**
 * The decision to minimise towards among a step's decisions: the first of `kind` when given, else
 * the first violation (a blocked call, a failed exit, an interrupt…), else the only decision.
 * A problem (in words) when there is none, or several and none stands out.
 */
export function chooseDecision(decisions: readonly Decision[], kind?: string): { ok: true; decision: Decision } | { ok: false; problem: string } {
  const usable = decisions.filter((d) => d.kind !== 'error');
  const kinds = usable.map((d) => d.kind).join(', ');
  if (usable.length === 0) return { ok: false, problem: decisions.length > 0 ? 'it is an unusable trace line, which the rules decide nothing about' : 'the rules decide nothing there' };
  if (kind !== undefined) {
    const d = usable.find((x) => x.kind === kind);
    return d ? { ok: true, decision: d } : { ok: false, problem: `it decides no ${kind} (it decides ${kinds})` };
  }
  const violation = usable.find((d) => VIOLATION_KINDS.has(d.kind));
  if (violation) return { ok: true, decision: violation };
  if (usable.length === 1) return { ok: true, decision: usable[0] as Decision };
  return { ok: false, problem: `it decides ${kinds}; choose one by its kind` };
}
