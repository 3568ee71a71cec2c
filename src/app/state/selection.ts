/**
 * Selections of several nodes (Ctrl+A, Shift+click, a Shift+drag box): one node is still the
 * plain `tool` / `phase` selection, so the Inspector and every action that edits one node keep
 * working; two or more are `{ kind: 'nodes' }`. Pure, so it is tested in Node.
 */
import type { Selection } from './store.ts';

/** What a node of the open graph is: a tool of an agent or a phase of a workflow. */
export type NodeKind = 'tool' | 'phase';

/** The nodes `selection` holds: none, the one tool or phase, or the several. */
export function selectedNodes(selection: Selection): readonly string[] {
  if (selection.kind === 'tool') return [selection.tool];
  if (selection.kind === 'phase') return [selection.node];
  if (selection.kind === 'nodes') return selection.nodes;
  return [];
}

/** The selection of `nodes` (duplicates dropped, first pick first): none, one node, or several. */
export function selectionOfNodes(kind: NodeKind, nodes: Iterable<string>): Selection {
  const list = [...new Set(nodes)];
  if (list.length === 0) return { kind: 'none' };
  if (list.length === 1) return kind === 'tool' ? { kind: 'tool', tool: list[0] as string } : { kind: 'phase', node: list[0] as string };
  return { kind: 'nodes', nodes: list };
}

/** `selection` with `node` added, or taken out when it was in (Shift+click). */
export function withNodeToggled(selection: Selection, kind: NodeKind, node: string): Selection {
  const now = selectedNodes(selection);
  return selectionOfNodes(kind, now.includes(node) ? now.filter((n) => n !== node) : [...now, node]);
}

/** Whether `node` is one of the selected nodes. */
export const isNodeSelected = (selection: Selection, node: string): boolean => selectedNodes(selection).includes(node);
