/** Test helpers for the tool engine: hand-built agents and events, and a replay loop. */
import { expect } from 'vitest';
import { Agent, type ToolRule } from '../../src/core/model/toolRules.ts';
import type { DecisionBody } from '../../src/core/engine/decisions.ts';
import { resolveSettings, type ReplaySettingsInput } from '../../src/core/engine/settings.ts';
import { createToolEngine, type ToolEngine } from '../../src/core/engine/tools/index.ts';
import { runNaiveTools } from '../reference/naiveTools.ts';
import { TraceEvent } from '../../src/core/traces/events.ts';
import { parseTime } from '../../src/core/time.ts';

export type Decided = DecisionBody & { event: number };

/** Epoch ms of an RFC 3339 time (throws on a bad one). */
export function at(iso: string): number {
  const t = parseTime(iso);
  if (!t.ok) throw new Error(t.message);
  return t.ms;
}

/** 2025-01-01T10:00:00Z plus `seconds`. */
export const T = (seconds: number): number => at('2025-01-01T10:00:00Z') + Math.round(seconds * 1000);

type RuleInput = Omit<ToolRule, 'conditions' | 'priority'> & { conditions?: string[]; priority?: number };

/** An agent from rules (and optionally declared tool names or declarations). */
export function agent(rules: RuleInput[], tools: (string | { name: string; operation_field?: string })[] = []): Agent {
  return Agent.parse({ name: 'test', tools: tools.map((t) => (typeof t === 'string' ? { name: t } : t)), rules });
}

/** A parsed event (defaults applied); `time` in seconds after T(0) unless given as ms via `ms`. */
export function ev(type: TraceEvent['type'], seconds: number, fields: Record<string, unknown> = {}): TraceEvent {
  return TraceEvent.parse({ type, time: T(seconds), ...fields });
}

/** A tool_call event at T(seconds). */
export function call(tool: string, seconds: number, fields: Record<string, unknown> = {}): TraceEvent {
  return ev('tool_call', seconds, { tool, ...fields });
}

/** Events from canonical JSONL text (as in the conformance cases). */
export function parseJsonl(text: string): TraceEvent[] {
  return text
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => {
      const raw = JSON.parse(l) as Record<string, unknown>;
      return TraceEvent.parse({ ...raw, time: at(String(raw.time)) });
    });
}

/** Replays events through a fresh engine; decisions carry their event index. */
export function replay(a: Agent, events: TraceEvent[], settings: ReplaySettingsInput = {}): Decided[] {
  return replayWith(createToolEngine(a, resolveSettings(settings)), events);
}

/** Replays events through a given engine. */
export function replayWith(engine: ToolEngine, events: TraceEvent[]): Decided[] {
  const out: Decided[] = [];
  events.forEach((e, i) => {
    for (const d of engine.step(e).decisions) out.push({ event: i, ...d });
  });
  return out;
}

/** Decisions of one kind, without their event index. */
export const kinds = (ds: Decided[]) => ds.map((d) => d.kind);

/** Steps a fresh engine through `events`: each step's decisions and executed flag equal the naive reference's. */
export function expectSameAsNaive(a: Agent, settings: ReturnType<typeof resolveSettings>, events: TraceEvent[]): void {
  const naive = runNaiveTools(a, settings, events);
  const engine = createToolEngine(a, settings);
  events.forEach((e, i) => {
    const step = engine.step(e);
    expect({ i, decisions: step.decisions }).toEqual({ i, decisions: naive.decisions[i] });
    expect(step.executed).toBe(naive.executed[i]);
  });
}
