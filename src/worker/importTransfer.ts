/**
 * The hand-over of an analysed import from the worker to the page in slices. One message with
 * the whole result (30,000 rules: about 17 MB of structured clone) costs the page's main thread
 * over 300 ms to deserialise, in one task. Sent as a small head and slices of the big arrays (the
 * agent's rules, the diagnostics, graph nodes and edges, layout entries), each message is
 * deserialised in a task of its own, and the page joins them back.
 */
import type { Diagnostic } from '../core/diagnostics/types.ts';
import type { ToolGraph } from '../core/graph/toolGraph.ts';
import type { WorkflowGraph } from '../core/graph/workflowGraph.ts';
import type { XY } from '../app/state/documents.ts';
import type { AnalysedImport } from './importService.ts';

/**
 * Items per slice. Each message is deserialised on the page in a task of its own: 2,000
 * diagnostics took up to about 100 ms there on a loaded machine; 500 keep each under a quarter.
 */
export const SLICE = 500;

export type PartField = 'rules' | 'phases' | 'diagnostics' | 'nodes' | 'edges' | 'layout';

/** A slice of one big array of document `doc`. */
export interface ImportPart {
  doc: number;
  field: PartField;
  items: unknown[];
}

/** The result with its big arrays emptied, and how many parts were sent for it. */
export interface ImportHead {
  result: AnalysedImport;
  parts: number;
}

type Graph = { nodes: unknown[]; edges: unknown[] };

/** Splits `result` into a head and parts (the head shares nothing mutable with `result`'s arrays). */
export function splitImport(result: AnalysedImport, slice = SLICE): { head: ImportHead; parts: ImportPart[] } {
  const parts: ImportPart[] = [];
  const push = (doc: number, field: PartField, items: readonly unknown[]) => {
    for (let i = 0; i < items.length; i += slice) parts.push({ doc, field, items: items.slice(i, i + slice) });
  };
  const { reading } = result;
  if (reading.kind !== 'docs') return { head: { result, parts: 0 }, parts };
  const docs = reading.docs.map((d, i) => {
    if (d.kind === 'agent') {
      push(i, 'rules', d.agent.rules);
      return { ...d, agent: { ...d.agent, rules: [] } };
    }
    push(i, 'phases', d.workflow.nodes);
    return { ...d, workflow: { ...d.workflow, nodes: [] } };
  });
  const analyses = result.analyses.map((a, i) => {
    push(i, 'diagnostics', a.diagnostics.diagnostics);
    push(i, 'nodes', a.graph.nodes);
    push(i, 'edges', a.graph.edges);
    push(i, 'layout', Object.entries(a.layout));
    const blob = a.textBlob ? { textBlob: a.textBlob } : {}; // a Blob crosses as a handle
    const view = a.view ? { view: a.view } : {}; // a few hundred indices
    return { diagnostics: { ...a.diagnostics, diagnostics: [] }, graph: { ...a.graph, nodes: [], edges: [] } as ToolGraph | WorkflowGraph, layout: {}, ...blob, ...view };
  });
  return { head: { result: { reading: { ...reading, docs }, analyses }, parts: parts.length }, parts };
}

/** Puts the parts back into the head's arrays (in place; parts in the order they were sent). */
export function joinImport(head: ImportHead, parts: readonly ImportPart[]): AnalysedImport {
  if (parts.length !== head.parts) throw new Error(`the import worker sent ${parts.length} of ${head.parts} parts`);
  for (const p of parts) joinPart(head, p);
  return head.result;
}

/**
 * {@link joinImport} a few parts per task: joining all of a 30,000-rule import's parts at once
 * held the page for about a tenth of a second. `nextTask` waits for a new task (a timer), `now`
 * is a clock in ms; a task joins parts until `budgetMs` have passed.
 */
export async function joinImportInTasks(head: ImportHead, parts: readonly ImportPart[], nextTask: () => Promise<void>, now: () => number, budgetMs = 8): Promise<AnalysedImport> {
  if (parts.length !== head.parts) throw new Error(`the import worker sent ${parts.length} of ${head.parts} parts`);
  let start = now();
  for (const p of parts) {
    if (now() - start > budgetMs) {
      await nextTask();
      start = now();
    }
    joinPart(head, p);
  }
  return head.result;
}

/** Puts one part back into the head's arrays. */
function joinPart(head: ImportHead, p: ImportPart): void {
  const { reading, analyses } = head.result;
  if (reading.kind !== 'docs') return;
  const doc = reading.docs[p.doc];
  const a = analyses[p.doc];
  if (!doc) throw new Error(`a part names document ${p.doc}, which the import does not have`);
  if (p.field === 'rules' && doc.kind === 'agent') doc.agent.rules.push(...(p.items as typeof doc.agent.rules));
  else if (p.field === 'phases' && doc.kind === 'workflow') doc.workflow.nodes.push(...(p.items as typeof doc.workflow.nodes));
  else if (!a) throw new Error(`a part names the analysis of document ${p.doc}, which the import does not have`);
  else if (p.field === 'diagnostics') a.diagnostics.diagnostics.push(...(p.items as Diagnostic[]));
  else if (p.field === 'nodes') (a.graph as Graph).nodes.push(...p.items);
  else if (p.field === 'edges') (a.graph as Graph).edges.push(...p.items);
  else if (p.field === 'layout') for (const [id, xy] of p.items as [string, XY][]) a.layout[id] = xy;
}
