/**
 * A thumbnail of a rule file's graph for the gallery: the boxes and lines of the canvas's own
 * layered layout (the same layout Auto layout draws), scaled into a card. Pure and cached by file
 * name, so opening the gallery again costs nothing.
 */
import { docsFromFile, type RuleDoc } from '../../state/documents.ts';
import { layoutInputOf, layoutOf } from '../../graph/docGraph.ts';

export interface PreviewNode {
  id: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface GraphPreview {
  nodes: PreviewNode[];
  /** Straight lines between node sides, in the preview's coordinates. */
  lines: { x1: number; y1: number; x2: number; y2: number }[];
  width: number;
  height: number;
  direction: 'RIGHT' | 'DOWN';
}

const MARGIN = 24;
const cache = new Map<string, GraphPreview | undefined>();

/** The preview of one document's graph. */
export function previewOfDoc(doc: RuleDoc): GraphPreview {
  const input = layoutInputOf(doc);
  const at = layoutOf(doc);
  const nodes = input.nodes.map((n) => ({ id: n.id, x: at[n.id]?.x ?? 0, y: at[n.id]?.y ?? 0, width: n.width, height: n.height }));
  const minX = Math.min(0, ...nodes.map((n) => n.x)) - MARGIN;
  const minY = Math.min(0, ...nodes.map((n) => n.y)) - MARGIN;
  for (const n of nodes) {
    n.x -= minX;
    n.y -= minY;
  }
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const right = input.direction === 'RIGHT';
  const lines = input.edges.flatMap((e) => {
    const a = byId.get(e.source);
    const b = byId.get(e.target);
    if (!a || !b || a === b) return [];
    return right
      ? [{ x1: a.x + a.width, y1: a.y + a.height / 2, x2: b.x, y2: b.y + b.height / 2 }]
      : [{ x1: a.x + a.width / 2, y1: a.y + a.height, x2: b.x + b.width / 2, y2: b.y }];
  });
  const width = Math.max(1, ...nodes.map((n) => n.x + n.width)) + MARGIN;
  const height = Math.max(1, ...nodes.map((n) => n.y + n.height)) + MARGIN;
  return { nodes, lines, width, height, direction: input.direction };
}

/** The preview of a rule file's first agent or workflow (undefined when it holds none). */
export function previewOfFile(fileName: string, text: string): GraphPreview | undefined {
  if (cache.has(fileName)) return cache.get(fileName);
  const doc = docsFromFile(fileName, text).docs[0];
  const preview = doc ? previewOfDoc(doc) : undefined;
  cache.set(fileName, preview);
  return preview;
}
