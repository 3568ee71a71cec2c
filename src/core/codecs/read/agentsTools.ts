/**
 * An agent's declared tools: Pattern's `tools = ["a", "b"]`, plus the details Rule Studio keeps in
 * the per-agent `tool_specs` table keyed by tool name (`operations`, `operation_field`, `schema`).
 * Pattern's `AgentConfig` does not deny unknown fields, so it ignores `tool_specs`.
 */
import type { Target } from '../../diagnostics/types.ts';
import type { Json, ToolDecl } from '../../model/toolRules.ts';
import type { DocPath } from '../types.ts';
import { isRecord, isStringArray, report, show, type ReadContext } from './agentsContext.ts';

const SPEC_KEYS = new Set(['operations', 'operation_field', 'schema']);

function applySpec(ctx: ReadContext, tool: ToolDecl, spec: unknown, path: DocPath, target: Target): void {
  if (!isRecord(spec)) {
    report(ctx, 'F003', 'error', `tool_specs of \`${tool.name}\` must be a table (found ${show(ctx, spec)}), so its details are ignored.`, path, target);
    return;
  }
  const ops = spec['operations'];
  if (isStringArray(ops)) tool.operations = [...ops];
  else if (ops !== undefined)
    report(ctx, 'F003', 'error', `operations of \`${tool.name}\` must be a list of names (found ${show(ctx, ops)}), so they are ignored.`, [...path, 'operations'], target);
  const field = spec['operation_field'];
  if (typeof field === 'string') tool.operation_field = field;
  else if (field !== undefined)
    report(ctx, 'F003', 'error', `operation_field of \`${tool.name}\` must be a string (found ${show(ctx, field)}), so the default "operation" is used.`, [...path, 'operation_field'], target);
  if (spec['schema'] !== undefined && spec['schema'] !== null) tool.schema = spec['schema'] as Json;
  for (const key of Object.keys(spec))
    if (!SPEC_KEYS.has(key))
      report(ctx, 'F004', 'warning', `Unknown key "${key}" in tool_specs of \`${tool.name}\`: only operations, operation_field and schema are read, so it is ignored.`, [...path, key], target, 'key');
}

/** Reads `tools` and `tool_specs` of the agent table at `path`. */
export function readTools(ctx: ReadContext, table: Record<string, unknown>, path: DocPath, agent: string): ToolDecl[] {
  const target: Target = { kind: 'agent', agent };
  const raw = table['tools'];
  const tools: ToolDecl[] = [];
  if (Array.isArray(raw)) {
    raw.forEach((t, i) => {
      if (typeof t === 'string') tools.push({ name: t });
      else report(ctx, 'F003', 'error', `tools of agent "${agent}" must hold tool names (found ${show(ctx, t)}), so this entry is ignored.`, [...path, 'tools', i], target);
    });
  } else if (raw !== undefined) {
    report(ctx, 'F003', 'error', `tools of agent "${agent}" must be a list of tool names (found ${show(ctx, raw)}), so the agent declares no tools.`, [...path, 'tools'], target);
  }

  const specs = table['tool_specs'];
  if (isRecord(specs)) {
    const byName = new Map<string, ToolDecl[]>();
    for (const t of tools) byName.set(t.name, [...(byName.get(t.name) ?? []), t]);
    for (const [name, spec] of Object.entries(specs)) {
      const matching = byName.get(name) ?? [];
      const specPath = [...path, 'tool_specs', name];
      if (matching.length === 0)
        report(ctx, 'F004', 'warning', `tool_specs describes \`${name}\`, which is not in tools of agent "${agent}", so these details are ignored.`, specPath, target, 'key');
      for (const tool of matching) applySpec(ctx, tool, spec, specPath, target);
    }
  } else if (specs !== undefined) {
    report(ctx, 'F003', 'error', `tool_specs of agent "${agent}" must be a table keyed by tool name (found ${show(ctx, specs)}), so it is ignored.`, [...path, 'tool_specs'], target);
  }
  return tools;
}
