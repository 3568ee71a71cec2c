/**
 * The tool-rule engine (Pattern-style tool executor): a pure, deterministic step function over the
 * trace's virtual clock. Per event, in order (`tool-rules.md` §5, §8): periodic reports, the scope
 * marker's reset, automatic start calls at the first event of an ordering scope, then the event's
 * own decisions (a tool call, or the exit wanted at `model_end`).
 */
import type { Agent } from '../../model/toolRules.ts';
import type { TraceEvent } from '../../traces/events.ts';
import type { Decision, DecisionBody } from '../decisions.ts';
import { toolProfileOf, type ReplaySettings } from '../settings.ts';
import { DecisionStamp } from '../stamp.ts';
import { copyLazyMessage } from '../lazyMessage.ts';
import { runCall } from './call.ts';
import { consentAnswered, type CallRequest, type CheckContext } from './checks.ts';
import { checkContext } from './checkContext.ts';
import { exitDecision, requestExit, runAutoStart } from './lifecycle.ts';
import { createLettaPolicy } from './lettaPolicy.ts';
import { createClaudePolicy } from './claudePolicy.ts';
import { createPatternPolicy } from './patternPolicy.ts';
import type { ToolPolicy } from './policy.ts';
import { PeriodicTracker } from './periodic.ts';
import { RuleIndex } from './ruleIndex.ts';
import { buildSnapshot } from './snapshot.ts';
import { StateKeyBuilder, type StateKeyOptions } from './stateKey.ts';
import type { KeyTable } from '../keyTable.ts';
import { specPolicy } from './specPolicy.ts';
import { ToolState } from './state.ts';
import { ToolTable, type CompiledPeriodic } from './toolTable.ts';
import type { ToolEngine, ToolEngineSnapshot, ToolEngineState, ToolStepResult } from './types.ts';

export type { ToolEngine, ToolEngineSnapshot, ToolEngineState, ToolStepResult } from './types.ts';

type ToolCallEvent = Extract<TraceEvent, { type: 'tool_call' }>;

/** Profile `letta`: per tool the highest max_count_per_step limit (what the state key caps counts at). */
function lettaCountCaps(agent: Agent): Map<string, number> {
  const caps = new Map<string, number>();
  for (const r of agent.lettaRules ?? []) if (r.type === 'max_count_per_step') caps.set(r.tool_name, Math.max(caps.get(r.tool_name) ?? 1, r.max_count_limit));
  return caps;
}

/** The decision without its stamp; a message still to be built stays so (not built by the copy). */
function bodyOf(d: Decision): DecisionBody {
  if (Object.getOwnPropertyDescriptor(d, 'message')?.get === undefined) {
    const { seq: _seq, event: _event, time: _time, ...plain } = d;
    return plain as DecisionBody;
  }
  const body: Record<string, unknown> = {};
  for (const key of Object.keys(d)) {
    if (key === 'seq' || key === 'event' || key === 'time') continue;
    if (key !== 'message' || !copyLazyMessage(d, body)) body[key] = (d as unknown as Record<string, unknown>)[key];
  }
  return body as DecisionBody;
}

/**
 * Creates an engine for one agent. Tools, groups and rules are interned and compiled once here;
 * each step then costs O(1) amortised in the length of the trace (typed-array reads and writes, no
 * scan of the history), and a call that runs allocates only its decision.
 */
export function createToolEngine(agent: Agent, given: ReplaySettings): ToolEngine {
  return new ToolRuleEngine(agent, given);
}

/**
 * The engine is a class, its step methods shared by every engine of the process: a closure made
 * per engine is a new function to V8, so the code compiled for the first replay of a process
 * (specialised to that closure's variables) could not serve the next one, which ran interpreted
 * and was compiled again (≈ 30 ms of CPU at the start of every replay after the first).
 */
class ToolRuleEngine implements ToolEngine {
  private readonly agent: Agent;
  private readonly profile: ToolPolicy['profile'];
  private readonly settings: ReplaySettings;
  private readonly table: ToolTable;
  private readonly policy: ToolPolicy;
  private readonly state: ToolState;
  private readonly ctx: CheckContext;
  private readonly periodic: PeriodicTracker;
  private readonly hasPeriodic: boolean;
  /** The call being run (reused: a step runs one call from the trace). */
  private readonly request: CallRequest;
  /** Where {@link periodicDue} writes (set before the periodic rules are collected). */
  private stamp: DecisionStamp;
  private sink: Decision[] = [];
  private readonly ownStamp = new DecisionStamp();
  private keys: StateKeyBuilder | undefined = undefined;

  constructor(agent: Agent, given: ReplaySettings) {
    this.agent = agent;
    // Claude Code settings are always judged as Claude Code judges them (the profile follows the family).
    const profile = agent.family === 'claude' ? 'claude' : toolProfileOf(given.profile);
    this.profile = profile;
    // Letta's loop has no dedupe and never calls a tool itself: pending exit requirements block.
    // Claude Code judges every call afresh: no dedupe either.
    const settings: ReplaySettings = profile === 'letta' ? { ...given, dedupeWindowMs: 0, exitRequirements: 'block' } : profile === 'claude' ? { ...given, dedupeWindowMs: 0 } : given;
    this.settings = settings;
    const index = new RuleIndex(agent, profile === 'letta');
    const table = new ToolTable(index);
    this.table = table;
    this.policy =
      profile === 'pattern' ? createPatternPolicy(agent, table) : profile === 'letta' ? createLettaPolicy(agent, table) : profile === 'claude' ? createClaudePolicy(agent, settings) : specPolicy;
    this.state = new ToolState(settings.dedupeWindowMs, table.size, table.groups.length);
    this.ctx = checkContext(table, this.state, settings, this.policy);
    this.periodic = new PeriodicTracker(table.periodic);
    this.hasPeriodic = table.periodic.length > 0;
    this.request = newCallRequest();
    this.stamp = this.ownStamp;
  }

  /** A periodic rule fell due at the event being stepped (called back by {@link PeriodicTracker.collect}). */
  periodicDue(r: CompiledPeriodic): void {
    const stamp = this.stamp;
    this.sink.push({ seq: stamp.seq++, event: stamp.event, time: stamp.time, kind: 'periodic_due', tool: r.tool, rule: r.rule });
  }

  /** A marker first resets its scope's state (§8). A batch is also a new process and ordering scope. */
  private applyMarker(event: TraceEvent): void {
    const state = this.state;
    if (event.type === 'batch_start') {
      state.newBatch();
      state.newProcess();
      state.newOrderingScope();
    } else if (event.type === 'process_start') {
      state.newProcess();
      if (this.settings.orderingScope === 'process') state.newOrderingScope();
    }
  }

  private toolCall(event: ToolCallEvent, st: DecisionStamp, out: Decision[]): boolean {
    const { state, policy, table, ctx, request } = this;
    const exited = state.exited;
    if (exited && policy.ignoresCallsAfterExit) {
      out.push({ seq: st.seq++, event: st.event, time: st.time, kind: 'ignored', tool: event.tool });
      return false;
    }
    // Compiling a tool first seen may intern the tools its rules name: make room after it.
    request.tool = table.tool(table.intern(event.tool));
    if (table.size > state.executions.length) state.ensureTools(table.size);
    request.args = event.args ?? {};
    request.time = event.time;
    request.outcome = event.outcome ?? 'ok';
    request.durationMs = event.duration_ms ?? 0;
    request.consent = event.consent;
    if (policy.answerStartsRequest && consentAnswered(ctx, request)) {
      state.newBatch();
      state.newProcess();
    }
    const flow = runCall(ctx, request, st, out);
    if (policy.observeCall) policy.observeCall(ctx, request, out[out.length - 1] as Decision, event.output);
    if (flow === undefined) return false;
    state.lastFlow = flow;
    if (flow !== 'exit' || exited) return true;
    if (policy.exitFlowSkipsRequirements) {
      out.push(exitDecision(st));
      state.exited = true;
    } else state.exited = requestExit(ctx, event.time, st, out, true);
    return true;
  }

  stepInto(event: TraceEvent, st: DecisionStamp, out: Decision[]): boolean {
    const state = this.state;
    const time = event.time;
    state.stepTo(time);
    // Most events fall before every periodic rule's next due time: no call then.
    if (this.hasPeriodic && time >= this.periodic.minDue) {
      this.stamp = st;
      this.sink = out;
      this.periodic.collect(state, this);
    }
    this.applyMarker(event);
    if (state.freshOrderingScope) {
      state.freshOrderingScope = false;
      if (this.settings.startConstraints === 'auto') runAutoStart(this.ctx, event.time, st, out);
    }
    if (event.type === 'tool_call') return this.toolCall(event, st, out);
    if (event.type === 'model_end' && !state.exited) state.exited = requestExit(this.ctx, time, st, out);
    return false;
  }

  step(event: TraceEvent): ToolStepResult {
    const out: Decision[] = [];
    this.ownStamp.at(0, event.time);
    const executed = this.stepInto(event, this.ownStamp, out);
    return { decisions: out.map(bodyOf), executed };
  }

  stateKey(options?: StateKeyOptions): string {
    return this.keyBuilder().key(options);
  }

  stateId(table: KeyTable, options?: StateKeyOptions): number {
    return this.keyBuilder().idIn(table, options);
  }

  private keyBuilder(): StateKeyBuilder {
    const { table, state, periodic } = this;
    this.keys ??= new StateKeyBuilder({ table, state, periodic, ...(this.profile === 'letta' ? { lettaCaps: lettaCountCaps(this.agent) } : {}) });
    return this.keys;
  }

  snapshot(): ToolEngineSnapshot {
    const { table, state, settings, periodic, policy, ctx } = this;
    const snap = buildSnapshot({ table, state, settings, periodic, pendingExit: () => policy.pendingExit(ctx) });
    if (policy.snapshot) snap.letta = policy.snapshot(ctx);
    return snap;
  }

  save(): ToolEngineState {
    const table = this.table;
    const toolNames: string[] = [];
    for (let id = 0; id < table.size; id++) toolNames.push(table.nameOf(id));
    return { version: 1, toolNames, ...this.state.save(this.periodic) };
  }

  restore(saved: ToolEngineState): void {
    const { table, state, periodic } = this;
    if (saved.version !== 1) throw new Error(`unknown tool engine state version ${String(saved.version)}`);
    if (saved.periodicReference.length !== table.periodic.length || saved.holdersEpoch.length !== table.groups.length)
      throw new Error('tool engine state saved from an engine with other rules');
    // Tools the saved engine met in the trace after its build are interned here in the same order.
    saved.toolNames.forEach((name, id) => {
      if ((id >= table.size || table.nameOf(id) !== name) && table.intern(name) !== id)
        throw new Error(`tool engine state names tool ${JSON.stringify(name)} as #${id}, but this engine met its tools in another order`);
    });
    state.restore(saved);
    state.ensureTools(table.size);
    periodic.restore(saved.periodicReference, saved.periodicPeriods, saved.periodicMinDue);
  }
}

/** The reusable request of an engine's calls from the trace. */
function newCallRequest(): CallRequest {
  return {
    tool: undefined as unknown as CallRequest['tool'],
    args: {},
    time: 0,
    outcome: 'ok',
    durationMs: 0,
    consent: undefined,
    synthetic: undefined,
  };
}
