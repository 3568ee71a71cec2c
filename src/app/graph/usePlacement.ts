/**
 * Gives every node of the active document a position: an elk layout when the document has none
 * (just imported or created), a grid spot below the rest for the odd new node. Automatic
 * placement is no undo step (store.placeNodes) and never moves a node the user placed.
 */
import { useEffect } from 'react';
import { useReactFlow } from '@xyflow/react';
import type { RuleDoc } from '../state/documents.ts';
import type { StudioStore } from '../state/store.ts';
import { autoLayout } from '../layout/autoLayout.ts';
import { placeUnpositioned } from '../layout/placement.ts';
import { layoutInputOf } from './docGraph.ts';

const inFlight = new Set<string>();

export function usePlacement(doc: RuleDoc, nodeIds: readonly string[], store: StudioStore): void {
  const { fitView } = useReactFlow();
  const { id, layout } = doc;
  useEffect(() => {
    const missing = nodeIds.filter((n) => !layout[n]);
    if (missing.length === 0) return;
    const anyPlaced = nodeIds.some((n) => layout[n]);
    if (anyPlaced) {
      store.getState().placeNodes(id, placeUnpositioned(nodeIds, layout));
      return;
    }
    if (inFlight.has(id)) return;
    inFlight.add(id);
    const current = store.getState().project.docs.find((d) => d.id === id);
    if (!current) return;
    const input = layoutInputOf(current);
    autoLayout(input.nodes, input.edges, input.direction)
      .then((positions) => {
        store.getState().placeNodes(id, positions);
        window.requestAnimationFrame(() => void fitView({ padding: 0.1 }));
      })
      .catch((e: unknown) => {
        store.getState().placeNodes(id, placeUnpositioned(nodeIds, {}));
        store.getState().notify('error', `Auto layout failed (${String(e)}); nodes were placed on a grid.`);
      })
      .finally(() => inFlight.delete(id));
  }, [id, layout, nodeIds, store, fitView]);
}
