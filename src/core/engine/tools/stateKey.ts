/**
 * The canonical key of the tool engine's state: two engines of the same agent and settings whose
 * keys are equal decide every future event alike (same kinds, tools, codes, rules, flows and
 * pending lists), provided the events come at the same offsets from each engine's last event.
 * Messages are left out of that promise: they print the whole call history (PrerequisitesNotMet),
 * the current count past a limit and the remaining cooldown, none of which any check reads.
 *
 * What the key holds, each part only where a rule can read it:
 * - flow: exited, the ordering scope still fresh (auto start to run), Pattern's Cleanup phase;
 * - the tools called in the ordering scope, as a set;
 * - executions per tool in the batch, capped at the tool's lowest MaxCalls (only tools with one);
 * - the holders of every exclusive group in the batch, as sets;
 * - per tool with a Cooldown, the time since its last execution, capped at its longest Cooldown;
 * - per tool with RequiresConsent, what is left of a standing grant;
 * - profile `letta`: the step's last tool, whether anything ran, counts capped at the highest
 *   max_count_per_step of each tool, and the last tool response;
 * - optionally the dedupe cache's live calls with their ages, and when each Periodic rule next
 *   falls due relative to now (the explorer drops both: see `docs/verify.md`).
 *
 * Times are relative to the last event, so the key does not grow with the trace.
 */
import { canonicalJson } from './dedupeKey.ts';
import type { KeyTable } from '../keyTable.ts';
import { KeyLabels, KeyWriter, sortSmall } from '../keyWriter.ts';
import type { PeriodicTracker } from './periodic.ts';
import type { ToolState } from './state.ts';
import type { ToolTable } from './toolTable.ts';

/** Which optional parts the key holds (both by default, so equal keys promise equal futures). */
export interface StateKeyOptions {
  /** The dedupe cache's live calls (default true). */
  dedupe?: boolean;
  /** When each Periodic rule next falls due (default true). */
  periodic?: boolean;
}

export interface StateKeyInput {
  table: ToolTable;
  state: ToolState;
  periodic: PeriodicTracker;
  /**
   * Profile `letta`: per tool name the highest count a rule compares with (max_count_per_step);
   * other tools count only as run or not. Its presence adds the step's history (last tool, whether
   * anything ran, the counts) and the last tool response, which Letta's solver reads.
   */
  lettaCaps?: ReadonlyMap<string, number>;
}

const sortedJoin = (names: string[]): string => names.sort().join(',');

/** What the key reads about one tool, computed once per tool id. */
interface ToolKeyInfo {
  /** The name as JSON (no separator inside can collide). */
  quoted: string;
  /** Lowest MaxCalls limit; NaN = none. */
  cap: number;
  /** Longest Cooldown; 0 = none. */
  longest: number;
  consent: boolean;
}

/**
 * Builds keys for one engine; per-tool facts are cached by tool id (tools met later are added as
 * the table grows), so a key costs one pass over the tools and groups with no rule lookups.
 */
export class StateKeyBuilder {
  private readonly info: ToolKeyInfo[] = [];
  /** The strings {@link idIn}'s keys meet (tool outputs, dedupe arguments), numbered for this engine. */
  private readonly labels = new KeyLabels();
  private readonly writer = new KeyWriter();
  /** Scratch lists of tool ids for {@link idIn} (reused: keys are made one at a time). */
  private readonly ids: number[] = [];

  constructor(private readonly input: StateKeyInput) {}

  private infoOf(id: number): ToolKeyInfo {
    let i = this.info[id];
    if (!i) {
      const tool = this.input.table.tool(id);
      const rules = tool.rules;
      let cap = Number.NaN;
      for (const r of rules.maxCalls) cap = Number.isNaN(cap) ? r.value : Math.min(cap, r.value);
      let longest = 0;
      for (const r of rules.cooldowns) longest = Math.max(longest, r.value);
      i = { quoted: JSON.stringify(tool.name), cap, longest, consent: rules.consent !== undefined };
      this.info[id] = i;
    }
    return i;
  }

  /** The key of the engine's state now (see the module comment). */
  key(options: StateKeyOptions = {}): string {
    const { table, state, periodic } = this.input;
    const now = state.now;
    let key = `x${state.exited ? 1 : 0}f${state.freshOrderingScope ? 1 : 0}c${state.inCleanup ? 1 : 0}n${now === undefined ? 0 : 1}`;
    const called: string[] = [];
    const counts: string[] = [];
    const timers: string[] = [];
    for (let id = 0; id < table.size; id++) {
      const info = this.infoOf(id);
      if (state.isCalled(id)) called.push(info.quoted);
      if (!Number.isNaN(info.cap)) {
        const n = Math.min(state.executionsOf(id), info.cap);
        if (n > 0) counts.push(`${info.quoted}=${n}`);
      }
      if (now === undefined) continue;
      if (info.longest > 0) {
        const last = state.lastExecution[id] as number;
        if (!Number.isNaN(last) && now - last < info.longest) timers.push(`${info.quoted}@${now - last}`);
      }
      if (info.consent) {
        const until = state.grantUntil[id] as number;
        if (now < until) timers.push(`${info.quoted}+${until === Number.POSITIVE_INFINITY ? 'end' : until - now}`);
      }
    }
    key += `|called[${sortedJoin(called)}]|counts[${counts.sort().join(',')}]|timers[${timers.sort().join(',')}]|groups[`;
    for (const g of table.groups) {
      const holders = state.holdersOf(g.id);
      if (holders.length > 0) key += `${g.id}:${sortedJoin(holders.map((h) => this.infoOf(h).quoted))};`;
    }
    key += ']';
    const caps = this.input.lettaCaps;
    if (caps) {
      const last = state.lastToolInBatch();
      key += `|letta[${last < 0 ? '-' : this.infoOf(last).quoted}:${state.batchOrder.length > 0 ? 1 : 0}:${JSON.stringify(state.lastOutput ?? null)}:`;
      for (const id of [...state.batchOrder].sort((a, b) => a - b)) {
        const name = table.nameOf(id);
        key += `${this.infoOf(id).quoted}=${Math.min(state.executionsOf(id), caps.get(name) ?? 1)},`;
      }
      key += ']';
    }
    if (options.dedupe !== false && now !== undefined) {
      const live: string[] = [];
      state.dedupe.forEachLive(now, (toolId, args, time) => {
        const { request_heartbeat: _ignored, ...rest } = args;
        live.push(`${this.infoOf(toolId).quoted}${canonicalJson(rest)}@${now - time}`);
      });
      key += `|dedupe[${live.sort().join(',')}]`;
    }
    if (options.periodic !== false && state.firstTime !== undefined && now !== undefined && table.periodic.length > 0) {
      const due = periodic.nextDue(state.firstTime, state.lastExecution).map((p) => p.dueAt - now);
      key += `|periodic[${due.join(',')}]`;
    }
    return key;
  }

  /**
   * The id in `table` of the state's {@link key}, written as code units instead of a string: the
   * same partition of states for one engine (tools by id rather than by name, strings by their
   * number in this builder's labels), so a search that keys every move builds no string. Ids
   * from one builder only: another engine numbers its tools and strings its own way.
   */
  idIn(table: KeyTable, options: StateKeyOptions = {}): number {
    const { table: tools, state, periodic } = this.input;
    const w = this.writer.begin(this.labels);
    const ids = this.ids;
    const now = state.now;
    w.unit(state.exited ? 1 : 0);
    w.unit(state.freshOrderingScope ? 1 : 0);
    w.unit(state.inCleanup ? 1 : 0);
    w.unit(now === undefined ? 0 : 1);
    // Called tools, as a set: their number, then their ids ascending (found in id order).
    let n = 0;
    for (let id = 0; id < tools.size; id++) if (state.isCalled(id)) ids[n++] = id;
    w.num(n);
    for (let k = 0; k < n; k++) w.num(ids[k] as number);
    // Capped counts, then timers: tool by tool in id order, each entry marked with its kind; 0 ends them.
    for (let id = 0; id < tools.size; id++) {
      const info = this.infoOf(id);
      if (!Number.isNaN(info.cap)) {
        const count = Math.min(state.executionsOf(id), info.cap);
        if (count > 0) {
          w.unit(1);
          w.num(id);
          w.num(count);
        }
      }
      if (now === undefined) continue;
      if (info.longest > 0) {
        const last = state.lastExecution[id] as number;
        if (!Number.isNaN(last) && now - last < info.longest) {
          w.unit(2);
          w.num(id);
          w.num(now - last);
        }
      }
      if (info.consent) {
        const until = state.grantUntil[id] as number;
        if (now < until) {
          w.unit(3);
          w.num(id);
          w.num(until === Number.POSITIVE_INFINITY ? -1 : until - now);
        }
      }
    }
    w.unit(0);
    // Groups with holders: the group's id, its holders' number, their ids ascending; 0 ends them.
    for (const g of tools.groups) {
      const holders = state.holdersOf(g.id);
      if (holders.length === 0) continue;
      for (let k = 0; k < holders.length; k++) ids[k] = holders[k] as number;
      sortSmall(ids, holders.length);
      w.num(g.id + 1);
      w.num(holders.length);
      for (let k = 0; k < holders.length; k++) w.num(ids[k] as number);
    }
    w.unit(0);
    const caps = this.input.lettaCaps;
    if (caps) {
      const last = state.lastToolInBatch();
      w.num(last + 1);
      w.unit(state.batchOrder.length > 0 ? 1 : 0);
      w.num(state.lastOutput === undefined ? 0 : w.label(state.lastOutput) + 1);
      const order = state.batchOrder;
      for (let k = 0; k < order.length; k++) ids[k] = order[k] as number;
      sortSmall(ids, order.length);
      w.num(order.length);
      for (let k = 0; k < order.length; k++) {
        const id = ids[k] as number;
        w.num(id);
        w.num(Math.min(state.executionsOf(id), caps.get(tools.nameOf(id)) ?? 1));
      }
    }
    if (options.dedupe !== false && now !== undefined) {
      const live: [number, number, number][] = [];
      state.dedupe.forEachLive(now, (toolId, args, time) => {
        const { request_heartbeat: _ignored, ...rest } = args;
        live.push([toolId, w.label(canonicalJson(rest)), now - time]);
      });
      live.sort((a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2]);
      w.unit(1);
      w.num(live.length);
      for (const [tool, args, age] of live) {
        w.num(tool);
        w.num(args);
        w.num(age);
      }
    } else w.unit(0);
    if (options.periodic !== false && state.firstTime !== undefined && now !== undefined && tools.periodic.length > 0) {
      const due = periodic.nextDue(state.firstTime, state.lastExecution);
      w.unit(1);
      w.num(due.length);
      for (const p of due) w.num(p.dueAt - now);
    } else w.unit(0);
    return w.idIn(table);
  }
}
