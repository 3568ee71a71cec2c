/**
 * Gives every node of the active document a position: a layered layout when the document has none
 * (just imported or created), free space beside the others for the odd new node (added from the
 * text). Both are synchronous and deterministic; automatic placement is no undo step
 * (store.placeNodes) and never moves a node the user placed.
 */
import { useLayoutEffect } from 'react';
import type { RuleDoc } from '../state/documents.ts';
import type { StudioStore } from '../state/store.ts';
import { layoutOf, missingPositions } from './docGraph.ts';
import { requestFit } from './fitRequests.ts';

export function usePlacement(doc: RuleDoc, nodeIds: readonly string[], store: StudioStore): void {
  const { id, layout } = doc;
  useLayoutEffect(() => {
    const missing = nodeIds.filter((n) => !layout[n]);
    if (missing.length === 0) return;
    const current = store.getState().project.docs.find((d) => d.id === id);
    if (!current) return;
    const anyPlaced = nodeIds.some((n) => layout[n]);
    store.getState().placeNodes(id, anyPlaced ? missingPositions(current) : layoutOf(current));
    if (!anyPlaced) requestFit(id);
  }, [id, layout, nodeIds, store]);
}
