/**
 * Canonical events → a scripted trace (`traces.md` §2): `start` is the first event's time and each
 * step's `after` the gap since the one before, so reading the text back gives the same events.
 * Used to open a minimised trace (or a counterexample) in the simulator's trace editor.
 */
import { formatIso } from '../time.ts';
import type { TraceEvent } from './events.ts';

/** A gap in ms as a scripted duration: `0`, `500ms`, `5s`, `1m30s`, `2h0m1s250ms` (exact). */
export function scriptedDuration(ms: number): string {
  if (ms === 0) return '0s';
  let rest = ms;
  let out = '';
  for (const [unit, size] of [
    ['h', 3_600_000],
    ['m', 60_000],
    ['s', 1000],
  ] as const) {
    const n = Math.floor(rest / size);
    if (n > 0) out += `${n}${unit}`;
    rest -= n * size;
  }
  if (rest > 0) out += `${rest}ms`;
  return out;
}

/** A step's action key and value, and its modifiers (defaults left out). */
function actionOf(e: TraceEvent): [string, unknown, Record<string, unknown>] {
  const mods: Record<string, unknown> = {};
  const add = (k: string, v: unknown) => {
    if (v !== undefined) mods[k] = v;
  };
  switch (e.type) {
    case 'tool_call':
      if (Object.keys(e.args).length > 0) mods.args = e.args;
      if (e.outcome !== 'ok') mods.outcome = e.outcome;
      add('consent', e.consent);
      if (e.duration_ms > 0) mods.duration_ms = e.duration_ms;
      add('tokens', e.tokens);
      add('id', e.id);
      return ['call', e.tool, mods];
    case 'command':
      if (e.tool !== 'Bash') mods.tool = e.tool;
      return ['bash', e.command, mods];
    case 'file_edit':
      if (e.tool !== 'Edit') mods.tool = e.tool;
      return ['edit', e.path, mods];
    case 'tokens': {
      const { type: _t, time: _time, utcOffset: _offset, ...usage } = e;
      return ['tokens', usage, mods];
    }
    case 'next':
      add('force', e.force);
      add('to', e.to);
      return ['next', e.claims, mods];
    case 'continue':
    case 'repeat':
      return [e.type, true, mods];
    case 'process_start':
      return ['heartbeat', true, mods];
    case 'batch_start':
      return ['batch', true, mods];
    case 'model_end':
      add('tokens', e.tokens);
      return ['end', true, mods];
    case 'workflow_start':
      return ['workflow_start', e.node ?? true, mods];
    case 'commit':
      add('message', e.message);
      return ['commit', e.hash, mods];
  }
}

/** One step: the action, then `after` (when the clock moves), then the modifiers. */
function stepOf(e: TraceEvent, after: number): Record<string, unknown> {
  const [key, value, mods] = actionOf(e);
  return { [key]: value, ...(after > 0 ? { after: scriptedDuration(after) } : {}), ...mods };
}

/**
 * Times below this are a trace without a clock of its own (a verifier's counterexample counts from
 * 0): its scripted text says no `start` (it reads back from 0) rather than a 1970 date.
 */
export const CLOCKLESS_BEFORE_MS = 366 * 24 * 3600 * 1000;

/** The scripted trace of `events` as plain data: `{ start, steps }` (no `start` for a clockless trace). */
export function scriptedTraceOf(events: readonly TraceEvent[]): { start?: string; steps: Record<string, unknown>[] } {
  const first = events[0]?.time ?? 0;
  // clockless: from 0, the first step's own offset kept as its `after`
  const start = first < CLOCKLESS_BEFORE_MS ? 0 : first;
  let clock = start;
  const steps = events.map((e) => {
    const s = stepOf(e, e.time - clock);
    clock = e.time;
    return s;
  });
  return { ...(first < CLOCKLESS_BEFORE_MS ? {} : { start: formatIso(start) }), steps };
}

/** Plain scalars that read back as the same string (no quotes needed, not a boolean or null). */
const PLAIN = /^[A-Za-z_][A-Za-z0-9_./-]*$/;
/** Durations as `scriptedDuration` writes them (`1m30s500ms`): strings to YAML, never numbers. */
const DURATION = /^(?:\d+(?:ms|h|m|s))+$/;
const RESERVED = new Set(['true', 'false', 'null', 'yes', 'no', 'on', 'off', 'y', 'n']);

/**
 * A value as one line of flow YAML: plain words where they read back as the same string, JSON
 * double-quoted strings otherwise (every JSON escape is a YAML one), JSON numbers. Written by hand:
 * the YAML library's document builder took seconds for a 15,000-step trace.
 */
export function flowValue(v: unknown): string {
  if (typeof v === 'string') return (PLAIN.test(v) && !RESERVED.has(v.toLowerCase())) || DURATION.test(v) ? v : JSON.stringify(v);
  if (typeof v === 'number' || typeof v === 'boolean' || v === null) return JSON.stringify(v);
  if (Array.isArray(v)) return v.length === 0 ? '[]' : `[ ${v.map(flowValue).join(', ')} ]`;
  if (typeof v === 'object') {
    const entries = Object.entries(v as Record<string, unknown>).filter(([, x]) => x !== undefined);
    return entries.length === 0 ? '{}' : `{ ${entries.map(([k, x]) => `${flowValue(k)}: ${flowValue(x)}`).join(', ')} }`;
  }
  return 'null';
}

/**
 * The scripted trace of `events` as YAML text, one flow mapping per step (`- { call: a, after:
 * 5s }`), with `comment` (one or more lines) at the top.
 */
export function scriptedTraceText(events: readonly TraceEvent[], comment?: string): string {
  const { start, steps } = scriptedTraceOf(events);
  const head = comment === undefined ? '' : `${comment.split('\n').map((l) => `# ${l}`.trimEnd()).join('\n')}\n\n`;
  const body = steps.length === 0 ? 'steps: []\n' : `steps:\n${steps.map((s) => `  - ${flowValue(s)}\n`).join('')}`;
  return `${head}${start !== undefined ? `start: ${start}\n` : ''}${body}`;
}
