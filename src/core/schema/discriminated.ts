/**
 * Discriminated unions in the published JSON Schemas, in a form editors report well (taplo,
 * yaml-language-server, VS Code): `type` is one enum, and an `if`/`then` per type checks that
 * type's own fields. zod writes a `oneOf`, whose every failing branch an editor lists ("five lines
 * of oneOf noise" for one misspelt type); here a misspelt type is one message at `type` listing the
 * names, and a wrong field is reported at that field.
 */
import { z } from 'zod';
import { append } from '../model/append.ts';

type JsonSchema = Record<string, unknown>;

/** A zod discriminated union on `type`, whose options are objects with a literal `type`. */
interface TypeUnion {
  options: readonly { shape: { type: { value: unknown } }; description?: string | undefined }[];
  description?: string | undefined;
}

/**
 * The `if`/`then` form of a union on `type`. `spellings` gives every name a type is accepted under
 * (default: its own).
 */
export function discriminatedJsonSchema(union: TypeUnion, typeDescription: string, spellings: (name: string) => string[] = (n) => [n]): JsonSchema {
  const names: string[] = [];
  const branches: JsonSchema[] = [];
  for (const option of union.options) {
    const name = String(option.shape.type.value);
    const json = z.toJSONSchema(option as unknown as z.ZodType, { target: 'draft-7', io: 'input', unrepresentable: 'any' }) as JsonSchema & { properties: Record<string, JsonSchema>; required?: string[] };
    const { type: _type, ...fields } = json.properties;
    const required = (json.required ?? []).filter((k) => k !== 'type');
    const spelt = spellings(name);
    append(names, spelt);
    branches.push({
      if: { properties: { type: { enum: spelt } }, required: ['type'] },
      then: { ...(option.description ? { description: option.description } : {}), properties: fields, ...(required.length > 0 ? { required } : {}) },
    });
  }
  return {
    type: 'object',
    ...(union.description ? { description: union.description } : {}),
    required: ['type'],
    properties: { type: { type: 'string', enum: names, description: typeDescription } },
    allOf: branches,
  };
}

/** The schema with every `oneOf` described as `description` (how zod writes the union) replaced by `replacement`. */
export function replaceUnion(node: unknown, description: string, replacement: JsonSchema): unknown {
  if (Array.isArray(node)) return node.map((n) => replaceUnion(n, description, replacement));
  if (node === null || typeof node !== 'object') return node;
  const o = node as Record<string, unknown>;
  if (o.description === description && Array.isArray(o.oneOf)) return replacement;
  return Object.fromEntries(Object.entries(o).map(([k, v]) => [k, replaceUnion(v, description, replacement)]));
}
