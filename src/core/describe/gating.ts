/**
 * Operation gating of tool schemas (`tool-rules.md` §7): the schema shown to the model keeps only
 * the allowed values of the operation field, in `enum` and in `oneOf[*].const`; everything else
 * is unchanged. Pure: the input schema is never mutated.
 */
import type { Agent, Json } from '../model/toolRules.ts';
import { DEFAULT_OPERATION_FIELD } from '../model/toolRules.ts';

type JsonObject = { [key: string]: Json };
const isObject = (v: Json | undefined): v is JsonObject =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The allowed operations for a tool: the intersection of all its `AllowedOperations` rules (exact
 * tool name), or undefined when it has none.
 */
export function allowedOperations(agent: Agent, tool: string): Set<string> | undefined {
  let allowed: Set<string> | undefined;
  for (const r of agent.rules) {
    if (r.tool_name !== tool || r.rule_type.type !== 'AllowedOperations') continue;
    const ops = new Set(r.rule_type.value);
    allowed = allowed ? new Set([...allowed].filter((o) => ops.has(o))) : ops;
  }
  return allowed;
}

/** Returns `schema` with the operation field narrowed to `allowed`. */
export function gateSchema(schema: Json, operationField: string, allowed: ReadonlySet<string>): Json {
  if (!isObject(schema) || !isObject(schema.properties)) return schema;
  const field = schema.properties[operationField];
  if (!isObject(field)) return schema;
  const gated: JsonObject = { ...field };
  if (Array.isArray(field.enum)) gated.enum = field.enum.filter((v) => typeof v === 'string' && allowed.has(v));
  if (Array.isArray(field.oneOf))
    gated.oneOf = field.oneOf.filter(
      (alt) => !isObject(alt) || !('const' in alt) || (typeof alt.const === 'string' && allowed.has(alt.const)),
    );
  return { ...schema, properties: { ...schema.properties, [operationField]: gated } };
}

/** The schema shown to the model for a declared tool, or undefined when it declares none. */
export function schemaShownToModel(agent: Agent, tool: string): Json | undefined {
  const decl = agent.tools.find((t) => t.name === tool);
  if (!decl || decl.schema === undefined) return undefined;
  const allowed = allowedOperations(agent, tool);
  if (!allowed) return decl.schema;
  return gateSchema(decl.schema, decl.operation_field ?? DEFAULT_OPERATION_FIELD, allowed);
}
