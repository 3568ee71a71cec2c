/**
 * Keeps a document's positions keyed by the nodes it has after an edit. Positions are keyed by node
 * name, so an edit that renames a node would leave its position under the old name (and the next
 * node given that name, e.g. the next `tool` added, would land on it), and a deleted node's
 * position would wait for a node of its name. One node gone and one new is a rename: the position
 * moves with it; otherwise positions of nodes gone are dropped, and a new node never inherits one.
 */
import type { XY } from '../state/documents.ts';
import { dict, own } from '../../core/model/ownKeys.ts';

/**
 * `layout` for the node names `after`, given the names `before` the edit (see the module). Returns
 * `layout` itself when nothing changes.
 */
export function carryLayout(layout: Readonly<Record<string, XY>>, before: ReadonlySet<string>, after: ReadonlySet<string>): Readonly<Record<string, XY>> {
  const gone = [...before].filter((n) => !after.has(n));
  const added = [...after].filter((n) => !before.has(n));
  const renamed = gone.length === 1 && added.length === 1 ? { from: gone[0]!, to: added[0]! } : undefined;
  if (![...gone, ...added].some((n) => Object.hasOwn(layout, n))) return layout;
  const out: Record<string, XY> = Object.assign(dict<XY>(), layout);
  for (const n of [...gone, ...added]) delete out[n];
  const kept = renamed ? own(layout, renamed.from) : undefined;
  if (renamed && kept) out[renamed.to] = kept;
  return out;
}
