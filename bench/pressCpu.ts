/**
 * Thread CPU time per key press of the Chromium bench, read from a DevTools trace of the stepping:
 * each press is a user timing (`step N shown`, from its key to the State panel), and the page's
 * main thread and its dedicated workers are charged the CPU time (`tdur`) of the tasks they ran
 * inside it. Wall times swing with the machine's load; these say what the page and the worker
 * did for each press.
 */

interface TraceEvent {
  ph: string;
  name: string;
  cat?: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  id?: string;
  id2?: { local?: string };
  args?: { name?: string };
}

export interface PressCpu {
  name: string;
  /** Main-thread CPU from the key to the panel, ms. */
  mainMs: number;
  /** CPU of the page's dedicated workers in the same span, ms. */
  workerMs: number;
}

/** The trace categories the figures need (tasks with their CPU time, user timings). */
export const PRESS_CPU_CATEGORIES = ['toplevel', 'blink.user_timing'];

/** Per press, in order: main-thread and worker CPU inside its `step … shown` measure. */
export function pressCpu(trace: { traceEvents?: TraceEvent[] } | TraceEvent[]): PressCpu[] {
  const events = Array.isArray(trace) ? trace : (trace.traceEvents ?? []);
  const threadName = new Map<string, string>();
  for (const e of events) if (e.ph === 'M' && e.name === 'thread_name') threadName.set(`${e.pid}:${e.tid}`, e.args?.name ?? '');
  const begun = new Map<string, TraceEvent>();
  const measures: { name: string; from: number; to: number }[] = [];
  for (const e of events) {
    if (!e.cat?.includes('blink.user_timing') || !e.name.startsWith('step ')) continue;
    const id = e.id2?.local ?? e.id ?? e.name;
    if (e.ph === 'b') begun.set(id, e);
    else if (e.ph === 'e') {
      const b = begun.get(id);
      if (b) measures.push({ name: e.name, from: b.ts, to: e.ts });
    }
  }
  measures.sort((a, b) => a.from - b.from);
  const tasks = events.filter((e) => e.ph === 'X' && e.name === 'ThreadControllerImpl::RunTask');
  const cpuIn = (thread: (name: string) => boolean, from: number, to: number) =>
    tasks.filter((t) => t.ts >= from && t.ts < to && thread(threadName.get(`${t.pid}:${t.tid}`) ?? '')).reduce((s, t) => s + (t.tdur ?? t.dur ?? 0), 0) / 1000;
  return measures.map((m) => ({
    name: m.name,
    mainMs: cpuIn((n) => n === 'CrRendererMain', m.from, m.to),
    workerMs: cpuIn((n) => n === 'DedicatedWorker thread', m.from, m.to),
  }));
}
