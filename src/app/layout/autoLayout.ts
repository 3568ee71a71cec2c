/**
 * Auto layout with elkjs in a Web Worker, created lazily at the first request (elk must not be
 * in the first-load bundle).
 */
import type { XY } from '../state/documents.ts';
import type { LayoutEdge, LayoutNode, LayoutRequest, LayoutResponse } from './types.ts';

let worker: Worker | undefined;
let nextId = 0;
const pending = new Map<number, { resolve: (p: Record<string, XY>) => void; reject: (e: Error) => void }>();

function layoutWorker(): Worker {
  if (worker) return worker;
  const w = new Worker(new URL('./elk.worker.ts', import.meta.url), { type: 'module' });
  w.onmessage = (e: MessageEvent<LayoutResponse>) => {
    const p = pending.get(e.data.id);
    if (!p) return;
    pending.delete(e.data.id);
    if (e.data.ok) p.resolve(e.data.positions);
    else p.reject(new Error(e.data.error));
  };
  w.onerror = (e) => {
    for (const p of pending.values()) p.reject(new Error(e.message || 'layout worker failed'));
    pending.clear();
    worker = undefined;
  };
  worker = w;
  return w;
}

/** Lays out a graph; resolves with a position per node id. */
export function autoLayout(nodes: LayoutNode[], edges: LayoutEdge[], direction: LayoutRequest['direction']): Promise<Record<string, XY>> {
  const id = ++nextId;
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject });
    layoutWorker().postMessage({ id, nodes, edges, direction } satisfies LayoutRequest);
  });
}
