/**
 * An abstraction of a saved workflow engine state for the verifier's search: two states with
 * equal keys give the same decisions (kinds, nodes, rules) for every continuation, so a search
 * may explore one of them. Times are kept relative to the engine's clock and capped at a horizon
 * longer than every window and phase timeout (older is "long ago": out of every window, over every
 * timeout); token totals are capped above the budget that reads them, window counts at their
 * rule's threshold, and only what some rule can still read is kept: `spec` reads the current
 * phase and the commits of the last `lookback` phases; `hegel` also the first phase of each node
 * that has a duration, token or commit rule.
 */
import type { CompiledWorkflow } from './compiled.ts';
import type { WorkflowEngineState } from './engine.ts';
import type { HegelRulesState } from './hegelRules.ts';
import type { PhaseRecord } from './phases.ts';
import { repeatedOf } from './profileRules.ts';
import type { SlidingWindowState } from './slidingWindow.ts';
import type { WorkflowProfile } from './activity.ts';

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** What a node's duration, token and commit rules read of a phase (0 / false: nothing). */
interface NodeReads {
  timeout: boolean;
  /** One more than the node's largest max_tokens; 0 without a token_budget. */
  tokenCap: number;
  /** The node's largest lookback_phases; 0 without require_commits. */
  lookback: number;
}

/** Caps of the abstraction, from the workflow's rules ({@link keyBoundsOf}). */
export interface WorkflowKeyBounds {
  /** Ms; more than every rule's window and max_duration. */
  horizonMs: number;
  /** The largest lookback_phases of any rule (0 when there is none). */
  lookback: number;
  /** The largest threshold of any repeated rule. */
  countCap: number;
  /** One more than the largest max_tokens of any rule (0 when there is none). */
  tokenCap: number;
  nodes: ReadonlyMap<string, NodeReads>;
  /** The nodes with a duration, token or commit rule, by name: what `hegel` keeps of their first phase. */
  readers: readonly (readonly [string, NodeReads])[];
  /** Per node (`spec`: its windows) or for the whole workflow (`hegel`, key ''): each window's threshold, in the engine's order. */
  windows: ReadonlyMap<string, readonly number[]>;
}

/** The abstraction's caps for a compiled workflow in a profile (inert rules read nothing). */
export function keyBoundsOf(wf: CompiledWorkflow, profile: WorkflowProfile): WorkflowKeyBounds {
  let horizonS = 0;
  let lookback = 0;
  let countCap = 1;
  const nodes = new Map<string, NodeReads>();
  const windows = new Map<string, number[]>();
  const all: number[] = [];
  for (const node of wf.nodes.values()) {
    const reads: NodeReads = { timeout: false, tokenCap: 0, lookback: 0 };
    const own: number[] = [];
    for (const c of node.rules) {
      if (c.inert) continue;
      const r = c.rule;
      const rep = repeatedOf(c);
      if (rep) {
        horizonS = Math.max(horizonS, rep.fields.window);
        countCap = Math.max(countCap, rep.fields.threshold);
        own.push(rep.fields.threshold);
      } else if (r.type === 'phase_timeout') {
        horizonS = Math.max(horizonS, r.max_duration);
        reads.timeout = true;
      } else if (r.type === 'token_budget') reads.tokenCap = Math.max(reads.tokenCap, r.max_tokens + 1);
      else if (r.type === 'require_commits') reads.lookback = Math.max(reads.lookback, r.lookback_phases);
    }
    lookback = Math.max(lookback, reads.lookback);
    nodes.set(node.name, reads);
    windows.set(node.name, own);
    all.push(...own);
  }
  if (profile === 'hegel') {
    windows.clear();
    windows.set('', all);
  }
  const tokenCap = Math.max(0, ...[...nodes.values()].map((n) => n.tokenCap));
  const readers = [...nodes].filter(([, r]) => r.timeout || r.tokenCap > 0 || r.lookback > 0).sort(([x], [y]) => byText(x, y));
  return { horizonMs: (horizonS + 1) * 1000, lookback, countCap, tokenCap, nodes, readers, windows };
}

/** Counts per label (each capped at `cap`), sorted by label, as one string. */
function countsKey(counts: Map<string, number>): string {
  const labels = [...counts.keys()];
  if (labels.length > 1) labels.sort(byText);
  let out = '';
  for (let i = 0; i < labels.length; i++) {
    const k = labels[i] as string;
    out += `${i > 0 ? '\u0002' : ''}${k}\u0001${counts.get(k) as number}`;
  }
  return out;
}

function bump(counts: Map<string, number>, label: string, cap: number): void {
  counts.set(label, Math.min(cap, (counts.get(label) ?? 0) + 1));
}

/** How long before `now` a time was, capped at the horizon. */
function ageOf(now: number, t: number, b: WorkflowKeyBounds): number {
  return Math.min(b.horizonMs, Math.max(0, now - t));
}

/** Whether each of the `k` phases up to `upTo` had a commit, as '0'/'1' flags. */
function commitFlags(phases: readonly PhaseRecord[], upTo: number, k: number): string {
  let flags = '';
  for (let i = Math.max(0, upTo - k + 1); i <= upTo; i++) flags += (phases[i]?.commits ?? 0) > 0 ? '1' : '0';
  return flags;
}

function firingKey(firing: readonly number[]): string {
  if (firing.length < 2) return firing.length === 0 ? '' : String(firing[0]);
  return [...firing].sort((x, y) => x - y).join(',');
}

/** The engine state's key under the bounds (see the module comment for what it keeps). */
export function workflowStateKey(s: WorkflowEngineState, b: WorkflowKeyBounds): string {
  const now = s.now ?? 0;
  const phases = s.phases.phases;
  const last = phases.length - 1;
  let key = `${s.node ?? '\u0000'}\u0004${firingKey(s.firing)}\u0004${commitFlags(phases, last, b.lookback)}`;
  const current = phases[last];
  const instant = s.phases.instant;
  // hegel moves tokens read at a transition's very instant to the new phase.
  if (instant.time === now && instant.turns > 0) key += `\u0004i${Math.min(b.tokenCap, instant.tokensIn + instant.tokensOut)}:${instant.phase === last ? 1 : 0}`;
  if (s.profile === 'spec') {
    const reads = s.node === null ? undefined : b.nodes.get(s.node);
    if (current && reads?.timeout) key += `\u0004${ageOf(now, current.start, b)}`;
    if (current && reads && reads.tokenCap > 0) key += `\u0004${Math.min(reads.tokenCap, current.tokensIn + current.tokensOut)}`;
    const caps = (s.node === null ? undefined : b.windows.get(s.node)) ?? [];
    const windows = s.rules as SlidingWindowState[];
    for (let w = 0; w < windows.length; w++) {
      const counts = new Map<string, number>();
      const cap = caps[w] ?? b.countCap;
      for (const e of (windows[w] as SlidingWindowState).entries) bump(counts, `${e.text}\u0003${ageOf(now, e.time, b)}`, cap);
      key += `\u0004${countsKey(counts)}`;
    }
    return key;
  }
  if (current) key += `\u0004${ageOf(now, current.start, b)}`;
  for (const [node, reads] of b.readers) {
    let i = 0;
    while (i <= last && (phases[i] as PhaseRecord).node !== node) i++;
    if (i > last) continue;
    const p = phases[i] as PhaseRecord;
    const span = reads.timeout ? Math.min(b.horizonMs, (p.end ?? now) - p.start) : '';
    const tokens = reads.tokenCap > 0 ? Math.min(reads.tokenCap, p.tokensIn + p.tokensOut) : '';
    key += `\u0004${node}\u0001${span}\u0001${tokens}\u0001${commitFlags(phases, i, reads.lookback)}`;
  }
  const r = s.rules as HegelRulesState;
  const caps = b.windows.get('') ?? [];
  for (let w = 0; w < r.windows.length; w++) key += `\u0004${Math.min(caps[w] ?? b.countCap, (r.windows[w] as HegelRulesState['windows'][number]).entries.length)}`;
  if (r.instant.time === now) {
    const counts = new Map<string, number>();
    for (const x of r.instant.items) bump(counts, `${x.kind}:${x.entry.text}`, b.countCap);
    key += `\u0004${countsKey(counts)}`;
  }
  return key;
}
