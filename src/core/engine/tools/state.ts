/**
 * The engine's state in its three lifetimes (`tool-rules.md` §3): persistent (whole replay),
 * batch (one user message) and process (one model loop); the ordering history and the start gate
 * live in the ordering scope, which is the batch or the process (setting `orderingScope`).
 *
 * Everything is indexed by interned tool and group ids (see `toolTable.ts`) in typed arrays.
 * A scope is reset in O(1) by bumping its epoch: a per-tool value counts only when its epoch
 * stamp is the scope's current one. Nothing scans the history, and the memory is bounded by the
 * number of tools and groups, the dedupe window, and one small id per call in the ordering scope
 * (which the PrerequisitesNotMet message must print).
 */
import type { Flow } from '../decisions.ts';
import { CalledHistory } from './calledHistory.ts';
import { DedupeTable, refill, type DedupeTableState } from './dedupeTable.ts';

/**
 * The tool engine's whole mutable state as plain data: typed arrays and arrays copied, nothing
 * shared with the live engine except the (immutable) call arguments held by the dedupe table.
 * Produced by {@link ToolState.save}; structured-clonable (it can cross to and from a Worker).
 */
export interface ToolStateData {
  /** Tools known to the state (ids 0 … tools − 1). */
  tools: number;
  batchEpoch: number;
  orderingEpoch: number;
  executions: Float64Array;
  executionsEpoch: Uint32Array;
  lastExecution: Float64Array;
  grantUntil: Float64Array;
  calledEpoch: Uint32Array;
  called: Uint8Array | Uint16Array | Uint32Array;
  holders: number[][];
  holdersEpoch: Uint32Array;
  batchOrder: number[];
  executedOrder: number[];
  grantOrder: number[];
  exited: boolean;
  lastFlow: Flow | undefined;
  cleanupEpoch: number;
  freshOrderingScope: boolean;
  lastTool: number;
  lastToolEpoch: number;
  lastOutput: string | undefined;
  firstTime: number | undefined;
  now: number | undefined;
  dedupe: DedupeTableState;
  periodicReference: Float64Array;
  periodicPeriods: Float64Array;
  periodicMinDue: number;
}

const NO_HOLDERS: readonly number[] = Object.freeze([]);

function grownF64(a: Float64Array, n: number, fill: number): Float64Array {
  const b = new Float64Array(n).fill(fill);
  b.set(a);
  return b;
}
function grownU32(a: Uint32Array, n: number): Uint32Array {
  const b = new Uint32Array(n);
  b.set(a);
  return b;
}

export class ToolState {
  private cap = 0;
  /** Current batch; `executionsEpoch[t]`/`holdersEpoch[g]` equal to it mark values of this batch. */
  batchEpoch = 1;
  /** Current ordering scope; `calledEpoch[t]` equal to it marks a tool called in this scope. */
  orderingEpoch = 1;
  /** Executions per tool in this batch (MaxCalls). */
  executions: Float64Array = new Float64Array(0);
  executionsEpoch: Uint32Array = new Uint32Array(0);
  /** Last execution per tool (Cooldown, Periodic); NaN = never. Persistent. */
  lastExecution: Float64Array = new Float64Array(0);
  /** Time until which a tool's standing consent grant is valid (exclusive); NaN = none, Infinity = to the end. */
  grantUntil: Float64Array = new Float64Array(0);
  calledEpoch: Uint32Array = new Uint32Array(0);
  readonly called = new CalledHistory();
  /** Per group id: the tools holding it in this batch, in the order they were first called. */
  holders: number[][] = [];
  holdersEpoch: Uint32Array = new Uint32Array(0);
  /** Tools executed in this batch, in order of first execution (the inspector lists them so). */
  batchOrder: number[] = [];
  /** Tools ever executed / ever granted, in order of first time (the inspector lists them so). */
  executedOrder: number[] = [];
  grantOrder: number[] = [];
  /** Process scope: the loop has exited; flow of the last executed call from the trace. */
  exited = false;
  lastFlow: Flow | undefined = undefined;
  /**
   * The ordering scope in which an ExitLoop tool was recorded (0 = none): Pattern's `Cleanup`
   * phase, read by the `pattern` profile's exit rule.
   */
  cleanupEpoch = 0;
  /** The ordering scope has not seen an event yet: its auto-start calls are still to run. */
  freshOrderingScope = true;
  /** Profile `letta`: the last tool that executed, valid while `lastToolEpoch` is the batch's. */
  lastTool = -1;
  lastToolEpoch = 0;
  /** Profile `letta`: the last tool response (Letta's `last_function_response`), kept across batches. */
  lastOutput: string | undefined = undefined;
  /**
   * Time of the first event stepped and of the event being stepped (NaN = none yet): number
   * fields, so storing a time allocates nothing. {@link firstTime} and {@link now} read them as
   * optional numbers.
   */
  firstMs = Number.NaN;
  nowMs = Number.NaN;
  get firstTime(): number | undefined {
    return Number.isNaN(this.firstMs) ? undefined : this.firstMs;
  }
  set firstTime(t: number | undefined) {
    this.firstMs = t ?? Number.NaN;
  }
  get now(): number | undefined {
    return Number.isNaN(this.nowMs) ? undefined : this.nowMs;
  }
  set now(t: number | undefined) {
    this.nowMs = t ?? Number.NaN;
  }
  /** Steps to an event at `time` (the first one's time is kept). */
  stepTo(time: number): void {
    // Stored at every step, not in a branch taken only at the first: a branch run before V8 kept
    // feedback for this function had none, so the compiled step was thrown away at the next replay's
    // first event.
    this.firstMs = Number.isNaN(this.firstMs) ? time : this.firstMs;
    this.nowMs = time;
  }
  readonly dedupe: DedupeTable;
  /** How many times {@link restore} ran: state derived from this one (the open exit requirements) rebuilds when it changes. */
  restores = 0;

  constructor(dedupeWindowMs: number, tools: number, groups: number) {
    this.dedupe = new DedupeTable(dedupeWindowMs);
    this.ensureTools(tools);
    this.holdersEpoch = new Uint32Array(groups);
    this.holders = Array.from({ length: groups }, () => []);
  }

  /** Makes room for tool ids below `n` (tools interned after the engine was built). */
  ensureTools(n: number): void {
    if (n <= this.cap) return;
    const cap = Math.max(n, this.cap * 2, 16);
    this.executions = grownF64(this.executions, cap, 0);
    this.executionsEpoch = grownU32(this.executionsEpoch, cap);
    this.lastExecution = grownF64(this.lastExecution, cap, Number.NaN);
    this.grantUntil = grownF64(this.grantUntil, cap, Number.NaN);
    this.calledEpoch = grownU32(this.calledEpoch, cap);
    this.cap = cap;
  }

  /** Executions of tool `t` in this batch. */
  executionsOf(t: number): number {
    return this.executionsEpoch[t] === this.batchEpoch ? (this.executions[t] as number) : 0;
  }

  isCalled(t: number): boolean {
    return this.calledEpoch[t] === this.orderingEpoch;
  }

  /** The tools holding group `g` in this batch (shared: do not mutate). */
  holdersOf(g: number): readonly number[] {
    return this.holdersEpoch[g] === this.batchEpoch ? (this.holders[g] as number[]) : NO_HOLDERS;
  }

  /** Step 10, counts: executions +1 (batch) and the last execution time (persistent). */
  recordExecution(t: number, time: number): void {
    if (this.executionsEpoch[t] !== this.batchEpoch) {
      this.executionsEpoch[t] = this.batchEpoch;
      this.executions[t] = 1;
      this.batchOrder.push(t);
    } else this.executions[t] = (this.executions[t] as number) + 1;
    if (Number.isNaN(this.lastExecution[t] as number)) this.executedOrder.push(t);
    this.lastExecution[t] = time;
  }

  recordGrant(t: number, until: number): void {
    if (Number.isNaN(this.grantUntil[t] as number)) this.grantOrder.push(t);
    this.grantUntil[t] = until;
  }

  /** Step 10 on `ok`: called in the ordering scope. */
  recordCalled(t: number): void {
    this.calledEpoch[t] = this.orderingEpoch;
    this.called.push(t);
  }

  /** Step 10 on `ok`: tool `t` claims group `g` in this batch (listed once, in first-call order). */
  claim(g: number, t: number): void {
    if (this.holdersEpoch[g] !== this.batchEpoch) {
      this.holdersEpoch[g] = this.batchEpoch;
      const list = this.holders[g] as number[];
      list.length = 0;
      list.push(t);
      return;
    }
    const list = this.holders[g] as number[];
    if (!list.includes(t)) list.push(t);
  }

  /** Step 10 of an ExitLoop tool (any outcome): Pattern's engine enters its Cleanup phase. */
  enterCleanup(): void {
    this.cleanupEpoch = this.orderingEpoch;
  }

  /** Profile `letta`: tool `t` executed last in this batch. */
  recordLastTool(t: number): void {
    this.lastTool = t;
    this.lastToolEpoch = this.batchEpoch;
  }

  /** Profile `letta`: the last tool that executed in this batch, or -1. */
  lastToolInBatch(): number {
    return this.lastToolEpoch === this.batchEpoch ? this.lastTool : -1;
  }

  /** In Pattern's Cleanup phase in this ordering scope. */
  get inCleanup(): boolean {
    return this.cleanupEpoch === this.orderingEpoch;
  }

  newBatch(): void {
    this.batchEpoch++;
    this.batchOrder = [];
  }

  newOrderingScope(): void {
    this.orderingEpoch++;
    this.called.clear();
    this.freshOrderingScope = true;
  }

  newProcess(): void {
    this.exited = false;
    this.lastFlow = undefined;
  }

  /** The whole state as plain data; the periodic tracker's arrays are passed in (it owns them). */
  save(periodic: { reference: Float64Array; periods: Float64Array; minDue: number }): ToolStateData {
    return {
      tools: this.cap,
      batchEpoch: this.batchEpoch,
      orderingEpoch: this.orderingEpoch,
      executions: this.executions.slice(),
      executionsEpoch: this.executionsEpoch.slice(),
      lastExecution: this.lastExecution.slice(),
      grantUntil: this.grantUntil.slice(),
      calledEpoch: this.calledEpoch.slice(),
      called: this.called.save(),
      holders: this.holders.map((h) => h.slice()),
      holdersEpoch: this.holdersEpoch.slice(),
      batchOrder: this.batchOrder.slice(),
      executedOrder: this.executedOrder.slice(),
      grantOrder: this.grantOrder.slice(),
      exited: this.exited,
      lastFlow: this.lastFlow,
      cleanupEpoch: this.cleanupEpoch,
      freshOrderingScope: this.freshOrderingScope,
      lastTool: this.lastTool,
      lastToolEpoch: this.lastToolEpoch,
      lastOutput: this.lastOutput,
      firstTime: this.firstTime,
      now: this.now,
      dedupe: this.dedupe.save(),
      periodicReference: periodic.reference.slice(),
      periodicPeriods: periodic.periods.slice(),
      periodicMinDue: periodic.minDue,
    };
  }

  /** Puts back a state {@link save} returned (copied again, so the data can be restored many times). */
  restore(d: ToolStateData): void {
    this.restores++;
    // Same capacity: copy into the arrays in place (the explorer restores once per move).
    if (this.cap !== d.tools) {
      this.cap = 0;
      this.executions = new Float64Array(0);
      this.executionsEpoch = new Uint32Array(0);
      this.lastExecution = new Float64Array(0);
      this.grantUntil = new Float64Array(0);
      this.calledEpoch = new Uint32Array(0);
      this.ensureTools(d.tools);
    }
    this.executions.set(d.executions);
    this.executionsEpoch.set(d.executionsEpoch);
    this.lastExecution.set(d.lastExecution);
    this.grantUntil.set(d.grantUntil);
    this.calledEpoch.set(d.calledEpoch);
    this.batchEpoch = d.batchEpoch;
    this.orderingEpoch = d.orderingEpoch;
    this.called.restore(d.called);
    // Arrays are refilled in place (see DedupeTable.restore: replacing them deoptimises the engine).
    for (let g = 0; g < d.holders.length; g++) refill(this.holders[g] ?? (this.holders[g] = []), d.holders[g] as readonly number[]);
    this.holders.length = d.holders.length;
    if (this.holdersEpoch.length === d.holdersEpoch.length) this.holdersEpoch.set(d.holdersEpoch);
    else this.holdersEpoch = d.holdersEpoch.slice();
    refill(this.batchOrder, d.batchOrder);
    refill(this.executedOrder, d.executedOrder);
    refill(this.grantOrder, d.grantOrder);
    this.exited = d.exited;
    this.lastFlow = d.lastFlow;
    this.cleanupEpoch = d.cleanupEpoch;
    this.freshOrderingScope = d.freshOrderingScope;
    this.lastTool = d.lastTool;
    this.lastToolEpoch = d.lastToolEpoch;
    this.lastOutput = d.lastOutput;
    this.firstTime = d.firstTime;
    this.now = d.now;
    this.dedupe.restore(d.dedupe);
  }
}
