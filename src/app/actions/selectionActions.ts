/** Selecting on the graph: every node at once (Ctrl+A, the palette). */
import type { Action, ActionContext } from './types.ts';
import { activeDoc } from '../state/store.ts';
import { selectableNodesOf } from '../graph/docGraph.ts';
import { selectionOfNodes } from '../state/selection.ts';

const doc = ({ store }: ActionContext) => activeDoc(store.getState());

export const selectionActions: Action[] = [
  {
    id: 'select-all',
    label: 'Select all nodes',
    keywords: 'select every tool phase nodes many',
    shortcuts: ['Mod+A'],
    hint: 'Select every tool or phase of the graph (Shift+click adds or takes out one; Shift+drag draws a box)',
    unavailable: 'Open an agent or a workflow with nodes first',
    enabled: (ctx) => {
      const d = doc(ctx);
      return d !== undefined && selectableNodesOf(d).length > 0;
    },
    run(ctx) {
      const d = doc(ctx);
      if (!d) return;
      ctx.store.getState().select(selectionOfNodes(d.kind === 'agent' ? 'tool' : 'phase', selectableNodesOf(d)));
    },
  },
];
