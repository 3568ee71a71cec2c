/**
 * Reads a Chromium performance trace (the JSON `browser.startTracing` writes, with the
 * `devtools.timeline`, `blink.user_timing` and `disabled-by-default-v8.cpu_profiler` categories)
 * and says what each long task of the page's main thread was doing: the trace events directly
 * under the task (script, GC, style, layout, paint …) and the JavaScript functions with the most
 * self time in it (from the CPU profile's samples). Used by `bench/importProfile.ts`.
 */

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  id?: string;
  args?: { name?: string; data?: Record<string, unknown> };
}

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}

export interface TaskReport {
  /** ms after the `since` mark. */
  startMs: number;
  durationMs: number;
  /** Self time of the trace events under the task, by name (ms), longest first. */
  events: [string, number][];
  /** Self time of JavaScript functions (name file:line, ms), longest first. */
  functions: [string, number][];
  /** Functions with the most inclusive time (ms), longest first: the outer ones say which work it was. */
  inclusive: [string, number][];
}

const shortUrl = (url = '') => url.replace(/^.*\/(assets|src|node_modules)\//, '$1/').replace(/\?.*$/, '');
const frameName = (f: CallFrame) => `${f.functionName || '(anonymous)'} ${shortUrl(f.url)}:${f.lineNumber + 1}`;

function top(map: Map<string, number>, n: number): [string, number][] {
  return [...map.entries()].sort((a, b) => b[1] - a[1]).slice(0, n);
}

/**
 * The long tasks (≥ `minMs`) of the renderer's main thread that end after the user timing mark
 * `since`, each with what it spent its time on.
 */
export function longTasksOfTrace(trace: { traceEvents: TraceEvent[] } | TraceEvent[], since: string, minMs = 50): TaskReport[] {
  const events = Array.isArray(trace) ? trace : trace.traceEvents;
  const mains = new Set(events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
  const mark = events.find((e) => e.name === since && e.cat.includes('user_timing'));
  if (!mark) throw new Error(`the trace has no user timing mark “${since}”`);
  const main = `${mark.pid}:${mark.tid}`;
  if (!mains.has(main)) throw new Error('the mark is not on a renderer main thread');
  const onMain = events.filter((e) => `${e.pid}:${e.tid}` === main && e.ph === 'X' && e.dur !== undefined).sort((a, b) => a.ts - b.ts);
  const tasks = onMain.filter((e) => e.name === 'RunTask' && (e.dur ?? 0) >= minMs * 1000 && e.ts + (e.dur ?? 0) >= mark.ts);

  // The CPU profile of the main thread: nodes and samples arrive in chunks.
  const profile = events.find((e) => e.name === 'Profile' && `${e.pid}:${e.tid}` === main);
  const nodes = new Map<number, { frame: CallFrame; parent?: number }>();
  const samples: { ts: number; node: number }[] = [];
  if (profile) {
    let ts = Number((profile.args?.data as { startTime?: number } | undefined)?.startTime ?? 0);
    for (const c of events.filter((e) => e.name === 'ProfileChunk' && e.id === profile.id && e.pid === profile.pid)) {
      const data = c.args?.data as { cpuProfile?: { nodes?: { id: number; callFrame: CallFrame; parent?: number }[]; samples?: number[] }; timeDeltas?: number[] };
      for (const n of data.cpuProfile?.nodes ?? []) nodes.set(n.id, { frame: n.callFrame, parent: n.parent });
      const s = data.cpuProfile?.samples ?? [];
      const d = data.timeDeltas ?? [];
      for (let i = 0; i < s.length; i++) {
        ts += d[i] ?? 0;
        samples.push({ ts, node: s[i]! });
      }
    }
    samples.sort((a, b) => a.ts - b.ts);
  }

  return tasks.map((task) => {
    const end = task.ts + (task.dur ?? 0);
    // Self time of each trace event under the task (its duration less its children's), by name.
    const byEvent = new Map<string, number>();
    const inside = onMain.filter((e) => e !== task && e.ts >= task.ts && e.ts < end).sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
    const stack: { e: TraceEvent; self: number }[] = [];
    const pop = () => {
      const top = stack.pop()!;
      byEvent.set(top.e.name, (byEvent.get(top.e.name) ?? 0) + top.self / 1000);
    };
    for (const e of inside) {
      while (stack.length > 0 && e.ts >= stack.at(-1)!.e.ts + (stack.at(-1)!.e.dur ?? 0)) pop();
      if (stack.length > 0) stack.at(-1)!.self -= e.dur ?? 0;
      stack.push({ e, self: e.dur ?? 0 });
    }
    while (stack.length > 0) pop();
    const self = new Map<string, number>();
    const app = new Map<string, number>();
    const inTask = samples.filter((s) => s.ts >= task.ts && s.ts < end);
    for (let i = 0; i < inTask.length; i++) {
      const s = inTask[i]!;
      const next = inTask[i + 1]?.ts ?? end;
      const ms = Math.min(next - s.ts, 10_000) / 1000;
      const n = nodes.get(s.node);
      if (!n) continue;
      const name = frameName(n.frame);
      self.set(name, (self.get(name) ?? 0) + ms);
      const seen = new Set<string>();
      for (let p: number | undefined = s.node; p !== undefined; p = nodes.get(p)?.parent) {
        const f = nodes.get(p)?.frame;
        if (!f || seen.has(frameName(f))) continue;
        seen.add(frameName(f));
        app.set(frameName(f), (app.get(frameName(f)) ?? 0) + ms);
      }
    }
    return { startMs: (task.ts - mark.ts) / 1000, durationMs: (task.dur ?? 0) / 1000, events: top(byEvent, 7), functions: top(self, 8), inclusive: top(app, 14) };
  });
}
