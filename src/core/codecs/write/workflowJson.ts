/**
 * The hegel form of a workflow (`workflow-rules.md` §2), as an ordered tree both writers share,
 * and its JSON text. Keys come in the order hegel's docs write them: `mode`, `start_node`,
 * `nodes`; per node `summary` / `prompt` / `prompt_hbs` when set, `transitions` always, `rules`
 * when non-empty; per rule `type` then the fields in the spec table's order. Unknown keys kept on
 * import (`extra`) follow the known ones (hegel's loader ignores unknown keys). An explicit `done`
 * node is dropped: hegel's loader rejects it.
 */
import type { Json } from '../../model/toolRules.ts';
import { DONE_NODE, type Workflow, type WorkflowNode, type WorkflowRule } from '../../model/workflow.ts';
import { RULE_FIELDS } from '../read/workflowRule.ts';

/** A mapping whose keys keep their order, whatever they look like (`"1"` included). */
export class OrderedMap {
  constructor(readonly entries: readonly (readonly [string, OrderedValue])[]) {}
}

/** A value of the ordered tree: plain JSON (from `extra`) or an ordered mapping. */
export type OrderedValue = Json | OrderedMap | readonly OrderedValue[];

/** The entries of `extra` whose keys are not already written. */
function extraEntries(extra: Record<string, Json> | undefined, written: readonly (readonly [string, OrderedValue])[]): [string, OrderedValue][] {
  if (!extra) return [];
  const taken = new Set(written.map(([k]) => k));
  return Object.entries(extra).filter(([k]) => !taken.has(k));
}

function ruleShape(rule: WorkflowRule): OrderedMap {
  const spec = RULE_FIELDS[rule.type];
  const fields = rule as unknown as Record<string, Json | undefined>;
  const entries: [string, OrderedValue][] = [['type', rule.type]];
  for (const field of [...(spec.pattern !== undefined ? [spec.pattern] : []), ...spec.counts]) {
    const v = fields[field];
    if (v !== undefined) entries.push([field, v]);
  }
  return new OrderedMap([...entries, ...extraEntries(rule.extra, entries)]);
}

function nodeShape(node: WorkflowNode): OrderedMap {
  const entries: [string, OrderedValue][] = [];
  if (node.summary !== undefined) entries.push(['summary', node.summary]);
  if (node.prompt !== undefined) entries.push(['prompt', node.prompt]);
  if (node.prompt_hbs !== undefined) entries.push(['prompt_hbs', node.prompt_hbs]);
  entries.push(['transitions', node.transitions.map((t) => new OrderedMap([['when', t.when], ['to', t.to]]))]);
  if (node.rules.length > 0) entries.push(['rules', node.rules.map(ruleShape)]);
  return new OrderedMap([...entries, ...extraEntries(node.extra, entries)]);
}

/** The workflow as the ordered tree hegel's loader reads (the `done` node left out). */
export function hegelWorkflowShape(wf: Workflow): OrderedMap {
  const nodes = new OrderedMap(wf.nodes.filter((n) => n.name !== DONE_NODE).map((n) => [n.name, nodeShape(n)]));
  const entries: [string, OrderedValue][] = [
    ['mode', wf.mode],
    ['start_node', wf.start_node],
    ['nodes', nodes],
  ];
  return new OrderedMap([...entries, ...extraEntries(wf.extra, entries)]);
}

/** JSON text of an ordered value, indented by two spaces per level. */
function jsonText(v: OrderedValue, indent: string): string {
  const inner = indent + '  ';
  const entries: readonly (readonly [string | undefined, OrderedValue])[] | undefined =
    v instanceof OrderedMap
      ? v.entries
      : Array.isArray(v)
        ? v.map((x: OrderedValue) => [undefined, x] as const)
        : v !== null && typeof v === 'object'
          ? Object.entries(v)
          : undefined;
  if (!entries) return JSON.stringify(v) ?? 'null';
  const [open, close] = Array.isArray(v) ? ['[', ']'] : ['{', '}'];
  if (entries.length === 0) return open + close;
  const items = entries.map(([k, x]) => inner + (k === undefined ? '' : JSON.stringify(k) + ': ') + jsonText(x, inner));
  return `${open}\n${items.join(',\n')}\n${indent}${close}`;
}

/** The workflow as JSON in hegel's shape, two-space indented, ending with a newline. */
export function writeWorkflowJson(wf: Workflow): string {
  return jsonText(hegelWorkflowShape(wf), '') + '\n';
}
