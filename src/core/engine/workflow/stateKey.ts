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
import type { WindowEntry } from './windowEntry.ts';
import type { WorkflowProfile } from './activity.ts';

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
  return { horizonMs: (horizonS + 1) * 1000, lookback, countCap, tokenCap, nodes, windows };
}

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Counts per label (each capped), sorted, as one string. */
function countsOf(entries: readonly WindowEntry[], label: (e: WindowEntry) => string, cap: number): string {
  const counts = new Map<string, number>();
  for (const e of entries) {
    const k = label(e);
    counts.set(k, Math.min(cap, (counts.get(k) ?? 0) + 1));
  }
  return [...counts]
    .sort(([a], [b]) => byText(a, b))
    .map(([k, n]) => `${k}\u0001${n}`)
    .join('\u0002');
}

/** The engine state's key under the bounds (see the module comment for what it keeps). */
export function workflowStateKey(s: WorkflowEngineState, b: WorkflowKeyBounds): string {
  const now = s.now ?? 0;
  const age = (t: number) => Math.min(b.horizonMs, Math.max(0, now - t));
  const phases = s.phases.phases;
  const last = phases.length - 1;
  const commitFlags = (upTo: number, k: number) => {
    let flags = '';
    for (let i = Math.max(0, upTo - k + 1); i <= upTo; i++) flags += (phases[i]?.commits ?? 0) > 0 ? '1' : '0';
    return flags;
  };
  const parts: (string | number)[] = [s.node ?? '\u0000', [...s.firing].sort((x, y) => x - y).join(','), commitFlags(last, b.lookback)];
  const current = phases[last];
  const instant = s.phases.instant;
  // hegel moves tokens read at a transition's very instant to the new phase.
  if (instant.time === now && instant.turns > 0) parts.push(`i${Math.min(b.tokenCap, instant.tokensIn + instant.tokensOut)}:${instant.phase === last ? 1 : 0}`);
  if (s.profile === 'spec') {
    const reads = s.node === null ? undefined : b.nodes.get(s.node);
    if (current && reads?.timeout) parts.push(age(current.start));
    if (current && reads && reads.tokenCap > 0) parts.push(Math.min(reads.tokenCap, current.tokensIn + current.tokensOut));
    const caps = (s.node === null ? undefined : b.windows.get(s.node)) ?? [];
    (s.rules as SlidingWindowState[]).forEach((w, i) => parts.push(countsOf(w.entries, (e) => `${e.text}\u0003${age(e.time)}`, caps[i] ?? b.countCap)));
    return parts.join('\u0004');
  }
  if (current) parts.push(age(current.start));
  const firsts = new Map<string, number>();
  phases.forEach((p, i) => {
    if (!firsts.has(p.node)) firsts.set(p.node, i);
  });
  for (const [node, i] of [...firsts].sort(([x], [y]) => byText(x, y))) {
    const reads = b.nodes.get(node);
    if (!reads || (!reads.timeout && reads.tokenCap === 0 && reads.lookback === 0)) continue;
    const p = phases[i] as PhaseRecord;
    const span = reads.timeout ? Math.min(b.horizonMs, (p.end ?? now) - p.start) : '';
    const tokens = reads.tokenCap > 0 ? Math.min(reads.tokenCap, p.tokensIn + p.tokensOut) : '';
    parts.push(`${node}\u0001${span}\u0001${tokens}\u0001${commitFlags(i, reads.lookback)}`);
  }
  const r = s.rules as HegelRulesState;
  const caps = b.windows.get('') ?? [];
  r.windows.forEach((w, i) => parts.push(Math.min(caps[i] ?? b.countCap, w.entries.length)));
  if (r.instant.time === now) parts.push(countsOf(r.instant.items.map((x) => ({ ...x.entry, text: `${x.kind}:${x.entry.text}` })), (e) => e.text, b.countCap));
  return parts.join('\u0004');
}
