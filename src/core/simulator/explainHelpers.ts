/** Small helpers shared by the explanation builders: wording, durations and state lookups. */
import { settingsFor, type ReplaySettings } from '../engine/settings.ts';
import type { ToolEngineSnapshot } from '../engine/tools/types.ts';
import { rustDurationDebug } from '../engine/tools/messages.ts';
import { parseTime } from '../time.ts';
import type { ExplainContext } from './explainTypes.ts';

/** A name in backticks. */
export const code = (s: string): string => '`' + s + '`';

/** Names in backticks joined with `, `, or `none`. */
export const codeList = (names: readonly string[]): string => (names.length > 0 ? names.map(code).join(', ') : 'none');

/** A duration as the engine's messages write it (Rust's Duration debug: `4.5s`, `450ms`). */
export const duration = (ms: number): string => rustDurationDebug(ms);

/** Epoch ms of a decision's ISO time (0 if unreadable, which a decision's time never is). */
export function timeOf(iso: string): number {
  const t = parseTime(iso);
  return t.ok ? t.ms : 0;
}

/** The settings of the replay, defaults filled, the profile the agent's file's own when none was chosen (bad input falls back to the defaults). */
export function settingsOf(ctx: ExplainContext): ReplaySettings {
  try {
    return settingsFor(ctx.settings, ctx.agent);
  } catch {
    return settingsFor({}, ctx.agent);
  }
}

/** The tool engine's state, when the context has one. */
export const toolState = (ctx: ExplainContext): ToolEngineSnapshot | undefined => ctx.state?.tools;

/** `batch` or `process`: the ordering scope the called-tools history lives in. */
export function scopeWord(ctx: ExplainContext): string {
  return toolState(ctx)?.orderingScope ?? settingsOf(ctx).orderingScope;
}

/** `3 times`, `1 time`. */
export const times = (n: number): string => `${n} ${n === 1 ? 'time' : 'times'}`;
