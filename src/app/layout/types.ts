/** Messages between the page and the elk layout worker. */
export interface LayoutNode {
  id: string;
  width: number;
  height: number;
}

export interface LayoutEdge {
  id: string;
  source: string;
  target: string;
}

export interface LayoutRequest {
  id: number;
  nodes: LayoutNode[];
  edges: LayoutEdge[];
  /** `RIGHT` for tool graphs (required order reads left to right), `DOWN` for workflows. */
  direction: 'RIGHT' | 'DOWN';
}

export type LayoutResponse =
  | { id: number; ok: true; positions: Record<string, { x: number; y: number }> }
  | { id: number; ok: false; error: string };
