/**
 * The workflow reader (`workflow-rules.md` §1–2): turns a parsed YAML / JSON / TOML document into
 * the workflow model, with every reading diagnostic (F002–F010) and the span of each element.
 * Never throws: what cannot be read is reported and left out, the rest loads. An explicit `done`
 * node is kept in the model so the validator reports it (W008) at its range; export drops it.
 */
import { spanKey, type SpanIndex } from '../../diagnostics/spans.ts';
import type { Diagnostic, Range } from '../../diagnostics/types.ts';
import type { Workflow, WorkflowNode } from '../../model/workflow.ts';
import type { ParsedDoc } from '../types.ts';
import { describe, isPlainMap, own, WorkflowReadContext } from './workflowContext.ts';
import { readWorkflowNode } from './workflowNode.ts';

const WORKFLOW_KEYS = new Set(['mode', 'start_node', 'nodes']);

/** What reading a workflow document gives. */
export interface WorkflowReadResult {
  workflows: Workflow[];
  diagnostics: Diagnostic[];
  spans: SpanIndex;
}

/** True when a parsed value looks like a workflow: a mapping with `nodes` or `start_node`. */
export function looksLikeWorkflow(value: unknown): boolean {
  return isPlainMap(value) && (Object.hasOwn(value, 'nodes') || Object.hasOwn(value, 'start_node'));
}

/** The workflow name for a file: its base name without directory and extension. */
export function workflowNameFromFile(file: string): string {
  const base = file.slice(Math.max(file.lastIndexOf('/'), file.lastIndexOf('\\')) + 1);
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(0, dot) : base;
}

/** Compares ranges by start position; undefined (unknown) sorts last. */
function byPosition(a: Range | undefined, b: Range | undefined): number {
  if (!a || !b) return a ? -1 : b ? 1 : 0;
  return a.start.line - b.start.line || a.start.column - b.start.column;
}

/**
 * The node names in file order. Plain objects put integer-like keys (`"1"`) first, so names are
 * ordered by where their keys sit in the text when the document can tell.
 */
function nodeNamesInFileOrder(doc: ParsedDoc, nodes: Record<string, unknown>): string[] {
  const names = Object.keys(nodes);
  const at = new Map(names.map((n) => [n, doc.locate(['nodes', n], 'key')]));
  return names.sort((a, b) => byPosition(at.get(a), at.get(b)));
}

/**
 * Reads the workflow in `doc`. Its name is the file's base name; `workflowIndex` (default 0) is
 * its index in the loaded file, used for span keys. Missing `start_node` is read as `''` (the
 * validator reports W002); missing `mode` is read as `''` with an F003 error (hegel requires it).
 */
export function readWorkflow(doc: ParsedDoc, file: string, opts: { workflowIndex?: number } = {}): WorkflowReadResult {
  const ctx = new WorkflowReadContext(doc, file, opts.workflowIndex ?? 0, workflowNameFromFile(file));
  const wf: Workflow = { name: ctx.name, mode: '', start_node: '', nodes: [] };
  const result = (): WorkflowReadResult => ({ workflows: [wf], diagnostics: ctx.diagnostics, spans: ctx.spans });
  const target = ctx.target();
  ctx.span(spanKey.workflow(ctx.index), []);
  const root = doc.value;
  if (!isPlainMap(root)) {
    ctx.report('F003', 'error', `A workflow must be a mapping with \`mode\`, \`start_node\` and \`nodes\`, not ${describe(root)}, so it has no nodes.`, [], target);
    return result();
  }

  const mode = ctx.optionalString(root, 'mode', [], '`mode`', target);
  if (mode !== undefined) wf.mode = mode;
  else if (own(root, 'mode') === undefined || own(root, 'mode') === null)
    ctx.report('F003', 'error', "The workflow has no `mode`, so hegel's loader rejects it; add one (e.g. `mode: execution`).", [], target);
  const start = ctx.optionalString(root, 'start_node', [], '`start_node`', target);
  if (start !== undefined) wf.start_node = start;
  for (const field of ['mode', 'start_node'])
    if (own(root, field) !== undefined) ctx.span(spanKey.workflowField(ctx.index, field), [field]);
  if (own(root, 'nodes') !== undefined) ctx.span(spanKey.workflowField(ctx.index, 'nodes'), ['nodes'], 'key');

  const nodes = own(root, 'nodes');
  if (isPlainMap(nodes)) {
    wf.nodes = nodeNamesInFileOrder(doc, nodes).map(
      (name): WorkflowNode => readWorkflowNode(ctx, name, nodes[name], ['nodes', name]),
    );
  } else if (nodes === undefined || nodes === null) {
    ctx.report('F003', 'error', "The workflow has no `nodes`, so it has no phases and hegel's loader rejects it.", [], target);
  } else {
    ctx.report('F003', 'error', `\`nodes\` must be a mapping from node names to nodes, not ${describe(nodes)}, so no node was read.`, ['nodes'], target);
  }

  const extra = ctx.extras(root, WORKFLOW_KEYS, [], (k) => `Unknown key \`${k}\` on the workflow: kept and written back on export, but hegel ignores it, so it has no effect.`, target);
  if (extra) wf.extra = extra;
  return result();
}
