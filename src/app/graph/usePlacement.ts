/**
 * Gives every node of the active document a position: a layered layout when the document has none
 * (just imported or created), free space beside the others for the odd new node (added from the
 * text). Both are synchronous and deterministic; automatic placement is no undo step
 * (store.placeNodes) and never moves a node the user placed. A graph past the cap is left unplaced
 * ({@link keepsPositions}).
 */
import { useLayoutEffect } from 'react';
import type { RuleDoc } from '../state/documents.ts';
import type { StudioStore } from '../state/store.ts';
import { layoutOf, missingPositions, toolGraphOf, workflowGraphOf } from './docGraph.ts';
import { requestFit } from './fitRequests.ts';
import { isCapped } from './neighbourhood.ts';
import { own } from '../../core/model/ownKeys.ts';

/**
 * Whether the document keeps positions for its nodes: not while its graph is past the cap (only
 * views of it are drawn, each laid out on its own; placing 6,000 nodes would be seconds of work
 * for nothing). Its nodes are placed when the graph comes under the cap.
 */
export function keepsPositions(doc: RuleDoc): boolean {
  return !isCapped(doc.kind === 'agent' ? toolGraphOf(doc) : workflowGraphOf(doc));
}

export function usePlacement(doc: RuleDoc, nodeIds: readonly string[], store: StudioStore): void {
  const { id, layout } = doc;
  useLayoutEffect(() => {
    const missing = nodeIds.filter((n) => !own(layout, n));
    if (missing.length === 0) return;
    const current = store.getState().project.docs.find((d) => d.id === id);
    if (!current || !keepsPositions(current)) return;
    const anyPlaced = nodeIds.some((n) => own(layout, n));
    store.getState().placeNodes(id, anyPlaced ? missingPositions(current) : layoutOf(current));
    if (!anyPlaced) requestFit(id);
  }, [id, layout, nodeIds, store]);
}
