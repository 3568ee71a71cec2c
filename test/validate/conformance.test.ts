/**
 * The conformance case diagnostics-cycle-regex: its files parsed directly with smol-toml and yaml
 * (no codec), mapped onto the model, must give exactly T001, T004, W001 and W005.
 */
import { readFileSync } from 'node:fs';
import { conformanceCase } from '../data/paths.ts';
import { parse as parseToml } from 'smol-toml';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { SpanIndex } from '../../src/core/diagnostics/index.ts';
import { Agent, Workflow } from '../../src/core/model/index.ts';
import { validateAgent, validateWorkflow } from '../../src/core/validate/index.ts';
import { codesOf } from './helpers.ts';

const CASE = conformanceCase('diagnostics-cycle-regex');

interface CaseFile {
  files: Record<string, string>;
  diagnostics: string[];
}

function agentFrom(text: string): Agent {
  const doc = parseToml(text) as { name: string; tools: string[]; tool_rules: Record<string, unknown>[] };
  return Agent.parse({ name: doc.name, tools: doc.tools.map((name) => ({ name })), rules: doc.tool_rules });
}

function workflowFrom(text: string): Workflow {
  const doc = parseYaml(text) as { mode: string; start_node: string; nodes: Record<string, object> };
  return Workflow.parse({
    name: 'workflow',
    mode: doc.mode,
    start_node: doc.start_node,
    nodes: Object.entries(doc.nodes).map(([name, node]) => ({ name, ...node })),
  });
}

describe('conformance: diagnostics-cycle-regex', () => {
  const c = JSON.parse(readFileSync(CASE, 'utf8')) as CaseFile;
  const agent = agentFrom(c.files['agent.toml']!);
  const wf = workflowFrom(c.files['workflow.yaml']!);
  const list = [
    ...validateAgent(agent, { file: 'agent.toml', spans: new SpanIndex(), agentIndex: 0 }),
    ...validateWorkflow(wf, { file: 'workflow.yaml', spans: new SpanIndex(), workflowIndex: 0, profile: 'spec' }),
  ];

  it('gives exactly the listed codes', () => {
    expect(codesOf(list)).toEqual([...c.diagnostics].sort());
    expect(list.every((d) => d.severity === 'error')).toBe(true);
  });

  it('says what follows for the agent', () => {
    const byCode = new Map(list.map((d) => [d.code, d]));
    expect(byCode.get('T001')?.message).toContain('none of `a` and `b` can ever be called');
    expect(byCode.get('T004')?.message).toContain('`c` is required before exit but can never be called');
    expect(byCode.get('T004')?.message).toContain('so the agent can never exit cleanly');
    expect(byCode.get('W001')?.target).toEqual({ kind: 'workflow', workflow: 'workflow', node: 'b', transition: 0 });
    expect(byCode.get('W005')?.message).toContain('look-around');
  });

  it('is deterministic', () => {
    const again = validateAgent(agent, { file: 'agent.toml', spans: new SpanIndex(), agentIndex: 0 });
    expect(again).toEqual(list.filter((d) => d.file === 'agent.toml'));
  });
});
