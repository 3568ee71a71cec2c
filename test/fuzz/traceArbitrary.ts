/**
 * fast-check generator of canonical traces for the differential test: every event type, times
 * non-decreasing in small steps, arguments from a tiny pool so dedupe, cooldowns, windows and
 * periodic rules interact.
 */
import fc from 'fast-check';
import type { Json } from '../../src/core/model/toolRules.ts';
import { WORKFLOW_RULE_TYPES } from '../../src/core/model/workflow.ts';
import { TraceEvent } from '../../src/core/traces/events.ts';

/** 2025-01-01T10:00:00Z: the trace clock starts here. */
export const START_MS = Date.UTC(2025, 0, 1, 10, 0, 0);

/** Transition conditions shared with the workflow generator. */
export const CLAIMS = ['go', 'back', 'finish', 'x'];
const COMMANDS = ['cargo build', 'cargo test', 'make', 'git status'];
const PATHS = ['src/a.rs', 'src/b.rs', 'README.md'];

const subset = (items: readonly string[], max: number) =>
  fc.subarray([...items], { maxLength: max });

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
