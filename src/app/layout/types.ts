/** The input of the layered layout: nodes with their sizes, and edges. */
export interface LayoutNode {
  id: string;
  width: number;
  height: number;
}

export interface LayoutEdge {
  id: string;
  source: string;
  target: string;
  /** The edge's label, if it has one: a tool graph widens the gap it sits in to hold it. */
  label?: string;
}
