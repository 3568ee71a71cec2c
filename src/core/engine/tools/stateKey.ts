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
 * - optionally the dedupe cache's live calls with their ages, and when each Periodic rule next
 *   falls due relative to now (the explorer drops both: see `docs/verify.md`).
 *
 * Times are relative to the last event, so the key does not grow with the trace.
 */
import { canonicalJson } from './dedupeKey.ts';
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
}

const sortedJoin = (names: string[]): string => names.sort().map((n) => JSON.stringify(n)).join(',');

/** The key of the engine's state (see the module comment). Cost: O(tools + groups + live dedupe entries). */
export function toolStateKey({ table, state, periodic }: StateKeyInput, options: StateKeyOptions = {}): string {
  const now = state.now;
  const parts: string[] = [`x${state.exited ? 1 : 0}f${state.freshOrderingScope ? 1 : 0}c${state.inCleanup ? 1 : 0}n${now === undefined ? 0 : 1}`];
  const called: string[] = [];
  const counts: string[] = [];
  const timers: string[] = [];
  for (let id = 0; id < table.size; id++) {
    const tool = table.tool(id);
    if (state.isCalled(id)) called.push(tool.name);
    const rules = tool.rules;
    if (rules.maxCalls.length > 0) {
      let cap = Number.POSITIVE_INFINITY;
      for (const r of rules.maxCalls) cap = Math.min(cap, r.value);
      const n = Math.min(state.executionsOf(id), cap);
      if (n > 0) counts.push(`${JSON.stringify(tool.name)}=${n}`);
    }
    if (rules.cooldowns.length > 0 && now !== undefined) {
      const last = state.lastExecution[id] as number;
      if (!Number.isNaN(last)) {
        let longest = 0;
        for (const r of rules.cooldowns) longest = Math.max(longest, r.value);
        const age = now - last;
        if (age < longest) timers.push(`${JSON.stringify(tool.name)}@${age}`);
      }
    }
    if (rules.consent && now !== undefined) {
      const until = state.grantUntil[id] as number;
      if (now < until) timers.push(`${JSON.stringify(tool.name)}+${until === Number.POSITIVE_INFINITY ? 'end' : until - now}`);
    }
  }
  parts.push(`called[${sortedJoin(called)}]`, `counts[${counts.sort().join(',')}]`, `timers[${timers.sort().join(',')}]`);
  const groups: string[] = [];
  for (const g of table.groups) {
    const holders = state.holdersOf(g.id);
    if (holders.length > 0) groups.push(`${g.id}:${sortedJoin(holders.map((h) => table.nameOf(h)))}`);
  }
  parts.push(`groups[${groups.join(';')}]`);
  if (options.dedupe !== false && now !== undefined) {
    const live: string[] = [];
    state.dedupe.forEachLive(now, (toolId, args, time) => {
      const { request_heartbeat: _ignored, ...rest } = args;
      live.push(`${JSON.stringify(table.nameOf(toolId))}${canonicalJson(rest)}@${now - time}`);
    });
    parts.push(`dedupe[${live.sort().join(',')}]`);
  }
  if (options.periodic !== false && state.firstTime !== undefined && now !== undefined && table.periodic.length > 0) {
    const due = periodic.nextDue(state.firstTime, state.lastExecution).map((p) => p.dueAt - now);
    parts.push(`periodic[${due.join(',')}]`);
  }
  return parts.join('|');
}
