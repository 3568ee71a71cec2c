/**
 * Builders for validator tests: models are made directly (no codec), with an empty span index
 * unless a test records spans itself.
 */
import { SpanIndex, type Diagnostic } from '../../src/core/diagnostics/index.ts';
import { Agent, Workflow, type ToolRuleType } from '../../src/core/model/index.ts';
import { validateAgent, validateWorkflow } from '../../src/core/validate/index.ts';

type RuleInput = {
  conditions?: string[];
  priority?: number;
};

/** A rule of a unit type (or any type given as a full `rule_type`). */
export function rule(tool: string, type: ToolRuleType['type'] | ToolRuleType, opts: RuleInput = {}) {
  const rule_type = typeof type === 'string' ? { type } : type;
  return { tool_name: tool, rule_type, conditions: opts.conditions ?? [], priority: opts.priority ?? 5 };
}

/** `t` needs every tool of `conditions` before it. */
export const needs = (t: string, ...conditions: string[]) => rule(t, 'RequiresPrecedingTools', { conditions });

/** An agent named `ag` with the given rules and declared tools (none by default). */
export function agent(rules: ReturnType<typeof rule>[], tools: (string | { name: string; operations?: string[] })[] = []): Agent {
  return Agent.parse({
    name: 'ag',
    tools: tools.map((t) => (typeof t === 'string' ? { name: t } : t)),
    rules,
  });
}

/** Validates an agent in file `a.toml` at index 0. */
export function checkAgent(a: Agent, spans = new SpanIndex()): Diagnostic[] {
  return validateAgent(a, { file: 'a.toml', spans, agentIndex: 0 });
}

/** Validates a workflow in file `w.yaml` at index 0. */
export function checkWorkflow(wf: Workflow, profile: 'spec' | 'hegel' = 'spec', spans = new SpanIndex()): Diagnostic[] {
  return validateWorkflow(wf, { file: 'w.yaml', spans, workflowIndex: 0, profile });
}

/** A workflow named `wf` starting at `start`. */
export function workflow(start: string, nodes: unknown[]): Workflow {
  return Workflow.parse({ name: 'wf', mode: 'm', start_node: start, nodes });
}

/** The diagnostics with `code`. */
export const withCode = (list: readonly Diagnostic[], code: string) => list.filter((d) => d.code === code);

/** The distinct codes, sorted. */
export const codesOf = (list: readonly Diagnostic[]) => [...new Set(list.map((d) => d.code))].sort();
