/**
 * The path a run has taken so far, drawn on the stage graph (pure, tested without a browser): the
 * nodes visited, the edges walked between consecutive ones, and the current node in its verdict's
 * state. The stage's canvas is the studio's own, so the trace is a style sheet scoped to the stage
 * rather than classes threaded through the canvas's node and edge builders.
 */
import type { Verdict } from './stageStep.ts';
import { VERDICT_ICON as ICON, VERDICT_LABEL } from '../simulator/verdict.ts';

export interface GraphLinks {
  edges: readonly { id: string; source: string; target: string }[];
}

/** The nodes of `sequence` (visit order, repeats kept) and the edges joining consecutive visits. */
export function tracedPath(sequence: readonly string[], graph: GraphLinks): { nodes: string[]; edges: string[] } {
  const nodes = [...new Set(sequence)];
  const pairs = new Set<string>();
  for (let i = 1; i < sequence.length; i++) if (sequence[i - 1] !== sequence[i]) pairs.add(`${sequence[i - 1]}\n${sequence[i]}`);
  const edges = graph.edges.filter((e) => pairs.has(`${e.source}\n${e.target}`)).map((e) => e.id);
  return { nodes, edges };
}

/** A CSS string literal for an attribute selector's value. */
const quoted = (value: string): string => `"${value.replace(/["\\]/g, (c) => `\\${c}`).replace(/\n/g, '\\a ')}"`;

export interface StageMarks {
  nodes: readonly string[];
  edges: readonly string[];
  current?: string | undefined;
  verdict?: Verdict | undefined;
}

/** The style sheet that marks the trace under `scope` (a selector of the stage's graph). */
export function stageCss(scope: string, marks: StageMarks): string {
  const rules: string[] = [];
  if (marks.nodes.length > 0) {
    rules.push(`${marks.nodes.map((n) => `${scope} .react-flow__node[data-id=${quoted(n)}]`).join(',\n')} { border-color: var(--stage-trace); border-width: 2px; }`);
  }
  if (marks.edges.length > 0) {
    rules.push(`${marks.edges.map((e) => `${scope} .react-flow__edge[data-id=${quoted(e)}] .react-flow__edge-path`).join(',\n')} { stroke: var(--stage-trace); stroke-width: 3px; }`);
  }
  if (marks.current !== undefined) {
    const v = marks.verdict ?? 'current';
    const node = `${scope} .react-flow__node[data-id=${quoted(marks.current)}]`;
    rules.push(`${node} { outline: 4px solid var(--stage-${v}); outline-offset: 3px; background: color-mix(in srgb, var(--stage-${v}) 14%, var(--panel)); }`);
    rules.push(`${node}::before { content: ${quoted(`${ICON[v]} ${VERDICT_LABEL[v]}`)}; background: var(--stage-${v}); }`);
  }
  return rules.join('\n');
}

