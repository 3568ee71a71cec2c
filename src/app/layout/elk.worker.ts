/// <reference lib="webworker" />
/**
 * The elk layout worker. elkjs is 1.4 MB, so it lives only here and this worker is created at
 * the first layout, never at start-up.
 */
import ELK from 'elkjs/lib/elk.bundled.js';
import type { LayoutRequest, LayoutResponse } from './types.ts';

const elk = new ELK();

self.onmessage = async (e: MessageEvent<LayoutRequest>) => {
  const { id, nodes, edges, direction } = e.data;
  const known = new Set(nodes.map((n) => n.id));
  try {
    const result = await elk.layout({
      id: 'root',
      layoutOptions: {
        'elk.algorithm': 'layered',
        'elk.direction': direction,
        'elk.spacing.nodeNode': '40',
        'elk.layered.spacing.nodeNodeBetweenLayers': '80',
        'elk.layered.considerModelOrder.strategy': 'NODES_AND_EDGES',
        'elk.separateConnectedComponents': 'true',
      },
      children: nodes.map((n) => ({ id: n.id, width: n.width, height: n.height })),
      edges: edges
        .filter((x) => known.has(x.source) && known.has(x.target) && x.source !== x.target)
        .map((x) => ({ id: x.id, sources: [x.source], targets: [x.target] })),
    });
    const positions: Record<string, { x: number; y: number }> = {};
    for (const c of result.children ?? []) positions[c.id] = { x: Math.round(c.x ?? 0), y: Math.round(c.y ?? 0) };
    (self as unknown as Worker).postMessage({ id, ok: true, positions } satisfies LayoutResponse);
  } catch (err) {
    (self as unknown as Worker).postMessage({ id, ok: false, error: String(err) } satisfies LayoutResponse);
  }
};
