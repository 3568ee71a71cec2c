import { describe, expect, it } from 'vitest';
import { allowedOperations, schemaShownToModel } from '../../src/core/describe/index.ts';
import type { Agent, Json } from '../../src/core/model/index.ts';

const schema: Json = {
  type: 'object',
  properties: {
    op: { type: 'string', enum: ['read', 'append', 'patch', 'delete'] },
    mode: {
      oneOf: [
        { const: 'read', description: 'Read a file' },
        { const: 'patch', description: 'Patch a file' },
      ],
    },
    path: { type: 'string' },
  },
  required: ['op'],
};

function agent(rules: Agent['rules'], field = 'op'): Agent {
  return { name: 'a', tools: [{ name: 'file', operation_field: field, schema }], rules };
}

describe('operation gating (tool-rules.md §7)', () => {
  it('keeps only the allowed values in enum and leaves the rest unchanged', () => {
    const shown = schemaShownToModel(
      agent([{ tool_name: 'file', rule_type: { type: 'AllowedOperations', value: ['read', 'append'] }, conditions: [], priority: 5 }]),
      'file',
    ) as { properties: Record<string, unknown>; required: string[] };
    expect(shown.properties.op).toEqual({ type: 'string', enum: ['read', 'append'] });
    expect(shown.properties.path).toEqual({ type: 'string' });
    expect(shown.properties.mode).toEqual((schema as { properties: Record<string, unknown> }).properties.mode);
    expect(shown.required).toEqual(['op']);
  });

  it('filters oneOf alternatives by const', () => {
    const shown = schemaShownToModel(
      agent([{ tool_name: 'file', rule_type: { type: 'AllowedOperations', value: ['read'] }, conditions: [], priority: 5 }], 'mode'),
      'file',
    ) as { properties: { mode: { oneOf: unknown[] }; op: unknown } };
    expect(shown.properties.mode.oneOf).toEqual([{ const: 'read', description: 'Read a file' }]);
    expect(shown.properties.op).toEqual({ type: 'string', enum: ['read', 'append', 'patch', 'delete'] });
  });

  it('intersects several AllowedOperations rules', () => {
    const a = agent([
      { tool_name: 'file', rule_type: { type: 'AllowedOperations', value: ['read', 'append'] }, conditions: [], priority: 5 },
      { tool_name: 'file', rule_type: { type: 'AllowedOperations', value: ['append', 'delete'] }, conditions: [], priority: 5 },
    ]);
    expect([...(allowedOperations(a, 'file') ?? [])]).toEqual(['append']);
  });

  it('returns the schema unchanged when the tool has no AllowedOperations', () => {
    expect(schemaShownToModel(agent([]), 'file')).toBe(schema);
    expect(allowedOperations(agent([]), 'file')).toBeUndefined();
  });
});
