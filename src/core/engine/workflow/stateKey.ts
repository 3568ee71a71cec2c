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
import { append } from '../../model/append.ts';
import type { KeyTable } from '../keyTable.ts';
import { KeyLabels, KeyWriter, sortSmall } from '../keyWriter.ts';

export { KeyLabels };

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
  /** The strings keys met so far (nodes, labelled texts), numbered: grows as a search meets them, so keys made with one bounds object compare. */
  labels: KeyLabels;
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
    append(all, own);
  }
  if (profile === 'hegel') {
    windows.clear();
    windows.set('', all);
  }
  const tokenCap = Math.max(0, ...[...nodes.values()].map((n) => n.tokenCap));
  const readers = [...nodes].filter(([, r]) => r.timeout || r.tokenCap > 0 || r.lookback > 0).sort(([x], [y]) => byText(x, y));
  return { horizonMs: (horizonS + 1) * 1000, lookback, countCap, tokenCap, nodes, readers, windows, labels: new KeyLabels() };
}

const writer = new KeyWriter();

/** Whether each of the `k` phases up to `upTo` had a commit: their count, then 0/1 each. */
function commitFlags(w: KeyWriter, phases: readonly PhaseRecord[], upTo: number, k: number): void {
  const from = Math.max(0, upTo - k + 1);
  w.num(Math.max(0, upTo - from + 1));
  for (let i = from; i <= upTo; i++) w.unit((phases[i]?.commits ?? 0) > 0 ? 1 : 0);
}

/** How long before `now` a time was, capped at the horizon. */
function ageOf(now: number, t: number, b: WorkflowKeyBounds): number {
  return Math.min(b.horizonMs, Math.max(0, now - t));
}

/**
 * The engine state's key under the bounds (see the module comment for what it keeps). With
 * `tag` (a small non-negative integer, such as a search's "no interrupt so far" flag), the key
 * starts with it: keys with different tags differ, without joining strings.
 */
export function workflowStateKey(s: WorkflowEngineState, b: WorkflowKeyBounds, tag?: number): string {
  return writeKey(s, b, tag).done();
}

/**
 * The id in `table` of the state's {@link workflowStateKey} (the same key, kept as code units):
 * the id it has when the table holds it, else it is added with the next one (`table.size` before).
 */
export function workflowStateId(s: WorkflowEngineState, b: WorkflowKeyBounds, table: KeyTable, tag?: number): number {
  return writeKey(s, b, tag).idIn(table);
}

function writeKey(s: WorkflowEngineState, b: WorkflowKeyBounds, tag: number | undefined): KeyWriter {
  const w = writer.begin(b.labels);
  if (tag !== undefined) w.num(tag);
  const now = s.now ?? 0;
  const phases = s.phases.phases;
  const last = phases.length - 1;
  w.num(s.node === null ? 0 : w.label(s.node) + 1);
  const firing = s.firing;
  const fired = firing.length;
  w.num(fired);
  if (fired > 1) {
    const sorted = w.scratch;
    for (let i = 0; i < fired; i++) sorted[i] = firing[i] as number;
    sortSmall(sorted, fired);
    for (let i = 0; i < fired; i++) w.num(sorted[i] as number);
  } else if (fired === 1) w.num(firing[0] as number);
  commitFlags(w, phases, last, b.lookback);
  const current = phases[last];
  const instant = s.phases.instant;
  // hegel moves tokens read at a transition's very instant to the new phase.
  if (instant.time === now && instant.turns > 0) {
    w.num(1);
    w.num(Math.min(b.tokenCap, instant.tokensIn + instant.tokensOut));
    w.num(instant.phase === last ? 1 : 0);
  } else w.num(0);
  if (s.profile === 'spec') {
    const reads = s.node === null ? undefined : b.nodes.get(s.node);
    w.num(current && reads?.timeout ? ageOf(now, current.start, b) + 1 : 0);
    w.num(current && reads && reads.tokenCap > 0 ? Math.min(reads.tokenCap, current.tokensIn + current.tokensOut) + 1 : 0);
    const caps = (s.node === null ? undefined : b.windows.get(s.node)) ?? [];
    const windows = s.rules as SlidingWindowState[];
    w.num(windows.length);
    for (let i = 0; i < windows.length; i++) {
      // An entry's label: its text and its age (older than the horizon is all one).
      const labels = (windows[i] as SlidingWindowState).entries.map((e) => w.label(`${ageOf(now, e.time, b)}\u0003${e.text}`));
      w.counts(labels, caps[i] ?? b.countCap);
    }
    return w;
  }
  w.num(current ? ageOf(now, current.start, b) + 1 : 0);
  // Indexed, no destructuring: `for (const [node, reads] of …)` ran the iterator protocol per pair.
  for (let k = 0; k < b.readers.length; k++) {
    const pair = b.readers[k] as readonly [string, NodeReads];
    const node = pair[0];
    const reads = pair[1];
    const i = s.phases.first.get(node);
    const p = i === undefined ? undefined : phases[i];
    if (i === undefined || p === undefined) {
      w.num(0);
      continue;
    }
    w.num(1);
    if (reads.timeout) w.num(Math.min(b.horizonMs, (p.end ?? now) - p.start));
    if (reads.tokenCap > 0) w.num(Math.min(reads.tokenCap, p.tokensIn + p.tokensOut));
    commitFlags(w, phases, i, reads.lookback);
  }
  const r = s.rules as HegelRulesState;
  const caps = b.windows.get('') ?? [];
  w.num(r.windows.length);
  for (let i = 0; i < r.windows.length; i++) w.num(Math.min(caps[i] ?? b.countCap, (r.windows[i] as HegelRulesState['windows'][number]).entries.length));
  if (r.instant.time === now) {
    w.num(1);
    const labels = w.scratch;
    const items = r.instant.items;
    for (let i = 0; i < items.length; i++) {
      const x = items[i] as HegelRulesState['instant']['items'][number];
      labels[i] = w.pairLabel(x.kind, x.entry.text);
    }
    w.counts(labels, b.countCap, items.length);
  } else w.num(0);
  return w;
}
