/**
 * Draws a new set of many nodes before its edges: when the canvas is handed mostly new nodes
 * (a big import's capped view, a view moved to another centre), React Flow mounts and measures
 * the nodes in one task and the edges come in a later one, after a frame. Each routed edge looks
 * at every node box and the label plan covers all edges: mounting 100 nodes and 200 edges at
 * once, then routing them all again when the nodes were measured, made two main-thread tasks of
 * 100-350 ms on a loaded machine; staged, the edges are routed once, on measured nodes.
 */
import { useEffect, useState } from 'react';

/** At least this many new nodes at once stage the edges. */
export const STAGE_NEW_NODES = 30;

const NO_EDGES: never[] = [];

/** How many of `next`'s ids `before` does not have. */
export function newNodeCount(before: readonly { id: string }[], next: readonly { id: string }[]): number {
  if (next.length < STAGE_NEW_NODES) return 0;
  const had = new Set(before.map((n) => n.id));
  let fresh = 0;
  for (const n of next) if (!had.has(n.id)) fresh++;
  return fresh;
}

/**
 * The edges to hand React Flow: `edges`, or none for the frame in which many new `nodes` are
 * first drawn (see the module's comment).
 */
export function useStagedEdges<E>(nodes: readonly { id: string }[], edges: E[]): E[] {
  const [seen, setSeen] = useState<readonly { id: string }[]>(nodes);
  const [held, setHeld] = useState(() => newNodeCount([], nodes) >= STAGE_NEW_NODES);
  if (seen !== nodes) {
    setSeen(nodes);
    if (newNodeCount(seen, nodes) >= STAGE_NEW_NODES) setHeld(true);
  }
  useEffect(() => {
    if (!held) return;
    // After the frame that lays out and measures the nodes (a timer set in a frame callback
    // fires after that frame's rendering), in a task of its own.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setHeld(false), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [held, seen]);
  return held ? (NO_EDGES as E[]) : edges;
}
