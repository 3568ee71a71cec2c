/**
 * The decision stream (`traces.md` §4). Keys are declared in the order the spec writes them;
 * {@link serializeDecision} writes them in that order.
 */

export type Flow = 'continue' | 'heartbeat' | 'exit' | 'end';
export type ConsentUsed = 'approve_once' | 'approve_scope' | 'approve_for' | 'grant';

/** Failure codes of tool calls (`tool-rules.md` §6). */
export type ToolFailureCode =
  | 'PrerequisitesNotMet'
  | 'MaxCallsExceeded'
  | 'CooldownActive'
  | 'ExclusiveGroupViolation'
  | 'OrderingViolation'
  | 'StartConstraintsNotMet'
  | 'OperationNotAllowed'
  | 'NotFound'
  | 'PermissionDenied'
  | 'Timeout'
  | 'Deduplicated';

interface Base {
  seq: number;
  event: number;
  /** ISO 8601, UTC, milliseconds. */
  time: string;
}

export type DecisionBody =
  | { kind: 'allowed'; tool: string; outcome: 'ok' | 'error'; flow: Flow; consent?: ConsentUsed }
  | {
      kind: 'auto';
      tool: string;
      reason: 'start_constraint' | 'exit_requirement';
      outcome: 'ok' | 'error';
      flow: Flow;
    }
  | { kind: 'blocked'; tool: string; code: ToolFailureCode; rule: number; message: string; reason?: AutoReason }
  | {
      kind: 'deduplicated' | 'denied' | 'timeout' | 'not_found';
      tool: string;
      code: ToolFailureCode;
      rule?: number;
      message: string;
      reason?: AutoReason;
    }
  | { kind: 'ignored'; tool: string }
  | { kind: 'exit' }
  | { kind: 'exit_blocked'; pending: string[]; code: 'RequiredBeforeExit'; message: string }
  | { kind: 'periodic_due'; tool: string; rule: number }
  | { kind: 'transition'; from: string; to: string }
  | { kind: 'interrupt'; node: string; ruleType: string; rule: number; text: string }
  | { kind: 'error'; line: number; message: string };

export type AutoReason = 'start_constraint' | 'exit_requirement';
export type DecisionKind = DecisionBody['kind'];
export type Decision = Base & DecisionBody;

/** The spec's key order for each kind (extra keys follow in insertion order). */
const KEY_ORDER: Record<DecisionKind, readonly string[]> = {
  allowed: ['tool', 'outcome', 'flow', 'consent'],
  auto: ['tool', 'reason', 'outcome', 'flow'],
  blocked: ['tool', 'code', 'rule', 'message', 'reason'],
  deduplicated: ['tool', 'code', 'rule', 'message', 'reason'],
  denied: ['tool', 'code', 'rule', 'message', 'reason'],
  timeout: ['tool', 'code', 'rule', 'message', 'reason'],
  not_found: ['tool', 'code', 'rule', 'message', 'reason'],
  ignored: ['tool'],
  exit: [],
  exit_blocked: ['pending', 'code', 'message'],
  periodic_due: ['tool', 'rule'],
  transition: ['from', 'to'],
  interrupt: ['node', 'ruleType', 'rule', 'text'],
  error: ['line', 'message'],
};

/** One JSONL line for a decision, keys in the spec's order. */
export function serializeDecision(d: Decision): string {
  const out: Record<string, unknown> = { seq: d.seq, event: d.event, time: d.time, kind: d.kind };
  const rec = d as unknown as Record<string, unknown>;
  for (const k of KEY_ORDER[d.kind]) if (rec[k] !== undefined) out[k] = rec[k];
  for (const k of Object.keys(rec)) if (!(k in out) && rec[k] !== undefined) out[k] = rec[k];
  return JSON.stringify(out);
}
