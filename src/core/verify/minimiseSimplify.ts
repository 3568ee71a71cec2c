/**
 * One-step simplifications of a trace event, simplest first, for the minimiser's argument phase:
 * drop every argument, drop one argument (at any depth), zero a number, clear a flag, and remove
 * the optional fields a call or event may carry (consent, tokens, id, duration, an error outcome,
 * claims, force, a landing, a start node, a commit message). Strings are never rewritten: a key
 * that does not matter is dropped whole, and one that does keeps its recorded value, which is
 * what a reader of the minimised trace needs to see.
 */
import type { Json } from '../model/toolRules.ts';
import type { TraceEvent } from '../traces/events.ts';
import { append } from '../model/append.ts';

type JsonObject = { [key: string]: Json };
const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Copies of `value` each simpler by one thing (a member dropped, a number zeroed, a flag cleared), at any depth. */
function simplerJson(value: Json): Json[] {
  const out: Json[] = [];
  if (typeof value === 'number' && value !== 0) out.push(0);
  else if (value === true) out.push(false);
  else if (Array.isArray(value)) {
    if (value.length > 1) out.push([]);
    value.forEach((_, i) => out.push(value.filter((__, j) => j !== i)));
    value.forEach((v, i) => {
      for (const s of simplerJson(v)) out.push(value.map((w, j) => (j === i ? s : w)));
    });
  } else if (isObject(value)) {
    const keys = Object.keys(value);
    if (keys.length > 1) out.push({});
    for (const k of keys) {
      const { [k]: _dropped, ...rest } = value;
      out.push(rest);
    }
    for (const k of keys) for (const s of simplerJson(value[k] as Json)) out.push({ ...value, [k]: s });
  }
  return out;
}

/** `e` without the optional key `k`, when it has it. */
function without<E extends TraceEvent>(e: E, k: string): E[] {
  if (!(k in e) || (e as Record<string, unknown>)[k] === undefined) return [];
  const { [k]: _dropped, ...rest } = e as Record<string, unknown>;
  return [rest as E];
}

/**
 * Every event one step simpler than `e` (same type and time), simplest first. Each result is a
 * strictly smaller event (fewer keys, members or non-zero numbers), so repeating until none is
 * accepted ends.
 */
export function simplerEvents(e: TraceEvent): TraceEvent[] {
  switch (e.type) {
    case 'tool_call': {
      const out: TraceEvent[] = simplerJson(e.args).map((args) => ({ ...e, args: args as JsonObject }));
      if (e.outcome === 'error') out.push({ ...e, outcome: 'ok' });
      if (e.duration_ms > 0) out.push({ ...e, duration_ms: 0 });
      append(out, [...without(e, 'consent'), ...without(e, 'tokens'), ...without(e, 'id'), ...without(e, 'activity_recorded')]);
      return out;
    }
    case 'next': {
      const out: TraceEvent[] = (simplerJson(e.claims) as string[][]).map((claims) => ({ ...e, claims }));
      append(out, [...without(e, 'force'), ...without(e, 'to')]);
      return out;
    }
    case 'tokens': {
      const out: TraceEvent[] = [];
      if (e.input !== 0) out.push({ ...e, input: 0 });
      if (e.output !== 0) out.push({ ...e, output: 0 });
      append(out, [...without(e, 'cache_read'), ...without(e, 'cache_creation')]);
      return out;
    }
    case 'model_end':
      return without(e, 'tokens');
    case 'workflow_start':
      return without(e, 'node');
    case 'commit':
      return without(e, 'message');
    default:
      return [];
  }
}

const UNITS = [3_600_000, 60_000, 1_000] as const;

/**
 * Simpler values for a gap between two events (ms), simplest first: none at all, the gap rounded
 * down to a whole hour, minute and second (coarsest first), then rounded up to a whole second.
 * Values equal to the gap, or repeated, are left out. The minimiser takes the first that keeps the
 * target, once per gap, so a gap never grows by more than the second it is rounded up to.
 */
export function simplerGaps(gap: number): number[] {
  const out: number[] = [];
  const add = (g: number) => {
    if (g >= 0 && g !== gap && !out.includes(g)) out.push(g);
  };
  add(0);
  for (const unit of UNITS) add(Math.floor(gap / unit) * unit);
  add(Math.ceil(gap / 1000) * 1000);
  return out;
}
