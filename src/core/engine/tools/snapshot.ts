/**
 * The state inspector's view of the engine (calls vs limits, cooldown timers, group claims, called
 * tools, pending start and exit tools, consent grants, periodic timers, flow). Built on demand, so
 * it may scan the state; the step function never does.
 */
import type { ReplaySettings } from '../settings.ts';
import { pendingExitTools } from './lifecycle.ts';
import type { PeriodicTracker } from './periodic.ts';
import type { RuleIndex } from './ruleIndex.ts';
import type { EngineState } from './state.ts';
import type { ToolEngineSnapshot } from './types.ts';

export interface SnapshotInput {
  index: RuleIndex;
  state: EngineState;
  settings: ReplaySettings;
  periodic: PeriodicTracker;
  /** Time of the first and of the last event stepped (undefined before the first). */
  firstTime: number | undefined;
  now: number | undefined;
}

const minOrNull = (values: number[]) => (values.length > 0 ? Math.min(...values) : null);

/** Builds the plain-data snapshot of the engine's state. */
export function buildSnapshot({ index, state, settings, periodic, firstTime, now }: SnapshotInput): ToolEngineSnapshot {
  const { persistent, batch, ordering, process } = state;
  const clock = now ?? 0;
  const limited = index.declared.filter((t) => index.forTool(t).maxCalls.length > 0);
  const callTools = [...new Set([...limited, ...batch.executions.keys()])];
  const cooldowns: ToolEngineSnapshot['cooldowns'] = [];
  for (const [tool, last] of persistent.lastExecution) {
    const rules = index.forTool(tool).cooldowns;
    if (rules.length === 0) continue;
    const cooldownMs = Math.max(...rules.map((r) => r.value));
    cooldowns.push({ tool, lastExecution: last, cooldownMs, remainingMs: Math.max(0, cooldownMs - (clock - last)) });
  }
  return {
    time: now ?? null,
    orderingScope: settings.orderingScope,
    exited: process.exited,
    lastFlow: process.lastFlow ?? null,
    calls: callTools.map((tool) => ({
      tool,
      executions: batch.executions.get(tool) ?? 0,
      limit: minOrNull(index.forTool(tool).maxCalls.map((r) => r.value)),
    })),
    cooldowns,
    groupClaims: index.allGroups().map((g) => ({ group: [...g.group], rule: g.rule, holders: [...(batch.claims.get(g.key) ?? [])] })),
    called: [...ordering.calledList],
    pendingStart: index.startRules.filter((s) => !ordering.called.has(s.tool)).map((s) => s.tool),
    pendingExit: pendingExitTools(index, ordering),
    consentGrants: [...persistent.grants].map(([tool, until]) => ({
      tool,
      until: Number.isFinite(until) ? until : null,
      active: clock < until,
    })),
    periodic: firstTime === undefined ? [] : periodic.nextDue(firstTime, persistent.lastExecution),
    dedupeEntries: persistent.dedupe.size,
  };
}
