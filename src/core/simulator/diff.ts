/**
 * What-if diffs of two decision streams of the same trace. Decisions are grouped by event (both
 * streams are in event order) and aligned within each event: by position when both sides have as
 * many decisions, otherwise by the longest common run of subjects (same call, exit, transition…),
 * so one added `periodic_due` does not mark the call after it as changed. Linear in the streams
 * (quadratic only inside one event whose decision count changed).
 */
import type { Decision } from '../engine/decisions.ts';

export type DiffChange = 'added' | 'removed' | 'changed';

export interface DiffEntry {
  change: DiffChange;
  /** The event both decisions belong to. */
  event: number;
  /** Position within the event's decisions (after-side for added and changed, before-side for removed). */
  position: number;
  before?: Decision;
  after?: Decision;
  /** Changed fields (never `seq`), in a fixed order: kind first. Empty for added and removed. */
  fields: string[];
  /** A hint when the kind, code, rule or flow differs, e.g. `allowed → blocked (MaxCallsExceeded, rule index 2)`. */
  why?: string;
  /** When the two runs differ in profile: the documented difference behind the entry (`profileReasons.ts`). */
  reason?: string;
}

export interface DecisionDiff {
  entries: DiffEntry[];
  added: number;
  removed: number;
  changed: number;
  /** Aligned pairs that are equal. */
  unchanged: number;
}

const FIELD_ORDER = ['kind', 'tool', 'code', 'rule', 'reason', 'outcome', 'flow', 'consent', 'pending', 'from', 'to', 'node', 'ruleType', 'line', 'message', 'text', 'time'];

const same = (a: unknown, b: unknown): boolean =>
  a === b || (Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => x === b[i]));

/** True when the two decisions agree on every field but `seq` (no allocation: the common case). */
function equalDecisions(a: Decision, b: Decision): boolean {
  const ra = a as unknown as Record<string, unknown>;
  const rb = b as unknown as Record<string, unknown>;
  let na = 0;
  let nb = 0;
  for (const k in ra) {
    na++;
    if (k !== 'seq' && !same(ra[k], rb[k])) return false;
  }
  for (const k in rb) {
    nb++;
    if (!(k in ra)) return false;
  }
  return na === nb;
}

/** The fields whose values differ (keys of either side, `seq` and `event` aside). */
export function changedFields(a: Decision, b: Decision): string[] {
  const ra = a as unknown as Record<string, unknown>;
  const rb = b as unknown as Record<string, unknown>;
  const keys = new Set([...Object.keys(ra), ...Object.keys(rb)]);
  keys.delete('seq');
  keys.delete('event');
  const out: string[] = [];
  for (const k of keys) if (!same(ra[k], rb[k])) out.push(k);
  const rank = (k: string) => (FIELD_ORDER.includes(k) ? FIELD_ORDER.indexOf(k) : FIELD_ORDER.length);
  return out.sort((x, y) => rank(x) - rank(y) || (x < y ? -1 : 1));
}

const field = (d: Decision, k: string): unknown => (d as unknown as Record<string, unknown>)[k];
const show = (v: unknown): string => (v === undefined ? 'none' : Array.isArray(v) ? `[${v.join(', ')}]` : String(v));

/** A one-line hint naming what decided differently. */
function whyOf(a: Decision, b: Decision, fields: string[]): string | undefined {
  const has = (k: string) => fields.includes(k);
  const decider = (d: Decision) => {
    const c = field(d, 'code');
    const r = field(d, 'rule');
    const parts = [c === undefined ? undefined : String(c), r === undefined ? undefined : `rule index ${String(r)}`].filter(Boolean);
    return parts.length > 0 ? ` (${parts.join(', ')})` : '';
  };
  if (has('kind')) return `${a.kind} → ${b.kind}${decider(b)}`;
  const parts: string[] = [];
  for (const k of ['code', 'rule', 'flow', 'consent', 'pending', 'ruleType', 'to']) if (has(k)) parts.push(`${k} ${show(field(a, k))} → ${show(field(b, k))}`);
  return parts.length > 0 ? parts.join('; ') : undefined;
}

/** Identity of what a decision is about, for aligning events whose decision counts differ. */
function subject(d: Decision): string {
  switch (d.kind) {
    case 'periodic_due':
      return `p:${d.tool}:${d.rule}`;
    case 'exit':
    case 'exit_blocked':
      return 'x';
    case 'transition':
      return `t:${d.from}`;
    case 'interrupt':
      return `i:${d.node}`;
    case 'error':
      return `e:${d.line}`;
    default:
      return `c:${d.tool}:${'reason' in d && d.reason ? d.reason : ''}`;
  }
}

/** Above this many cells an event is aligned by position (keeps the worst case bounded). */
const MAX_ALIGN_CELLS = 1_000_000;

/** Index pairs of a longest common subsequence of subjects (-1 = unmatched side). */
function align(a: readonly Decision[], b: readonly Decision[]): [number, number][] {
  const n = a.length;
  const m = b.length;
  if (n * m > MAX_ALIGN_CELLS) return Array.from({ length: Math.max(n, m) }, (_, k) => [k < n ? k : -1, k < m ? k : -1]);
  const sa = a.map(subject);
  const sb = b.map(subject);
  const w = m + 1;
  const dp = new Uint32Array((n + 1) * w);
  for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--)
      dp[i * w + j] = sa[i] === sb[j] ? (dp[(i + 1) * w + j + 1] as number) + 1 : Math.max(dp[(i + 1) * w + j] as number, dp[i * w + j + 1] as number);
  const pairs: [number, number][] = [];
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && sa[i] === sb[j]) pairs.push([i++, j++]);
    else if (j < m && (i >= n || (dp[i * w + j + 1] as number) >= (dp[(i + 1) * w + j] as number))) pairs.push([-1, j++]);
    else pairs.push([i++, -1]);
  }
  return pairs;
}

/** End (exclusive) of the run of decisions from `start` that share its event. */
function groupEnd(ds: readonly Decision[], start: number): number {
  const event = (ds[start] as Decision).event;
  let end = start + 1;
  while (end < ds.length && (ds[end] as Decision).event === event) end++;
  return end;
}

/**
 * Diffs two decision streams of the same trace replayed under different rules or settings:
 * `added` (only after), `removed` (only before) and `changed` (aligned, some field differs).
 */
export function diffDecisions(before: readonly Decision[], after: readonly Decision[]): DecisionDiff {
  const out: DecisionDiff = { entries: [], added: 0, removed: 0, changed: 0, unchanged: 0 };
  const push = (entry: DiffEntry) => {
    out.entries.push(entry);
    out[entry.change]++;
  };
  const pair = (a: Decision, b: Decision, position: number) => {
    if (equalDecisions(a, b)) {
      out.unchanged++;
      return;
    }
    const fields = changedFields(a, b);
    const why = whyOf(a, b, fields);
    push({ change: 'changed', event: b.event, position, before: a, after: b, fields, ...(why ? { why } : {}) });
  };
  let i = 0;
  let j = 0;
  while (i < before.length || j < after.length) {
    const ea = i < before.length ? (before[i] as Decision).event : Infinity;
    const eb = j < after.length ? (after[j] as Decision).event : Infinity;
    const event = Math.min(ea, eb);
    const ia = ea === event ? groupEnd(before, i) : i;
    const jb = eb === event ? groupEnd(after, j) : j;
    if (ia - i === jb - j) {
      for (let k = 0; k < ia - i; k++) pair(before[i + k] as Decision, after[j + k] as Decision, k);
    } else {
      for (const [x, y] of align(before.slice(i, ia), after.slice(j, jb))) {
        if (x >= 0 && y >= 0) pair(before[i + x] as Decision, after[j + y] as Decision, y);
        else if (y >= 0) push({ change: 'added', event, position: y, after: after[j + y] as Decision, fields: [] });
        else push({ change: 'removed', event, position: x, before: before[i + x] as Decision, fields: [] });
      }
    }
    i = ia;
    j = jb;
  }
  return out;
}
