/**
 * A workflow as TOML: the same tree as hegel's YAML form (hegel loads no TOML; `convert --to toml`
 * and TOML workflow documents use it). Written from the ordered tree rather than through plain
 * objects, whose integer-like keys JavaScript moves first: nodes named `10` and `2` keep the order
 * the workflow gives them. Scalars, keys and `extra` values are written by the agents' TOML helpers.
 */
import type { Workflow } from '../../model/workflow.ts';
import { tomlInline, tomlKey } from './agentsToml.ts';
import { hegelWorkflowShape, OrderedMap, type OrderedValue } from './workflowJson.ts';

type Entry = readonly [string, OrderedValue];

/** An array written as `[[…]]` tables: non-empty and made only of ordered mappings. */
const isTableArray = (v: OrderedValue): v is readonly OrderedMap[] => Array.isArray(v) && v.length > 0 && v.every((x) => x instanceof OrderedMap);

/** A value written as `key = …` inside its table (everything but sub-tables and arrays of tables). */
const isInline = (v: OrderedValue): boolean => !(v instanceof OrderedMap) && !isTableArray(v);

/** An ordered value as plain data for an inline TOML value (no ordered mapping is inline in hegel's shape but `extra`). */
function plainOf(v: OrderedValue): unknown {
  if (v instanceof OrderedMap) {
    const o: Record<string, unknown> = {};
    for (const [k, x] of v.entries) Object.defineProperty(o, k, { value: plainOf(x), enumerable: true, writable: true, configurable: true });
    return o;
  }
  return Array.isArray(v) ? v.map(plainOf) : v;
}

/** The blocks of one table at `path`: its header (when it needs one), its members, then its sub-tables. */
function tableBlocks(path: readonly string[], entries: readonly Entry[], header: 'table' | 'array-item', out: string[]): void {
  const name = path.map(tomlKey).join('.');
  const members = entries.filter(([, v]) => isInline(v) && v !== null).map(([k, v]) => `${tomlKey(k)} = ${tomlInline(plainOf(v))}`);
  const hasChildren = entries.some(([, v]) => !isInline(v));
  // A table is named by its sub-tables' headers; it needs its own only for members, or to exist at all.
  if (header === 'array-item') out.push([`[[${name}]]`, ...members].join('\n'));
  else if (path.length === 0) {
    if (members.length > 0) out.push(members.join('\n'));
  } else if (members.length > 0 || !hasChildren) out.push([`[${name}]`, ...members].join('\n'));
  for (const [k, v] of entries) {
    if (v instanceof OrderedMap) tableBlocks([...path, k], v.entries, 'table', out);
    else if (isTableArray(v)) for (const item of v) tableBlocks([...path, k], item.entries, 'array-item', out);
  }
}

/** The workflow as TOML in hegel's shape, nodes in the workflow's order. */
export function writeWorkflowToml(wf: Workflow): string {
  const blocks: string[] = [];
  tableBlocks([], hegelWorkflowShape(wf).entries, 'table', blocks);
  return `${blocks.join('\n\n')}\n`;
}
