/**
 * The highlight for this document's canvas: the live view's decision while the page follows a
 * session (`follow --studio`), otherwise the simulator's selected step; undefined when it is about
 * another document. With it, the path the run walked so far (see `usePathWalked.ts`). A run whose
 * rules (or trace) were edited since marks nothing: its rule numbers and verdicts may name other
 * rules now (the run bar says so, with Run again).
 */
import { useMemo } from 'react';
import { useStore } from 'zustand';
import { useSimulationHighlight, highlightOf } from '../simulator/highlight.ts';
import { liveStore } from '../simulator/liveStore.ts';
import type { StepHighlight } from './flowElements.ts';
import type { PathEdge, PathGraph } from '../../core/simulator/walkedPath.ts';
import { usePathWalked } from './usePathWalked.ts';
import { useSimulation } from '../simulator/useSimulation.ts';
import { useStudio } from '../state/context.tsx';
import { staleBy } from '../simulator/runStale.ts';

export function useStepHighlight(docId: string, kind: PathGraph, edges: readonly PathEdge[]): StepHighlight | undefined {
  const path = usePathWalked(docId, kind, edges);
  const simulated = useSimulationHighlight();
  const live = useStore(liveStore, (s) => (s.active ? s.entries[s.position] : undefined));
  const pulse = useStore(liveStore, (s) => (s.following ? s.pulse : undefined));
  const run = useSimulation((s) => s.run);
  const stale = useStudio((s) => staleBy(s.project, run) !== undefined);
  return useMemo(() => {
    if (stale && !live) return undefined;
    // a live decision belongs to the agent (tool decisions) or the workflow (phases): each canvas draws what it has
    const h = live ? highlightOf(live.decision, { agentDocId: docId, workflowDocId: docId }) : simulated;
    if (!h || (h.docId !== undefined && h.docId !== docId)) return path ? { path } : undefined;
    const { tool, toolRule, node, workflowRule, verdict } = h;
    return {
      ...(tool !== undefined ? { tool } : {}),
      ...(toolRule !== undefined ? { toolRule } : {}),
      ...(node !== undefined ? { node } : {}),
      ...(workflowRule !== undefined ? { workflowRule } : {}),
      ...(verdict !== undefined ? { verdict } : {}),
      ...(live && pulse !== undefined ? { pulse } : {}),
      ...(path ? { path } : {}),
    };
  }, [live, simulated, pulse, docId, path, stale]);
}
