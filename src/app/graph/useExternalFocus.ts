/**
 * Which node to bring into view: the node of the selection when the selection was made outside
 * the canvas (the Problems list, the explorer, the palette), never when the user clicked it here.
 */
import type { StudioStore, Selection } from '../state/store.ts';

/** Selections made by a click on the canvas (selection objects are fresh on every select). */
const canvasSelections = new WeakSet<Selection>();

/** Selects from the canvas: the view is not moved for this selection. */
export function selectFromCanvas(store: StudioStore, selection: Selection): void {
  store.getState().select(selection);
  canvasSelections.add(store.getState().selection);
}

/** Selections whose nodes are all brought into view (pasted nodes, wherever they landed). */
const revealedSelections = new WeakSet<Selection>();

/** Selects nodes made elsewhere than on the canvas (a paste) and brings all of them into view. */
export function selectAndReveal(store: StudioStore, selection: Selection): void {
  store.getState().select(selection);
  revealedSelections.add(store.getState().selection);
}

/** The node to fit into view for `selection` (with `nodes`, all of them), keyed by the selection object, or undefined. */
export function externalFocus(selection: Selection, node: string | undefined): { node: string; nodes?: readonly string[]; key: object } | undefined {
  if (selection.kind === 'nodes' && revealedSelections.has(selection) && selection.nodes[0] !== undefined) return { node: selection.nodes[0], nodes: selection.nodes, key: selection };
  if (node === undefined || canvasSelections.has(selection)) return undefined;
  return { node, key: selection };
}
