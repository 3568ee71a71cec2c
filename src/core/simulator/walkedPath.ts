/**
 * The path a run walked through a graph, as a graph draws it: the tools that ran (or the phases
 * entered), the graph's edges joining two consecutive ones, and the last decision's own move (the
 * edge it walked, or tried and was refused). One computation for every view of a run (Simulate's
 * canvas, the presenter's stage) and for any caller holding decisions (the worker, the CLI).
 */
import type { Decision } from '../engine/decisions.ts';

/** An edge of the drawn graph, as the path matches it: from `source` to `target`. */
export interface PathEdge {
  id: string;
  source: string;
  target: string;
}

/** Which decisions move along the graph: tool calls that ran (`tools`), or workflow transitions (`phases`). */
export type PathGraph = 'tools' | 'phases';

export interface WalkedPath {
  /** The tools that ran (phases entered), each once, in the order first reached. */
  nodes: string[];
  /** The graph's edges joining two consecutive ones (not the last move's: see `last`). */
  edges: string[];
  /** The edges of the last decision's move, from the node reached before it to its own. */
  last: string[];
  /** The last decision's move was refused (a blocked call): `last` is the edge it tried. */
  refused: boolean;
}

const REFUSED = new Set<Decision['kind']>(['blocked', 'denied', 'timeout', 'not_found']);
/** The decisions of a workflow; every other kind is about an agent's calls. */
const PHASE_KINDS = new Set<Decision['kind']>(['transition', 'interrupt']);

/** The key of a move from `a` to `b` (tool and phase names hold no line feed). */
const move = (a: string, b: string): string => `${a}\n${b}`;

/**
 * The path walked by `decisions` (in order; holes, a window not read yet, are skipped) over the
 * edges of a graph of `kind`. The caller bounds the scan: on a long run, pass the decisions of a
 * window ending at the selected one (the studio passes the last 1,000). A move to the node it is
 * on walks no edge; a refused call moves nowhere, unless it is the last decision, whose attempt is
 * `last` with `refused`; a decision after the last move (an exit, an interrupt) leaves no `last`.
 * A new conversation (the first call after an exit) or batch (an automatic run of the start tool)
 * starts the path afresh, as the engine counts the order afresh there.
 * Decisions about the other graph (a workflow's transitions on a tool graph) are skipped. Linear
 * in the decisions and the edges.
 */
export function walkedPath(decisions: Iterable<Decision | undefined>, edges: readonly PathEdge[], kind: PathGraph): WalkedPath {
  const nodes = new Set<string>();
  const moves = new Set<string>();
  let at: string | undefined;
  let lastMove: string | undefined;
  let refused = false;
  const reach = (node: string): void => {
    lastMove = at !== undefined && at !== node ? move(at, node) : undefined;
    if (lastMove !== undefined) moves.add(lastMove);
    nodes.add(node);
    at = node;
  };
  /** The loop ended (an exit): the next call starts the path again. */
  let ended = false;
  for (const d of decisions) {
    // the other graph's decisions (a workflow's beside an agent's calls) leave this one's path as it is
    if (!d || (kind === 'phases') !== PHASE_KINDS.has(d.kind)) continue;
    if (d.kind === 'exit') {
      ended = true;
      refused = false;
      lastMove = undefined;
      continue;
    }
    // A new conversation (after an exit) or batch (its start tool run again) counts its order from
    // zero, so its path starts afresh: the calls before it no longer stand (review14 #4).
    if ((ended && d.kind !== 'ignored') || (d.kind === 'auto' && d.reason === 'start_constraint')) {
      ended = false;
      nodes.clear();
      moves.clear();
      at = undefined;
    }
    refused = false;
    lastMove = undefined;
    if (d.kind === 'transition') {
      at = d.from;
      nodes.add(d.from);
      reach(d.to);
    } else if (d.kind === 'allowed' || d.kind === 'auto') {
      reach(d.tool);
    } else if (REFUSED.has(d.kind) && 'tool' in d) {
      refused = true;
      lastMove = at !== undefined && at !== d.tool ? move(at, d.tool) : undefined;
    }
  }
  // The last move is drawn as the current one (walked before too, it is still drawn as the current).
  const out: WalkedPath = { nodes: [...nodes], edges: [], last: [], refused };
  for (const e of edges) {
    const key = move(e.source, e.target);
    if (key === lastMove) out.last.push(e.id);
    else if (moves.has(key)) out.edges.push(e.id);
  }
  return out;
}
