/**
 * The path the simulator's run has walked up to the selected decision, for this document's canvas
 * (Simulate's and the presenter's alike): {@link walkedPath} over a bounded window of the run's
 * decisions, read from the page's decision log, so stepping or scrubbing a 1,000,000-decision run
 * costs the same as a short one.
 */
import { useMemo } from 'react';
import { useStore } from 'zustand';
import { walkedPath, type PathEdge, type PathGraph, type WalkedPath } from '../../core/simulator/walkedPath.ts';
import type { Decision } from '../../core/engine/decisions.ts';
import { useSimulation } from '../simulator/useSimulation.ts';
import { liveStore } from '../simulator/liveStore.ts';

/** Decisions read back from the selected one (the window's windows are also the timeline's, around the selection). */
export const PATH_DECISIONS = 1_000;

/** What a canvas draws of the path (sets, for the node and edge builders), and the window it read. */
export interface PathMarks {
  nodes: ReadonlySet<string>;
  edges: ReadonlySet<string>;
  last: ReadonlySet<string>;
  refused: boolean;
  /** The decisions read, [from, to): `from > 0` when the path shown is the run's latest part only. */
  from: number;
  to: number;
}

/**
 * The decisions [from, to) the path reads at a selection: up to and including the selected
 * decision (on a step that decided nothing, every decision before the next step), the last
 * {@link PATH_DECISIONS} of them.
 */
export function pathWindow(log: { firstAtOrAfter(step: number): number }, step: number, selected: number | undefined): { from: number; to: number } {
  const to = selected !== undefined ? selected + 1 : log.firstAtOrAfter(step + 1);
  return { from: Math.max(0, to - PATH_DECISIONS), to };
}

const sameList = (a: ReadonlySet<string>, b: readonly string[]): boolean => a.size === b.length && b.every((x) => a.has(x));

function marksOf(p: WalkedPath, from: number, to: number, old: PathMarks | undefined): PathMarks {
  if (old && old.from === from && old.to === to && old.refused === p.refused && sameList(old.nodes, p.nodes) && sameList(old.edges, p.edges) && sameList(old.last, p.last)) return old;
  return { nodes: new Set(p.nodes), edges: new Set(p.edges), last: new Set(p.last), refused: p.refused, from, to };
}

/** The marks each document's canvas drew last, kept so an unchanged path is the same object. */
const drawn = new Map<string, PathMarks>();

/**
 * The path on document `docId`'s graph of `kind` with these drawn `edges`: undefined with no run
 * of it, before its first step, or while the live view follows a session. The same object while
 * the path stays the same (a window arriving redraws nothing).
 */
export function usePathWalked(docId: string, kind: PathGraph, edges: readonly PathEdge[]): PathMarks | undefined {
  const run = useSimulation((s) => s.run);
  const step = useSimulation((s) => s.step);
  const selected = useSimulation((s) => s.selected);
  // the log is read outside React state: `version` says windows of it arrived
  const version = useSimulation((s) => s.version);
  const live = useStore(liveStore, (s) => s.active);
  return useMemo(() => {
    const mine = kind === 'tools' ? run?.agentDocId === docId : run?.workflowDocId === docId;
    if (!run || !mine || live || step < 0 || run.status === 'running') return undefined;
    const { from, to } = pathWindow(run.log, step, selected);
    const window: (Decision | undefined)[] = [];
    for (let i = from; i < to; i++) window.push(run.log.at(i));
    const marks = marksOf(walkedPath(window, edges, kind), from, to, drawn.get(docId));
    drawn.set(docId, marks);
    return marks;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [run, step, selected, version, live, docId, kind, edges]);
}
