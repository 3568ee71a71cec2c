/** The input of the layered layout: nodes with their sizes, and edges. */
export interface LayoutNode {
  id: string;
  width: number;
  height: number;
  /**
   * Where the node's rank is pinned: `first` (a start tool, a workflow's start phase) goes in the
   * first layer, first in it; `last` (an exit tool, `done`) in the last layer. Unset: where its
   * edges put it.
   */
  rank?: 'first' | 'last';
}

export interface LayoutEdge {
  id: string;
  source: string;
  target: string;
  /** The edge's label, if it has one: a tool graph widens the gap it sits in to hold it. */
  label?: string;
}
