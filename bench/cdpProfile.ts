/**
 * CPU profiles of a page and of its dedicated workers over one phase of a Chromium bench, through
 * the DevTools protocol: the page's own session runs `Profiler`, and each worker is reached by
 * auto-attaching to it (non-flattened, so Playwright's CDP session can talk to it through
 * `Target.sendMessageToTarget`). Each profile is written as a `.cpuprofile` (open it in the
 * DevTools Performance panel or speedscope) and summarised as the functions with most self time.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

type Page = import('@playwright/test').Page;
type CDPSession = import('@playwright/test').CDPSession;

interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number } }[];
  samples: number[];
  timeDeltas: number[];
}

/** One target's self time by function: the top `n`, with the profile's total. */
export function selfTimes(profile: CpuProfile, n = 15): { totalMs: number; top: { ms: number; where: string }[] } {
  const dt = new Map<number, number>();
  profile.samples.forEach((id, i) => dt.set(id, (dt.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const by = new Map<string, number>();
  let total = 0;
  for (const node of profile.nodes) {
    const ms = (dt.get(node.id) ?? 0) / 1000;
    total += ms;
    const f = node.callFrame;
    const file = f.url.split('/').pop() ?? '';
    const key = `${f.functionName || '(anonymous)'} ${file}${file ? `:${f.lineNumber + 1}:${f.columnNumber + 1}` : ''}`;
    by.set(key, (by.get(key) ?? 0) + ms);
  }
  const top = [...by].sort((a, b) => b[1] - a[1]).slice(0, n).map(([where, ms]) => ({ ms, where }));
  return { totalMs: total, top };
}

interface Attached {
  sessionId: string;
  type: string;
  url: string;
}

/** Profiles the page and its workers between `start()` and `stop(label)`. */
export async function createProfiler(page: Page, dir: string) {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  const workers: Attached[] = [];
  let nextId = 1;
  const waiting = new Map<number, (result: unknown) => void>();
  let profiling = false;
  const startWorker = async (sessionId: string) => {
    await toWorker(sessionId, 'Profiler.enable');
    await toWorker(sessionId, 'Profiler.setSamplingInterval', { interval: 200 });
    await toWorker(sessionId, 'Profiler.start');
  };
  cdp.on('Target.attachedToTarget', (e: { sessionId: string; targetInfo: { type: string; url: string } }) => {
    workers.push({ sessionId: e.sessionId, type: e.targetInfo.type, url: e.targetInfo.url });
    // a worker started while profiling (the simulation worker starts with the first run) is profiled from its start
    if (profiling && e.targetInfo.type === 'worker') void startWorker(e.sessionId);
  });
  cdp.on('Target.receivedMessageFromTarget', (e: { message: string }) => {
    const msg = JSON.parse(e.message) as { id?: number; result?: unknown; error?: { message: string } };
    if (msg.id !== undefined) waiting.get(msg.id)?.(msg.error ? { error: msg.error.message } : msg.result);
  });
  cdp.on('Target.detachedFromTarget', (e: { sessionId: string }) => {
    const i = workers.findIndex((w) => w.sessionId === e.sessionId);
    if (i >= 0) workers.splice(i, 1);
  });
  /** A command to a worker; a worker gone meanwhile (the verifier's ends with each check) answers `{ error }`. */
  const toWorker = (sessionId: string, method: string, params: object = {}) =>
    new Promise<unknown>((resolve) => {
      const id = nextId++;
      waiting.set(id, resolve);
      cdp.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method, params }) }).catch((e: unknown) => resolve({ error: String(e) }));
    });
  await cdp.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: false, flatten: false });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });

  return {
    async start(): Promise<void> {
      profiling = true;
      await cdp.send('Profiler.start');
      for (const w of workers.filter((x) => x.type === 'worker')) await startWorker(w.sessionId);
    },
    /** Stops every profile, writes them as `<label>-<target>.cpuprofile` and prints their top self times. */
    async stop(label: string): Promise<void> {
      profiling = false;
      const got: { name: string; profile: CpuProfile }[] = [];
      const page = (await cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile };
      got.push({ name: 'page', profile: page.profile });
      for (const [i, w] of workers.filter((x) => x.type === 'worker').entries()) {
        const r = (await toWorker(w.sessionId, 'Profiler.stop')) as { profile?: CpuProfile };
        if (r.profile) got.push({ name: `worker${i}-${w.url.split('/').pop()?.split('?')[0] ?? ''}`, profile: r.profile });
      }
      for (const { name, profile } of got) {
        writeFileSync(join(dir, `${label}-${name}.cpuprofile`), JSON.stringify(profile));
        const { totalMs, top } = selfTimes(profile);
        console.log(`  profile ${label} / ${name}: ${totalMs.toFixed(0)} ms sampled`);
        for (const t of top) console.log(`    ${t.ms.toFixed(1).padStart(8)} ms  ${t.where}`);
      }
    },
  };
}
