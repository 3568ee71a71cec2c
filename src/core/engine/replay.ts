/**
 * The replay: one deterministic step per trace item, combining the tool-rule engine and the
 * workflow evaluator into the decision stream of `traces.md` §4. Per event, tool decisions come
 * first (periodic, auto, the call, exit), then workflow decisions (transition, interrupt).
 */
import type { Agent } from '../model/toolRules.ts';
import type { Workflow } from '../model/workflow.ts';
import type { TraceEvent, TraceItem } from '../traces/events.ts';
import type { Decision, DecisionBody } from './decisions.ts';
import { settingsFor, type ReplaySettings, type ReplaySettingsInput } from './settings.ts';
import { DecisionStamp, MsOnlyStamp } from './stamp.ts';
import { createToolEngine, type ToolEngine, type ToolEngineState } from './tools/engine.ts';
import { createWorkflowEngine, type WorkflowEngine, type WorkflowEngineState } from './workflow/engine.ts';

export interface ReplayConfig {
  /** The agent whose tool rules decide tool calls; none = tool calls give no tool decisions. */
  agent?: Agent;
  /** The workflow driven by workflow events; none = workflow events give no decisions. */
  workflow?: Workflow;
  settings?: ReplaySettingsInput;
  /**
   * Leaves decisions' `time` empty (`''`) instead of formatting it, for a consumer that reads
   * every decision's time as a number through {@link Replay.timeMsOf} before it pushes the next
   * item (the CLI's decision writer): saves building a string per event. Others leave it unset.
   */
  timesAsMs?: boolean;
}

export interface ReplaySnapshot {
  /** Index the next usable event gets. */
  events: number;
  /** Decisions written so far. */
  decisions: number;
  tools?: ReturnType<ToolEngine['snapshot']>;
  workflow?: ReturnType<WorkflowEngine['snapshot']>;
}

/**
 * A replay's complete state as structured plain data: what {@link Replay.save} returns and
 * {@link Replay.restore} takes. Copied (never shared with the running replay), restorable many
 * times, structured-clonable; its size is bounded by the rules and windows, not by the trace.
 */
export interface ReplayState {
  version: 1;
  /** Index the next usable event gets. */
  events: number;
  /** Sequence number of the next decision. */
  seq: number;
  /** Time of the last usable event (error decisions carry it). */
  lastTime: number;
  tools: ToolEngineState | undefined;
  workflow: WorkflowEngineState | undefined;
}

/** A running replay. */
export interface Replay {
  readonly settings: ReplaySettings;
  /** Feeds one trace item (an event or an unusable line) and returns the decisions it caused. */
  push(item: TraceItem): Decision[];
  /** As {@link push}, appending the decisions to `out` (no array per item). */
  pushInto(item: TraceItem, out: Decision[]): void;
  snapshot(): ReplaySnapshot;
  /** The replay's whole state (both engines), copied; cost proportional to the state. */
  save(): ReplayState;
  /**
   * Puts the replay back into a saved state of a replay with the same config (this one or a fresh
   * one); pushing the same items on then gives exactly the same decisions.
   */
  restore(state: ReplayState): void;
  /**
   * The epoch ms of a decision's `time` when it is the time of the event last pushed (as the text
   * the decision got), else undefined: lets a writer format the number (see `DecisionStamp.msOf`).
   */
  timeMsOf(time: string): number | undefined;
  /**
   * With `timesAsMs`: the epoch ms of the decisions the last push made (their `time` is `''`),
   * valid until the next push. A typed array, so a consumer reads the number without boxing it.
   */
  readonly timeClock: Float64Array;
}

/** Starts a replay. The engines never read the wall clock: time comes from the events. */
export function createReplay(config: ReplayConfig): Replay {
  return new ReplayRun(config);
}

/**
 * A class rather than closures, so that every replay of a process runs one set of functions: the
 * code V8 compiled for the first replay then serves the next (a consumer's loop calling
 * `pushInto` too), instead of each new replay's closures running interpreted until compiled again.
 */
class ReplayRun implements Replay {
  readonly settings: ReplaySettings;
  readonly timeClock: Float64Array;
  private readonly tools: ToolEngine | undefined;
  private readonly workflow: WorkflowEngine | undefined;
  private events = 0;
  /**
   * Time of the last usable event (error decisions carry it): `lastEvent`'s when set, else
   * `lastTime[0]` (a typed array so storing it allocates nothing). Other events than tool calls
   * are kept rather than their time read: see `DecisionStamp.atEvent`.
   */
  private readonly lastTime = new Float64Array(1);
  private lastEvent: TraceEvent | undefined = undefined;
  private readonly stamp: DecisionStamp;
  /** The workflow's decisions of one event, and its step context: reused, so an event that decides nothing allocates nothing. */
  private readonly wfOut: DecisionBody[] = [];
  private readonly wfCtx = { executed: true };

  constructor(config: ReplayConfig) {
    const settings = settingsFor(config.settings, config.agent);
    this.settings = settings;
    this.tools = config.agent ? createToolEngine(config.agent, settings) : undefined;
    this.workflow = config.workflow ? createWorkflowEngine(config.workflow, settings) : undefined;
    this.stamp = config.timesAsMs ? new MsOnlyStamp() : new DecisionStamp();
    this.timeClock = this.stamp.clock;
  }

  private lastTimeMs(): number {
    const lastEvent = this.lastEvent;
    if (lastEvent !== undefined) {
      this.lastTime[0] = lastEvent.time;
      this.lastEvent = undefined;
    }
    return this.lastTime[0] as number;
  }

  /** Workflow decisions get their stamp here (they are few: transitions and interrupts). */
  private stampAll(bodies: readonly DecisionBody[], line: number | undefined, out: Decision[]): void {
    const stamp = this.stamp;
    for (const b of bodies) {
      const body = b.kind === 'error' && line !== undefined && b.line <= 0 ? { ...b, line } : b;
      out.push({ seq: stamp.seq++, event: stamp.event, time: stamp.time, ...body } as Decision);
    }
  }

  pushInto(item: TraceItem, out: Decision[]): void {
    const stamp = this.stamp;
    if (item.kind === 'error') {
      stamp.at(this.events, this.lastTimeMs());
      this.stampAll([{ kind: 'error', line: item.line, message: item.message }], undefined, out);
      return;
    }
    const ev = item.event;
    const tools = this.tools;
    if (tools !== undefined && ev.type === 'tool_call') {
      // A site that sees only tool calls reads their time without boxing it, and keeping the
      // number instead of the event stores no fresh object into this long-lived state. (Without
      // tool rules a call decides nothing here: its time is read only if a decision needs it.)
      const time = ev.time;
      stamp.at(this.events++, time);
      this.lastTime[0] = time;
      this.lastEvent = undefined;
    } else {
      stamp.atEvent(this.events++, ev);
      this.lastEvent = ev;
    }
    const executed = tools ? tools.stepInto(ev, stamp, out) : true;
    const workflow = this.workflow;
    if (workflow) {
      const wfOut = this.wfOut;
      this.wfCtx.executed = executed;
      workflow.stepInto(ev, this.wfCtx, wfOut);
      if (wfOut.length > 0) {
        this.stampAll(wfOut, item.line, out);
        wfOut.length = 0;
      }
    }
  }

  timeMsOf(time: string): number | undefined {
    return this.stamp.msOf(time);
  }

  push(item: TraceItem): Decision[] {
    const out: Decision[] = [];
    this.pushInto(item, out);
    return out;
  }

  save(): ReplayState {
    return { version: 1, events: this.events, seq: this.stamp.seq, lastTime: this.lastTimeMs(), tools: this.tools?.save(), workflow: this.workflow?.save() };
  }

  restore(s: ReplayState): void {
    const { tools, workflow } = this;
    if (s.version !== 1 || (s.tools === undefined) !== (tools === undefined) || (s.workflow === undefined) !== (workflow === undefined))
      throw new Error('replay state saved from a replay with another config');
    if (tools && s.tools) tools.restore(s.tools);
    if (workflow && s.workflow) workflow.restore(s.workflow);
    this.events = s.events;
    this.stamp.seq = s.seq;
    this.lastEvent = undefined;
    this.lastTime[0] = s.lastTime;
  }

  snapshot(): ReplaySnapshot {
    const { tools, workflow } = this;
    return {
      events: this.events,
      decisions: this.stamp.seq,
      ...(tools ? { tools: tools.snapshot() } : {}),
      ...(workflow ? { workflow: workflow.snapshot() } : {}),
    };
  }
}

/** Replays a whole trace and returns every decision. */
export function replayItems(items: Iterable<TraceItem>, config: ReplayConfig): Decision[] {
  const r = createReplay(config);
  const out: Decision[] = [];
  for (const item of items) r.pushInto(item, out);
  return out;
}
