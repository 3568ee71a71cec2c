/**
 * The state inspector's view of the engine (calls vs limits, cooldown timers, group claims, called
 * tools, pending start and exit tools, consent grants, periodic timers, flow). Built on demand, so
 * it may scan the state; the step function never does.
 */
import type { ReplaySettings } from '../settings.ts';
import { WILDCARD_ID } from './policy.ts';
import type { PeriodicTracker } from './periodic.ts';
import type { ToolState } from './state.ts';
import type { ToolTable } from './toolTable.ts';
import type { ToolEngineSnapshot } from './types.ts';

export interface SnapshotInput {
  table: ToolTable;
  state: ToolState;
  settings: ReplaySettings;
  periodic: PeriodicTracker;
  /** The profile's pending exit requirements (tool ids, rule order). */
  pendingExit: () => readonly number[];
}

const minOrNull = (values: number[]) => (values.length > 0 ? Math.min(...values) : null);

/** Builds the plain-data snapshot of the engine's state. */
export function buildSnapshot({ table, state, settings, periodic, pendingExit }: SnapshotInput): ToolEngineSnapshot {
  const { index } = table;
  const { firstTime, now } = state;
  const clock = now ?? 0;
  const name = (id: number) => table.nameOf(id);
  const limited = index.declared.filter((t) => index.forTool(t).maxCalls.length > 0);
  const callTools = [...new Set([...limited, ...state.batchOrder.map(name)])];
  const cooldowns: ToolEngineSnapshot['cooldowns'] = [];
  for (const id of state.executedOrder) {
    const tool = name(id);
    const rules = index.forTool(tool).cooldowns;
    if (rules.length === 0) continue;
    const last = state.lastExecution[id] as number;
    const cooldownMs = Math.max(...rules.map((r) => r.value));
    cooldowns.push({ tool, lastExecution: last, cooldownMs, remainingMs: Math.max(0, cooldownMs - (clock - last)) });
  }
  return {
    time: now ?? null,
    orderingScope: settings.orderingScope,
    exited: state.exited,
    lastFlow: state.lastFlow ?? null,
    calls: callTools.map((tool) => {
      const id = table.idOf(tool);
      return {
        tool,
        executions: id === undefined ? 0 : state.executionsOf(id),
        limit: minOrNull(index.forTool(tool).maxCalls.map((r) => r.value)),
      };
    }),
    cooldowns,
    groupClaims: table.groups.map((g) => ({ group: [...g.group], rule: g.rule, holders: state.holdersOf(g.id).map(name) })),
    called: state.called.toArray().map(name),
    pendingStart: table.startRules.filter((s) => !state.isCalled(s.toolId)).map((s) => s.tool),
    pendingExit: pendingExit().map((id) => (id === WILDCARD_ID ? '*' : name(id))),
    consentGrants: state.grantOrder.map((id) => {
      const until = state.grantUntil[id] as number;
      return { tool: name(id), until: Number.isFinite(until) ? until : null, active: clock < until };
    }),
    periodic: firstTime === undefined ? [] : periodic.nextDue(firstTime, state.lastExecution),
    dedupeEntries: state.dedupe.size,
  };
}
