/**
 * Reading one workflow node: `summary`, `prompt`, `prompt_hbs`, `transitions` and `rules`, with
 * unknown keys kept (F004). A node that is not a mapping is read as an empty node so transitions
 * to it still resolve.
 */
import { spanKey } from '../../diagnostics/spans.ts';
import { DONE_NODE, type Transition, type WorkflowNode, type WorkflowRule } from '../../model/workflow.ts';
import type { DocPath } from '../types.ts';
import { capital, describe, isPlainMap, own, type PlainMap, type WorkflowReadContext } from './workflowContext.ts';
import { readWorkflowRule } from './workflowRule.ts';

const NODE_KEYS = new Set(['summary', 'prompt', 'prompt_hbs', 'transitions', 'rules']);
const TRANSITION_KEYS = new Set(['when', 'to']);

function readTransitions(ctx: WorkflowReadContext, raw: unknown, path: DocPath, node: string): Transition[] {
  const out: Transition[] = [];
  if (!Array.isArray(raw)) {
    ctx.report('F003', 'error', `\`transitions\` of node \`${node}\` must be a list of \`{ when, to }\`, not ${describe(raw)}, so the node has no way out.`, path, ctx.target(node));
    return out;
  }
  raw.forEach((item: unknown, i) => {
    const at = [...path, i];
    const what = `transition ${i + 1} of node \`${node}\``;
    if (!isPlainMap(item)) {
      ctx.reportDropped('transition', `${capital(what)} must be a mapping \`{ when, to }\`, not ${describe(item)}, so it was dropped.`, at, ctx.target(node));
      return;
    }
    const index = out.length;
    const target = ctx.target(node, { transition: index });
    const missing = ['when', 'to'].filter((k) => own(item, k) === undefined || own(item, k) === null);
    if (missing.length > 0) {
      ctx.reportDropped('transition', `${capital(what)} is missing ${missing.map((k) => `\`${k}\``).join(' and ')}, so it was dropped.`, at, ctx.target(node));
      return;
    }
    const when = ctx.optionalString(item, 'when', at, `\`when\` of ${what}`, target);
    const to = ctx.optionalString(item, 'to', at, `\`to\` of ${what}`, target);
    if (when === undefined || to === undefined) return;
    ctx.extras(item, TRANSITION_KEYS, at, (k) => `Unknown key \`${k}\` on ${what}: ignored (a transition has only \`when\` and \`to\`; hegel ignores it too).`, target);
    ctx.span(spanKey.transition(ctx.index, node, index), at);
    out.push({ when, to });
  });
  return out;
}

function readRules(ctx: WorkflowReadContext, raw: unknown, path: DocPath, node: string): WorkflowRule[] {
  const out: WorkflowRule[] = [];
  if (raw === null || raw === undefined) return out;
  if (!Array.isArray(raw)) {
    ctx.report('F003', 'error', `\`rules\` of node \`${node}\` must be a list, not ${describe(raw)}, so the node has no rules.`, path, ctx.target(node));
    return out;
  }
  raw.forEach((item: unknown, i) => {
    const rule = readWorkflowRule(ctx, item, [...path, i], node, out.length);
    if (rule) out.push(rule);
  });
  return out;
}

/** Reads the node `name` at `path` (`nodes.<name>`). Never fails: bad parts are reported and left out. */
export function readWorkflowNode(ctx: WorkflowReadContext, name: string, raw: unknown, path: DocPath): WorkflowNode {
  ctx.span(spanKey.node(ctx.index, name), path, 'key');
  const node: WorkflowNode = { name, transitions: [], rules: [] };
  let map: PlainMap = {};
  if (isPlainMap(raw)) map = raw;
  else if (raw !== null && raw !== undefined) {
    ctx.report('F003', 'error', `Node \`${name}\` must be a mapping (summary, prompt, transitions, rules), not ${describe(raw)}, so it was read as an empty node.`, path, ctx.target(name));
    return node;
  }
  const target = ctx.target(name);
  for (const field of ['summary', 'prompt', 'prompt_hbs'] as const) {
    const v = ctx.optionalString(map, field, path, `\`${field}\` of node \`${name}\``, target);
    if (v !== undefined) node[field] = v;
  }
  const transitions = own(map, 'transitions');
  if (transitions === undefined || transitions === null) {
    if (name !== DONE_NODE)
      ctx.report('F003', 'error', `Node \`${name}\` has no \`transitions\`, so hegel's loader rejects the workflow; write \`transitions: []\` for a node with no way out (export does).`, path, target, 'key');
  } else node.transitions = readTransitions(ctx, transitions, [...path, 'transitions'], name);
  node.rules = readRules(ctx, own(map, 'rules'), [...path, 'rules'], name);
  const extra = ctx.extras(map, NODE_KEYS, path, (k) => `Unknown key \`${k}\` on node \`${name}\`: kept and written back on export, but hegel ignores it, so it has no effect.`, target);
  if (extra) node.extra = extra;
  for (const field of ['prompt', 'prompt_hbs', 'transitions', 'rules'])
    if (own(map, field) !== undefined) ctx.span(spanKey.nodeField(ctx.index, name, field), [...path, field], 'key');
  return node;
}
