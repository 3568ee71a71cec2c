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
  | 'Deduplicated'
  /** Profile `letta`: the tool is not in the allowed set Letta's `ToolRulesSolver` computed. */
  | 'ToolConstraintError'
  /** Profile `letta` with `errorOnEmpty`: the rules left no tool at all in this step. */
  | 'NoValidTools';

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
  | { kind: 'blocked'; tool: string; code: ToolFailureCode; rule?: number; message: string; reason?: AutoReason }
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

/** The spec's key order for each kind's own fields (extra keys follow in insertion order). */
export const DECISION_KEY_ORDER: Record<DecisionKind, readonly string[]> = {
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

const BASE_KEYS = new Set(['seq', 'event', 'time', 'kind']);
/** Every key a kind's decision is written with before its extra keys: the base keys and its own. */
export const DECISION_KNOWN_KEYS = Object.fromEntries(
  Object.entries(DECISION_KEY_ORDER).map(([kind, keys]) => [kind, new Set([...BASE_KEYS, ...keys])]),
) as unknown as Record<DecisionKind, ReadonlySet<string>>;

/** JSON of short strings (tool names, codes, flows recur on every line), memoised. */
const jsonStrings = new Map<string, string>();
function jsonString(v: string): string {
  if (v.length > 64) return JSON.stringify(v);
  let j = jsonStrings.get(v);
  if (j === undefined) {
    j = JSON.stringify(v);
    if (jsonStrings.size < 50_000) jsonStrings.set(v, j);
  }
  return j;
}
const jsonValue = (v: unknown): string =>
  typeof v === 'string' ? jsonString(v) : typeof v === 'number' && Number.isFinite(v) ? String(v) : JSON.stringify(v);

/**
 * One JSONL line for a decision, keys in the spec's order (`seq`, `event`, `time`, `kind`, the
 * kind's fields, then any other field in insertion order; undefined fields left out). Written
 * straight into one string: no intermediate object, recurring strings' JSON memoised.
 */
export function serializeDecision(d: Decision): string {
  const rec = d as unknown as Record<string, unknown>;
  let s = `{"seq":${jsonValue(d.seq)},"event":${jsonValue(d.event)},"time":${JSON.stringify(d.time)},"kind":${jsonString(d.kind)}`;
  for (const k of DECISION_KEY_ORDER[d.kind]) {
    const v = rec[k];
    if (v !== undefined) s += `,"${k}":${jsonValue(v)}`;
  }
  const known = DECISION_KNOWN_KEYS[d.kind];
  for (const k in rec) if (!known.has(k) && rec[k] !== undefined) s += `,${jsonString(k)}:${jsonValue(rec[k])}`;
  return s + '}';
}
