import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { WorkflowFile, workflowJsonSchema } from '../src/core/schema/workflowFile.ts';

const examplesDir = join(import.meta.dirname, '..', 'examples');

const wf = (rules: unknown[]) => ({
  mode: 'execution',
  start_node: 'a',
  nodes: { a: { transitions: [{ when: 'a_complete', to: 'done' }], rules } },
});

describe('workflow file schema (zod)', () => {
  it('accepts every hegel example in examples/', () => {
    // `*.test.yaml` beside the examples are rule-set tests, not workflows.
    const files = readdirSync(examplesDir).filter((f) => /\.ya?ml$/.test(f) && !/\.test\.ya?ml$/.test(f));
    expect(files.length).toBeGreaterThan(0);
    for (const f of files) {
      const r = WorkflowFile.safeParse(parse(readFileSync(join(examplesDir, f), 'utf8')));
      expect(r.success, `${f}: ${r.error?.message}`).toBe(true);
    }
  });

  it.each([
    { type: 'repeated_command', pattern: 'cargo test', threshold: 5, window: 120 },
    { type: 'repeated_command', threshold: 5, window: 120 },
    { type: 'repeated_file_edit', path_pattern: 'src/.*', threshold: 8, window: 240 },
    { type: 'phase_timeout', max_duration: 600 },
    { type: 'token_budget', max_tokens: 8000 },
    { type: 'require_commits', lookback_phases: 1 },
  ])('accepts rule %o', (rule) => {
    expect(WorkflowFile.safeParse(wf([rule])).success).toBe(true);
  });

  it.each([
    [{ type: 'repeated_command', pattern: 'x', window: 120 }, 'threshold'],
    [{ type: 'repeated_command', threshold: 5 }, 'window'],
    [{ type: 'repeated_file_edit', threshold: 5 }, 'window'],
    [{ type: 'phase_timeout' }, 'max_duration'],
    [{ type: 'token_budget' }, 'max_tokens'],
    [{ type: 'require_commits' }, 'lookback_phases'],
  ])('rejects %o (missing %s)', (rule, field) => {
    const r = WorkflowFile.safeParse(wf([rule]));
    expect(r.success).toBe(false);
    expect(r.error?.issues.some((i) => i.path.includes(field))).toBe(true);
  });

  it('rejects unknown rule types, negative, fractional and string numbers', () => {
    expect(WorkflowFile.safeParse(wf([{ type: 'bogus' }])).success).toBe(false);
    expect(WorkflowFile.safeParse(wf([{ type: 'token_budget', max_tokens: -1 }])).success).toBe(false);
    expect(WorkflowFile.safeParse(wf([{ type: 'token_budget', max_tokens: 1.5 }])).success).toBe(false);
    expect(WorkflowFile.safeParse(wf([{ type: 'token_budget', max_tokens: '100' }])).success).toBe(false);
  });

  it('requires mode, start_node, nodes and per node transitions', () => {
    expect(WorkflowFile.safeParse({ start_node: 'a', nodes: {} }).success).toBe(false);
    expect(WorkflowFile.safeParse({ mode: 'x', nodes: {} }).success).toBe(false);
    expect(WorkflowFile.safeParse({ mode: 'x', start_node: 'a' }).success).toBe(false);
    expect(WorkflowFile.safeParse({ mode: 'x', start_node: 'a', nodes: { a: { prompt: 'p' } } }).success).toBe(false);
    expect(WorkflowFile.safeParse({ mode: 'x', start_node: 'a', nodes: { a: { transitions: [] } } }).success).toBe(true);
  });
});

describe('workflowJsonSchema()', () => {
  type S = Record<string, unknown> & {
    properties?: Record<string, S>;
    additionalProperties?: S;
    items?: S;
    allOf?: { if: S; then: S }[];
    enum?: string[];
    required?: string[];
    description?: string;
    const?: unknown;
  };
  const schema = workflowJsonSchema() as S;
  const node = schema.properties?.nodes?.additionalProperties as S;
  const rules = node.properties?.rules?.items as S;

  it('is draft-07 without a $schema URL to fetch, with the file’s required keys', () => {
    expect(schema.$schema).toBeUndefined();
    expect(schema.type).toBe('object');
    expect(schema.required).toEqual(['mode', 'start_node', 'nodes']);
    expect(node.required).toEqual(['transitions']);
  });

  it('has one if/then branch per rule type (discriminated by type) with its required fields and spec descriptions', () => {
    expect([...(rules.properties?.type?.enum ?? [])].sort()).toEqual(['phase_timeout', 'repeated_command', 'repeated_file_edit', 'require_commits', 'token_budget']);
    expect(rules.required).toEqual(['type']);
    const byType = new Map(rules.allOf?.map((b) => [b.if.properties?.type?.enum?.[0], b.then]));
    expect([...byType.keys()].sort()).toEqual(['phase_timeout', 'repeated_command', 'repeated_file_edit', 'require_commits', 'token_budget']);
    expect(byType.get('repeated_command')?.required).toEqual(['threshold', 'window']);
    expect(byType.get('repeated_file_edit')?.required).toEqual(['threshold', 'window']);
    expect(byType.get('phase_timeout')?.required).toEqual(['max_duration']);
    expect(byType.get('token_budget')?.required).toEqual(['max_tokens']);
    expect(byType.get('require_commits')?.required).toEqual(['lookback_phases']);
    expect(byType.get('repeated_command')?.properties?.window?.description).toMatch(/seconds/);
    expect(byType.get('token_budget')?.properties?.max_tokens?.type).toBe('integer');
    expect(schema.properties?.nodes?.description).toMatch(/done/);
  });

  it('returns a fresh copy each time', () => {
    const a = workflowJsonSchema();
    a.type = 'changed';
    expect(workflowJsonSchema().type).toBe('object');
  });
});
