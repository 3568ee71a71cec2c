/**
 * One tool call through the checks of `tool-rules.md` §4, in order, by rescanning the history.
 * Returns the call's decision; the caller appends it to the history, which is how the call is
 * "recorded" (§4 step 10).
 */
import type { Agent, Json } from '../../src/core/model/toolRules.ts';
import type { ConsentAnswer } from '../../src/core/traces/events.ts';
import type {
  AutoReason,
  ConsentUsed,
  DecisionBody,
  Flow,
} from '../../src/core/engine/decisions.ts';
import { debugDuration, debugList } from './rustFormat.ts';
import { applicable, appliesTo, rulesInOrder, rulesOfType, startTools } from './ruleOrder.ts';
import { batchExecutions, calledInScope, executions, type ToolHistory } from './toolHistory.ts';
import { activeGrant } from './naiveConsent.ts';

/** A call to check: from the trace, or synthetic (auto start / auto exit). */
export interface NaiveCall {
  tool: string;
  args: Readonly<Record<string, Json>>;
  outcome: 'ok' | 'error';
  durationMs: number;
  consent?: ConsentAnswer;
  /** Set for synthetic calls. */
  reason?: AutoReason;
}

/** Canonical JSON with object keys sorted at every depth. */
export function sortedJson(value: Json): string {
  if (Array.isArray(value)) return `[${value.map(sortedJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const keys = Object.keys(value).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${sortedJson(value[k] as Json)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** The dedupe key: tool name + sorted JSON of the args without top-level `request_heartbeat`. */
export function naiveDedupeKey(tool: string, args: Readonly<Record<string, Json>>): string {
  const rest: Record<string, Json> = {};
  for (const [k, v] of Object.entries(args)) if (k !== 'request_heartbeat') rest[k] = v;
  return `${tool}\u0000${sortedJson(rest)}`;
}

export function operationOf(agent: Agent, tool: string, args: Readonly<Record<string, Json>>): string {
  const decl = agent.tools.find((d) => d.name === tool);
  const value = args[decl?.operation_field ?? 'operation'];
  // Missing: empty string. A non-string value (spec silent) is named by its JSON text.
  if (value === undefined) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

export function failure(call: NaiveCall, body: DecisionBody): DecisionBody {
  return call.reason ? ({ ...body, reason: call.reason } as DecisionBody) : body;
}

/** Flow of an executed call (§4.1), given the tools called in scope including this call. */
function flowOf(agent: Agent, call: NaiveCall, calledAfter: readonly string[]): Flow {
  const continues = applicable(agent, 'ContinueLoop', call.tool).length > 0;
  if (call.args['request_heartbeat'] === true && !continues) return 'heartbeat';
  const exits = applicable(agent, 'ExitLoop', call.tool).some((r) =>
    r.rule.conditions.every((c) => calledAfter.includes(c)),
  );
  if (call.outcome === 'ok' && exits) return 'exit';
  return continues ? 'continue' : 'end';
}

/** Steps 1–2 of §4, the same in every profile: unknown tool, then dedupe. */
export function checkUnknownAndDedupe(agent: Agent, h: ToolHistory, i: number, call: NaiveCall): DecisionBody | undefined {
  const { tool } = call;
  const now = h.events[i]?.time ?? 0;
  const s = h.settings;

  // 1. Unknown tool.
  const declared = agent.tools.map((d) => d.name);
  if (declared.length > 0 && !declared.includes(tool))
    return failure(call, {
      kind: 'not_found',
      tool,
      code: 'NotFound',
      message: `Tool not found: ${tool}. Available: ${debugList(declared)}`,
    });

  // 2. Dedupe (trace calls only).
  if (!call.reason && s.dedupeWindowMs > 0) {
    const key = naiveDedupeKey(tool, call.args);
    const hit = executions(h).some(
      (e) =>
        !e.synthetic && naiveDedupeKey(e.tool, e.args) === key && now - e.time < s.dedupeWindowMs,
    );
    if (hit)
      return {
        kind: 'deduplicated',
        tool,
        code: 'Deduplicated',
        message: `Duplicate call to ${tool} within dedupe window`,
      };
  }
  return undefined;
}

/** Steps 3–7 of §4 (spec profile): start gate, ordering, batch limits, cooldown, operations. */
function checkRules(agent: Agent, h: ToolHistory, i: number, call: NaiveCall): DecisionBody | undefined {
  const { tool } = call;
  const now = h.events[i]?.time ?? 0;
  const s = h.settings;
  const called = calledInScope(h, i);

  // 3. Start gate.
  if (s.startConstraints === 'gate') {
    const starts = startTools(agent);
    const missing = starts.filter((t) => !called.includes(t));
    if (missing.length > 0 && !starts.includes(tool)) {
      const first = rulesOfType(agent, 'StartConstraint').find(
        (r) => r.rule.tool_name !== '*' && !called.includes(r.rule.tool_name),
      );
      return failure(call, {
        kind: 'blocked',
        tool,
        code: 'StartConstraintsNotMet',
        rule: first?.index ?? -1,
        message: `Tool ${tool} cannot be executed until start constraints are satisfied. Required: ${debugList(missing)}`,
      });
    }
  }

  // 4. Ordering.
  const orderingRules = rulesInOrder(agent).filter(
    (r) =>
      (r.rule.rule_type.type === 'RequiresPrecedingTools' ||
        r.rule.rule_type.type === 'RequiresFollowingTools') &&
      appliesTo(r.rule, tool),
  );
  for (const r of orderingRules) {
    const conds = r.rule.conditions;
    if (r.rule.rule_type.type === 'RequiresPrecedingTools') {
      const missing = conds.filter((c) => !called.includes(c));
      if (missing.length > 0)
        return failure(call, {
          kind: 'blocked',
          tool,
          code: 'PrerequisitesNotMet',
          rule: r.index,
          message: `Tool ${tool} cannot be executed: prerequisites ${debugList(missing)} not met. Executed tools: ${debugList(called)}`,
        });
    } else {
      const already = conds.filter((c) => called.includes(c));
      if (already.length > 0)
        return failure(call, {
          kind: 'blocked',
          tool,
          code: 'OrderingViolation',
          rule: r.index,
          message: `Tool ${tool} violates ordering constraint: must be called before ${debugList(conds)}, but these were already executed: ${debugList(already)}`,
        });
    }
  }

  // 5. Batch limits: MaxCalls, then exclusive groups.
  const inBatch = batchExecutions(h, i);
  const count = inBatch.filter((e) => e.tool === tool).length;
  for (const r of applicable(agent, 'MaxCalls', tool)) {
    const max = r.rule.rule_type.type === 'MaxCalls' ? r.rule.rule_type.value : 0;
    if (count >= max)
      return failure(call, {
        kind: 'blocked',
        tool,
        code: 'MaxCallsExceeded',
        rule: r.index,
        message: `Tool ${tool} has exceeded maximum calls (${max}). Current: ${count}`,
      });
  }
  const calledInBatch = inBatch.filter((e) => e.outcome === 'ok').map((e) => e.tool);
  for (const r of rulesOfType(agent, 'ExclusiveGroups')) {
    const groups = r.rule.rule_type.type === 'ExclusiveGroups' ? r.rule.rule_type.value : [];
    for (const group of groups) {
      if (!group.includes(tool)) continue;
      const holders = calledInBatch.filter(
        (t, k) => t !== tool && group.includes(t) && calledInBatch.indexOf(t) === k,
      );
      if (holders.length > 0)
        return failure(call, {
          kind: 'blocked',
          tool,
          code: 'ExclusiveGroupViolation',
          rule: r.index,
          message: `Tool ${tool} cannot be executed: exclusive group violation. Group ${debugList(group)} already has executed tools: ${debugList(holders)}`,
        });
    }
  }

  // 6. Cooldown.
  const last = executions(h)
    .filter((e) => e.tool === tool)
    .pop();
  for (const r of applicable(agent, 'Cooldown', tool)) {
    const d = r.rule.rule_type.type === 'Cooldown' ? r.rule.rule_type.value : 0;
    if (last && now - last.time < d)
      return failure(call, {
        kind: 'blocked',
        tool,
        code: 'CooldownActive',
        rule: r.index,
        message: `Tool ${tool} is in cooldown. Remaining: ${debugDuration(d - (now - last.time))}`,
      });
  }

  // 7. Operations.
  const gates = rulesOfType(agent, 'AllowedOperations').filter((r) => r.rule.tool_name === tool);
  if (gates.length > 0) {
    const sets = gates.map((r) =>
      r.rule.rule_type.type === 'AllowedOperations' ? r.rule.rule_type.value : [],
    );
    const allowed = (sets[0] ?? []).filter((op) => sets.every((set) => set.includes(op)));
    const op = operationOf(agent, tool, call.args);
    if (!allowed.includes(op)) {
      const excluding = gates.find(
        (r) =>
          r.rule.rule_type.type === 'AllowedOperations' && !r.rule.rule_type.value.includes(op),
      );
      return failure(call, {
        kind: 'blocked',
        tool,
        code: 'OperationNotAllowed',
        rule: excluding?.index ?? -1,
        message: `Operation '${op}' not allowed for tool '${tool}'. Allowed operations: ${distinctSorted(allowed).join(', ')}`,
      });
    }
  }

  return undefined;
}

/** Steps 8–9 of §4, the same in every profile: consent, then execution. The failure, or the consent used. */
export function checkConsentAndTimeout(
  agent: Agent,
  h: ToolHistory,
  i: number,
  call: NaiveCall,
): { failure: DecisionBody } | { consent: ConsentUsed | undefined } {
  const { tool } = call;
  const now = h.events[i]?.time ?? 0;
  const s = h.settings;

  // 8. Consent.
  let consent: ConsentUsed | undefined;
  const consentRule = rulesOfType(agent, 'RequiresConsent').find((r) => r.rule.tool_name === tool);
  if (consentRule && s.requirePermissions) {
    if (activeGrant(agent, h, tool, now)) consent = 'grant';
    else {
      const answer = call.consent ?? s.consentDefault;
      if (answer === 'deny' || answer === 'timeout') {
        const scope =
          consentRule.rule.rule_type.type === 'RequiresConsent'
            ? consentRule.rule.rule_type.value.scope
            : undefined;
        return {
          failure: failure(call, {
            kind: 'denied',
            tool,
            code: 'PermissionDenied',
            rule: consentRule.index,
            message: `Permission denied for tool ${tool} (scope: ${scope ?? 'none'})`,
          }),
        };
      }
      consent = typeof answer === 'string' ? answer : 'approve_for';
    }
  }

  // 9. Execution.
  if (call.durationMs > s.executionTimeoutMs)
    return {
      failure: failure(call, {
        kind: 'timeout',
        tool,
        code: 'Timeout',
        message: `Tool ${tool} execution timed out after ${debugDuration(s.executionTimeoutMs)}`,
      }),
    };
  return { consent };
}

/** The decision of a call that executed (step 10), with its flow. */
export function executedDecision(call: NaiveCall, flow: Flow, consent: ConsentUsed | undefined): DecisionBody {
  const { tool } = call;
  if (call.reason) return { kind: 'auto', tool, reason: call.reason, outcome: call.outcome, flow };
  return consent
    ? { kind: 'allowed', tool, outcome: call.outcome, flow, consent }
    : { kind: 'allowed', tool, outcome: call.outcome, flow };
}

/** Checks one call at event `i` against the history and returns its decision. */
export function naiveCall(agent: Agent, h: ToolHistory, i: number, call: NaiveCall): DecisionBody {
  const blocked = checkUnknownAndDedupe(agent, h, i, call) ?? checkRules(agent, h, i, call);
  if (blocked) return blocked;
  const after = checkConsentAndTimeout(agent, h, i, call);
  if ('failure' in after) return after.failure;
  // 10. Record: the caller appends the decision; the flow already sees this call as called.
  const called = calledInScope(h, i);
  const flow = flowOf(agent, call, call.outcome === 'ok' ? [...called, call.tool] : called);
  return executedDecision(call, flow, after.consent);
}

function distinctSorted(items: readonly string[]): string[] {
  return [...new Set(items)].sort();
}
