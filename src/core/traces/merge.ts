/**
 * Merging the items of several trace files into one stream (`traces.md` §3), as hegel does with
 * hooks + states + transcripts: a k-way merge by event time, ties going to the earlier file, each
 * file's own order kept. An error item travels with its file's next event (or, at the end of a
 * file, right after its last event), so it keeps its place between its neighbours.
 */
import type { TraceItem } from './events.ts';

/** Sort keys of one file's items: an event's time; an error borrows its neighbour's. */
function itemKeys(items: readonly TraceItem[]): number[] {
  const keys = new Array<number>(items.length);
  let following = Number.NEGATIVE_INFINITY;
  let hasFollowing = false;
  for (let i = items.length - 1; i >= 0; i--) {
    const item = items[i] as TraceItem;
    if (item.kind === 'event') {
      following = item.event.time;
      hasFollowing = true;
    }
    keys[i] = hasFollowing ? following : Number.NaN;
  }
  let previous = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < items.length; i++) {
    const item = items[i] as TraceItem;
    if (item.kind === 'event') previous = item.event.time;
    else if (Number.isNaN(keys[i])) keys[i] = previous;
  }
  return keys;
}

/**
 * Merges several files' items by event time, stable by file order; error items keep their
 * position relative to their file's neighbouring events. Each file should already be in time order.
 */
export function mergeTraces(perFile: TraceItem[][]): TraceItem[] {
  if (perFile.length === 1) return [...(perFile[0] as TraceItem[])];
  const keys = perFile.map(itemKeys);
  const heads = perFile.map(() => 0);
  const total = perFile.reduce((n, items) => n + items.length, 0);
  const out: TraceItem[] = [];
  while (out.length < total) {
    let best = -1;
    let bestKey = Number.POSITIVE_INFINITY;
    for (let f = 0; f < perFile.length; f++) {
      const at = heads[f] as number;
      if (at >= (perFile[f] as TraceItem[]).length) continue;
      const key = (keys[f] as number[])[at] as number;
      if (best < 0 || key < bestKey) {
        best = f;
        bestKey = key;
      }
    }
    out.push((perFile[best] as TraceItem[])[heads[best] as number] as TraceItem);
    heads[best] = (heads[best] as number) + 1;
  }
  return out;
}
