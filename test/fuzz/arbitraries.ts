/**
 * fast-check generators for the differential test: small agents, workflows, settings and traces
 * drawn from tiny pools, so checks, windows, dedupe and periodic rules collide often.
 */
import fc from 'fast-check';
import {
  TOOL_RULE_TYPES,
  type Agent,
  type ToolDecl,
  type ToolRule,
  type ToolRuleType,
} from '../../src/core/model/toolRules.ts';
import {
  WORKFLOW_RULE_TYPES,
  type Workflow,
  type WorkflowRule,
} from '../../src/core/model/workflow.ts';
import type { TraceEvent } from '../../src/core/traces/events.ts';
import { CLAIMS, traceArb } from './traceArbitrary.ts';
import type { ReplaySettingsInput } from '../../src/core/engine/settings.ts';

const TOOL_POOL = ['alpha', 'beta', 'gamma', 'delta', 'Bash', 'Edit', 'Write', 'MultiEdit'];
const OPERATIONS = ['read', 'write', 'append'];
const COMMAND_PATTERNS = ['cargo (build|test)', 'make', '^git', 'cargo'];
const PATH_PATTERNS = ['src/.*', '\\.rs$', 'README'];

/** The tool alphabet of one case: 3–6 names. */
export const toolAlphabet = fc.shuffledSubarray(TOOL_POOL, { minLength: 3, maxLength: 6 });

const subset = (items: readonly string[], max: number) =>
  fc.subarray([...items], { maxLength: max });

function ruleType(
  type: (typeof TOOL_RULE_TYPES)[number],
  tools: readonly string[],
): fc.Arbitrary<ToolRuleType> {
  switch (type) {
    case 'ExclusiveGroups':
      return fc
        .array(fc.subarray([...tools], { minLength: 1, maxLength: 3 }), {
          minLength: 1,
          maxLength: 2,
        })
        .map((value) => ({ type, value }));
    case 'MaxCalls':
      return fc.integer({ min: 0, max: 3 }).map((value) => ({ type, value }));
    case 'Cooldown':
      return fc.constantFrom(0, 500, 1000, 3000, 10_000).map((value) => ({ type, value }));
    case 'Periodic':
      return fc.constantFrom(0, 1000, 2000, 5000, 60_000).map((value) => ({ type, value }));
    case 'RequiresConsent':
      return fc
        .option(fc.constantFrom('exec', 'net'), { nil: undefined })
        .map((scope) => ({ type, value: scope === undefined ? {} : { scope } }));
    case 'AllowedOperations':
      return subset(OPERATIONS, 3).map((ops) => ({ type, value: [...ops].sort() }));
    default:
      return fc.constant({ type } as ToolRuleType);
  }
}

function toolRule(tools: readonly string[]): fc.Arbitrary<ToolRule> {
  // Every type, with the stateful checks drawn more often so they interact.
  const types = [
    ...TOOL_RULE_TYPES,
    'Cooldown',
    'Cooldown',
    'RequiresConsent',
    'RequiresConsent',
    'MaxCalls',
  ] as const;
  return fc.constantFrom(...types).chain((type) =>
    fc.record({
      tool_name: fc.oneof(
        { weight: 4, arbitrary: fc.constantFrom(...tools) },
        { weight: 1, arbitrary: fc.constant('*') },
      ),
      rule_type: ruleType(type, tools),
      conditions: subset(tools, 2),
      priority: fc.constantFrom(0, 5, 5, 5, 10, 255),
    }),
  );
}

/** A random agent over a tool alphabet: 0–8 rules of every type, sometimes declared tools. */
export function agentArb(tools: readonly string[]): fc.Arbitrary<Agent> {
  const declared: fc.Arbitrary<ToolDecl[]> = fc.oneof(
    { weight: 2, arbitrary: fc.constant<ToolDecl[]>([]) },
    { weight: 3, arbitrary: fc.constant([...tools]).chain(withOperations) },
    { weight: 1, arbitrary: fc.subarray([...tools], { minLength: 1 }).chain(withOperations) },
  );
  return fc.record({
    name: fc.constant('fuzz'),
    tools: declared,
    rules: fc.array(toolRule(tools), { maxLength: 8, size: 'medium' }),
  });
}

/** Declared tools with the three operations and a random operation field. */
function withOperations(names: readonly string[]): fc.Arbitrary<ToolDecl[]> {
  return fc
    .tuple(
      ...names.map((name) =>
        fc.record(
          {
            name: fc.constant(name),
            operations: fc.constant([...OPERATIONS]),
            operation_field: fc.constantFrom('operation', 'op'),
          },
          { requiredKeys: ['name'] },
        ),
      ),
    )
    .map((decls) =>
      decls.map((d): ToolDecl => ({
        name: d.name,
        ...(d.operations ? { operations: [...d.operations] } : {}),
        ...(d.operation_field ? { operation_field: d.operation_field } : {}),
      })),
    );
}

function workflowRule(hegel: boolean): fc.Arbitrary<WorkflowRule> {
  const threshold = fc.integer({ min: hegel ? 0 : 1, max: 3 });
  const window = fc.constantFrom(1, 2, 5, 10, 60, 120);
  return fc.constantFrom(...WORKFLOW_RULE_TYPES).chain((type): fc.Arbitrary<WorkflowRule> => {
    switch (type) {
      case 'repeated_command':
        return fc.record(
          {
            type: fc.constant(type),
            pattern: fc.constantFrom(...COMMAND_PATTERNS),
            threshold,
            window,
          },
          { requiredKeys: ['type', 'threshold', 'window'] },
        );
      case 'repeated_file_edit':
        return fc.record(
          {
            type: fc.constant(type),
            path_pattern: fc.constantFrom(...PATH_PATTERNS),
            threshold,
            window,
          },
          { requiredKeys: ['type', 'threshold', 'window'] },
        );
      case 'phase_timeout':
        return fc.record({
          type: fc.constant(type),
          max_duration: fc.constantFrom(1, 2, 5, 60, 61),
        });
      case 'token_budget':
        return fc.record({
          type: fc.constant(type),
          max_tokens: fc.constantFrom(50, 100, 500, 1000),
        });
      case 'require_commits':
        return fc.record({
          type: fc.constant(type),
          lookback_phases: fc.integer({ min: 1, max: 3 }),
        });
    }
  });
}

/** Node names of a generated workflow with `n` nodes. */
export const nodeNames = (n: number) => Array.from({ length: n }, (_, k) => `n${k}`);

/** A random workflow: 2–5 nodes, transitions among them and to `done`, 0–3 rules per node. */
export function workflowArb(hegel: boolean): fc.Arbitrary<Workflow> {
  return fc.integer({ min: 2, max: 5 }).chain((n) => {
    const names = nodeNames(n);
    const node = (name: string) =>
      fc.record({
        name: fc.constant(name),
        transitions: fc.array(
          fc.record({ when: fc.constantFrom(...CLAIMS), to: fc.constantFrom(...names, 'done') }),
          { maxLength: 3 },
        ),
        rules: fc.array(workflowRule(hegel), { maxLength: 3 }),
      });
    return fc.record({
      name: fc.constant('fuzz'),
      mode: fc.constant('execution'),
      start_node: fc.constantFrom(...names),
      nodes: fc.tuple(...names.map(node)),
    });
  });
}

/** Every option of ReplaySettings. */
export const settingsArb: fc.Arbitrary<ReplaySettingsInput> = fc.record({
  profile: fc.constantFrom('spec' as const, 'hegel' as const),
  orderingScope: fc.constantFrom('batch' as const, 'process' as const),
  startConstraints: fc.constantFrom('auto' as const, 'gate' as const),
  exitRequirements: fc.constantFrom('auto' as const, 'block' as const),
  evaluateOn: fc.constantFrom('next' as const, 'every_event' as const),
  dedupeWindowMs: fc.constantFrom(0, 1000, 300_000),
  consentDefault: fc.constantFrom(
    'approve_once' as const,
    'approve_scope' as const,
    'deny' as const,
    'timeout' as const,
    { approve_for: 2 },
  ),
  executionTimeoutMs: fc.constantFrom(0, 100, 120_000),
  requirePermissions: fc.boolean(),
});

/** One whole case: an agent and/or a workflow, settings, and a trace over both. */
export interface FuzzCase {
  agent?: Agent;
  workflow?: Workflow;
  settings: ReplaySettingsInput;
  trace: TraceEvent[];
}

export const caseArb: fc.Arbitrary<FuzzCase> = fc
  .tuple(toolAlphabet, settingsArb, fc.constantFrom('both', 'both', 'both', 'agent', 'workflow'))
  .chain(([tools, settings, which]) => {
    const hegel = settings.profile === 'hegel';
    return fc.tuple(agentArb(tools), workflowArb(hegel)).chain(([agent, workflow]) =>
      traceArb(
        tools,
        workflow.nodes.map((n) => n.name),
      ).map((trace) => ({
        ...(which !== 'workflow' ? { agent } : {}),
        ...(which !== 'agent' ? { workflow } : {}),
        settings,
        trace,
      })),
    );
  });
