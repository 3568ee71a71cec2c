/**
 * fast-check generators for the differential test: small agents, workflows, settings and traces
 * drawn from tiny pools, so checks, windows, dedupe and periodic rules collide often.
 */
import fc from 'fast-check';
import {
  TOOL_RULE_TYPES,
  type Agent,
  type Json,
  type ToolDecl,
  type ToolRule,
  type ToolRuleType,
} from '../../src/core/model/toolRules.ts';
import {
  WORKFLOW_RULE_TYPES,
  type Workflow,
  type WorkflowRule,
} from '../../src/core/model/workflow.ts';
import { TraceEvent } from '../../src/core/traces/events.ts';
import type { ReplaySettingsInput } from '../../src/core/engine/settings.ts';

/** 2025-01-01T10:00:00Z: the trace clock starts here. */
export const START_MS = Date.UTC(2025, 0, 1, 10, 0, 0);

const TOOL_POOL = ['alpha', 'beta', 'gamma', 'delta', 'Bash', 'Edit', 'Write', 'MultiEdit'];
const OPERATIONS = ['read', 'write', 'append'];
const CLAIMS = ['go', 'back', 'finish', 'x'];
const COMMANDS = ['cargo build', 'cargo test', 'make', 'git status'];
const PATHS = ['src/a.rs', 'src/b.rs', 'README.md'];
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

const ARGS_POOL: Record<string, Json>[] = [
  {},
  { q: 1 },
  { q: 2 },
  { q: 1, request_heartbeat: true },
  { request_heartbeat: true },
  { request_heartbeat: 'true' },
  { operation: 'read' },
  { operation: 'write' },
  { op: 'append' },
  { op: 'read', request_heartbeat: true },
  { operation: 3 },
  { command: 'cargo build' },
  { command: 'make' },
  { file_path: 'src/a.rs' },
  { file_path: 'README.md' },
  { nested: { b: 1, a: [2, { d: 1, c: 0 }] } },
  { nested: { a: [2, { c: 0, d: 1 }], b: 1 } },
  { nested: { request_heartbeat: true } },
];

const tokens = fc.record(
  {
    input: fc.constantFrom(0, 10, 100, 600),
    output: fc.constantFrom(0, 5, 300),
    cache_read: fc.constantFrom(0, 5000),
  },
  { requiredKeys: ['input', 'output'] },
);

/** One trace event (without its time), built from the small pools. */
function eventBody(
  tools: readonly string[],
  nodes: readonly string[],
): fc.Arbitrary<Record<string, unknown>> {
  const toolCall = fc.record(
    {
      type: fc.constant('tool_call'),
      tool: fc.oneof(
        { weight: 9, arbitrary: fc.constantFrom(...tools) },
        { weight: 1, arbitrary: fc.constant('unknown') },
      ),
      args: fc.constantFrom(...ARGS_POOL),
      outcome: fc.constantFrom('ok', 'ok', 'ok', 'error'),
      duration_ms: fc.constantFrom(0, 0, 0, 0, 0, 0, 50, 200_000),
      consent: fc.constantFrom(
        'approve_once',
        'approve_scope',
        'deny',
        'timeout',
        { approve_for: 1 },
        { approve_for: 5 },
      ),
      tokens,
      activity_recorded: fc.constant(true),
    },
    { requiredKeys: ['type', 'tool', 'args'] },
  );
  const next = fc.record(
    {
      type: fc.constant('next'),
      claims: subset([...CLAIMS, 'restart_cycle'], 2),
      force: fc.oneof(fc.constant(true), subset(WORKFLOW_RULE_TYPES, 2)),
      to: fc.constantFrom(...nodes, 'done'),
    },
    { requiredKeys: ['type', 'claims'] },
  );
  return fc.oneof(
    { weight: 10, arbitrary: toolCall },
    { weight: 1, arbitrary: fc.constant({ type: 'batch_start' }) },
    { weight: 1, arbitrary: fc.constant({ type: 'process_start' }) },
    {
      weight: 1,
      arbitrary: fc.record({ type: fc.constant('model_end'), tokens }, { requiredKeys: ['type'] }),
    },
    {
      weight: 1,
      arbitrary: fc.record(
        { type: fc.constant('workflow_start'), node: fc.constantFrom(...nodes) },
        { requiredKeys: ['type'] },
      ),
    },
    { weight: 4, arbitrary: next },
    { weight: 1, arbitrary: fc.constantFrom({ type: 'continue' }, { type: 'repeat' }) },
    {
      weight: 4,
      arbitrary: fc.record({ type: fc.constant('command'), command: fc.constantFrom(...COMMANDS) }),
    },
    {
      weight: 3,
      arbitrary: fc.record({
        type: fc.constant('file_edit'),
        path: fc.constantFrom(...PATHS),
        tool: fc.constantFrom('Edit', 'Write', 'MultiEdit'),
      }),
    },
    { weight: 2, arbitrary: tokens.map((t) => ({ type: 'tokens', ...t })) },
    {
      weight: 1,
      arbitrary: fc.record({ type: fc.constant('commit'), hash: fc.constant('abc123') }),
    },
  );
}

/**
 * A trace of up to `maxEvents` canonical events, times non-decreasing in small steps, the workflow
 * usually started first.
 */
export function traceArb(
  tools: readonly string[],
  nodes: readonly string[],
  maxEvents = 40,
): fc.Arbitrary<TraceEvent[]> {
  const step = fc.constantFrom(0, 0, 100, 500, 1000, 1000, 2000, 5000, 61_000);
  return fc
    .tuple(
      fc.constantFrom(true, true, true, false),
      fc.array(fc.tuple(step, eventBody(tools, nodes)), {
        minLength: 1,
        maxLength: maxEvents,
        size: 'max',
      }),
    )
    .map(([startFirst, items]) => {
      let time = START_MS;
      const bodies: Record<string, unknown>[] = startFirst ? [{ type: 'workflow_start' }] : [];
      const times: number[] = startFirst ? [time] : [];
      for (const [dt, body] of items) {
        time += dt;
        bodies.push(body);
        times.push(time);
      }
      return bodies.map((body, k) => TraceEvent.parse({ ...body, time: times[k] }));
    });
}

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
