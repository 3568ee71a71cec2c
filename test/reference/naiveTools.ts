/**
 * A deliberately naive reference of the tool-rule engine (`tool-rules.md` §3–§6, §8): at every
 * event it rescans the whole history of events and of its own decisions. Slow and obvious.
 */
import type { Agent } from '../../src/core/model/toolRules.ts';
import type { TraceEvent } from '../../src/core/traces/events.ts';
import type { DecisionBody } from '../../src/core/engine/decisions.ts';
import type { ReplaySettings } from '../../src/core/engine/settings.ts';
import { naiveCall, type NaiveCall } from './naiveToolCall.ts';
import { distinct, rulesOfType, startTools } from './ruleOrder.ts';
import {
  calledInScope,
  executions,
  hasExited,
  opensOrderingScope,
  type LogEntry,
  type ToolHistory,
} from './toolHistory.ts';

/** Exit requirements pending at event `i` (§5), in rule order, each tool once. */
export function pendingExit(agent: Agent, h: ToolHistory, i: number): string[] {
  const called = calledInScope(h, i);
  const pending: string[] = [];
  for (const r of rulesOfType(agent, 'RequiredBeforeExit')
    .concat(rulesOfType(agent, 'RequiredBeforeExitIf'))
    .sort((a, b) => b.rule.priority - a.rule.priority || a.index - b.index)) {
    const { tool_name: tool, conditions } = r.rule;
    if (tool === '*' || called.includes(tool)) continue;
    if (
      r.rule.rule_type.type === 'RequiredBeforeExitIf' &&
      !conditions.every((c) => called.includes(c))
    )
      continue;
    pending.push(tool);
  }
  return distinct(pending);
}

/** `periodic_due` decisions at event `i`, before anything else of the event. */
function periodicDue(agent: Agent, h: ToolHistory, i: number): DecisionBody[] {
  const now = h.events[i]?.time ?? 0;
  const first = h.events[0]?.time ?? now;
  const out: DecisionBody[] = [];
  for (const r of rulesOfType(agent, 'Periodic')) {
    const d = r.rule.rule_type.type === 'Periodic' ? r.rule.rule_type.value : 0;
    const tool = r.rule.tool_name;
    if (tool === '*' || d <= 0) continue;
    const last = executions(h)
      .filter((e) => e.tool === tool && e.event < i)
      .pop();
    const ref = last ? last.time : first;
    const refEvent = last ? last.event : -1;
    const periods = Math.floor((now - ref) / d);
    const lastReport = h.log
      .filter(
        (x) => x.event > refEvent && x.body.kind === 'periodic_due' && x.body.rule === r.index,
      )
      .pop();
    const reported = lastReport
      ? Math.floor(((h.events[lastReport.event]?.time ?? ref) - ref) / d)
      : 0;
    if (periods > reported) out.push({ kind: 'periodic_due', tool, rule: r.index });
  }
  return out;
}

/** What a profile decides in the naive step: how a call is checked and what exit needs. */
export interface NaiveSemantics {
  call(agent: Agent, h: ToolHistory, i: number, call: NaiveCall): DecisionBody;
  /** The exit requirements listed as pending at event `i`. */
  pendingExit(agent: Agent, h: ToolHistory, i: number): string[];
  /** A call whose flow is `exit` ends the loop without looking at exit requirements. */
  exitFlowSkipsRequirements: boolean;
  /** Calls after the loop exited are `ignored` (else they are checked as usual). */
  ignoresCallsAfterExit: boolean;
}

/** The spec profile (`tool-rules.md`). */
export const SPEC_SEMANTICS: NaiveSemantics = {
  call: naiveCall,
  pendingExit,
  exitFlowSkipsRequirements: false,
  ignoresCallsAfterExit: true,
};

/** The tool decisions of event `i`, given the history of the events and decisions before it. */
export function naiveToolStep(
  agent: Agent,
  settings: ReplaySettings,
  events: readonly TraceEvent[],
  i: number,
  past: readonly LogEntry[],
  semantics: NaiveSemantics = SPEC_SEMANTICS,
): DecisionBody[] {
  const log: LogEntry[] = [...past];
  const h: ToolHistory = { events, log, settings };
  const out: DecisionBody[] = [];
  const emit = (body: DecisionBody) => {
    out.push(body);
    log.push({ event: i, body });
  };
  const ev = events[i];
  if (!ev) return out;

  for (const d of periodicDue(agent, h, i)) emit(d);

  if (settings.startConstraints === 'auto' && opensOrderingScope(h, i))
    for (const tool of startTools(agent))
      emit(
        semantics.call(agent, h, i, {
          tool,
          args: {},
          outcome: 'ok',
          durationMs: 0,
          reason: 'start_constraint',
        }),
      );

  const requestExit = () => {
    const pending = semantics.pendingExit(agent, h, i);
    if (pending.length > 0 && settings.exitRequirements === 'auto') {
      for (const tool of distinct(pending).filter((t) => t !== '*'))
        emit(
          semantics.call(agent, h, i, {
            tool,
            args: {},
            outcome: 'ok',
            durationMs: 0,
            reason: 'exit_requirement',
          }),
        );
    }
    const still = semantics.pendingExit(agent, h, i);
    emit(still.length === 0 ? { kind: 'exit' } : exitBlocked(still));
  };

  if (ev.type === 'tool_call') {
    const exited = hasExited(h, i);
    if (exited && semantics.ignoresCallsAfterExit) emit({ kind: 'ignored', tool: ev.tool });
    else {
      const call = semantics.call(agent, h, i, {
        tool: ev.tool,
        args: ev.args,
        outcome: ev.outcome,
        durationMs: ev.duration_ms,
        ...(ev.consent !== undefined ? { consent: ev.consent } : {}),
      });
      emit(call);
      if (call.kind === 'allowed' && call.flow === 'exit' && !exited) {
        if (semantics.exitFlowSkipsRequirements) emit({ kind: 'exit' });
        else requestExit();
      }
    }
  } else if (ev.type === 'model_end' && !hasExited(h, i)) requestExit();
  return out;
}

function exitBlocked(pending: string[]): DecisionBody {
  return {
    kind: 'exit_blocked',
    pending,
    code: 'RequiredBeforeExit',
    message: `You must call these tools before ending the conversation: ${pending.join(', ')}`,
  };
}

/** Runs the naive tool reference over a whole trace: per event, its decisions and whether its call executed. */
export function runNaiveTools(
  agent: Agent,
  settings: ReplaySettings,
  events: readonly TraceEvent[],
  semantics: NaiveSemantics = SPEC_SEMANTICS,
): { decisions: DecisionBody[][]; executed: boolean[] } {
  const log: LogEntry[] = [];
  const decisions: DecisionBody[][] = [];
  const executed: boolean[] = [];
  for (let i = 0; i < events.length; i++) {
    const step = naiveToolStep(agent, settings, events, i, log, semantics);
    for (const body of step) log.push({ event: i, body });
    decisions.push(step);
    executed.push(step.some((d) => d.kind === 'allowed'));
  }
  return { decisions, executed };
}
