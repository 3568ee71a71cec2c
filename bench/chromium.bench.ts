/**
 * A 1,000,000-event replay in the built app in headless Chromium, end to end, with the page's own
 * work (receiving progress and decisions, the timeline, rendering): the 200-rule benchmark agent
 * is imported through the file chooser, the trace is generated in the page (no big file on disk)
 * and added through the Setup tab's trace input, then Run is clicked. Reported: wall time from the
 * click to `Done`, the longest main-thread task (PerformanceObserver `longtask`) and the longest
 * gap between animation frames during the run, then the time from a key press on the Step slider
 * (step back, Page Down) or a scrub to a random position to the State panel showing that step.
 *
 * Skips with a printed reason when Chromium or the built app is missing (the app is built with
 * `vite build` under the machine-wide e2e lock when `dist/` is older than the sources).
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeAgents } from '../src/core/codecs/write.ts';
import { agent200 } from './engine.bench.ts';
import type { Agent } from '../src/core/model/toolRules.ts';
import { createProfiler } from './cdpProfile.ts';
import { withBuiltApp } from './builtApp.ts';
import { PRESS_CPU_CATEGORIES, pressCpu } from './pressCpu.ts';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** The machine-wide lock of Playwright runs and app builds. */
export const LOCK = '/work/e2e.lock';
/** Chromium's flags for the benchmarks (as playwright.config.ts). */
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

export interface ChromiumFigures {
  events: number;
  /** Wall time from the Run click to the status saying Done. */
  runMs: number;
  status: string;
  /** Longest main-thread task reported by the longtask observer during the run (0 when none ≥ 50 ms). */
  longestTaskMs: number;
  longTasks: number;
  /** Longest gap between two animation frames during the run. */
  longestFrameMs: number;
  frames: number;
  /** From a key press on the Step slider to the State panel showing the step, per press (← and Page Down: a tenth of the run back). */
  stepBackMs: number[];
  pageJumpMs: number[];
  /** From a scrub (the slider's input event) to a random position to the State panel showing it. */
  scrubMs: number[];
  /**
   * Thread CPU per press (see `pressCpu.ts`): the page's main thread and the worker, from the key
   * to the State panel. Absent when the trace did not give one measure per press.
   */
  pressCpuMs?: Record<'stepBack' | 'pageJump' | 'scrub', { mainMs: number[]; workerMs: number[] }>;
  /** The page's JS heap after the run (performance.memory), MB. */
  heapMb?: number;
}

export type ChromiumBench = { skipped: string } | ChromiumFigures;

/** The newest modification time under a directory (ms). */
function newest(dir: string): number {
  let t = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

/** Builds the app when `dist/` is missing or older than the sources; returns a reason when it cannot. */
export function ensureBuilt(): string | undefined {
  const index = join(ROOT, 'dist/index.html');
  if (existsSync(index) && process.env.CHROMIUM_BENCH_BUILD === 'never') return undefined;
  if (existsSync(index) && statSync(index).mtimeMs >= Math.max(newest(join(ROOT, 'src')), statSync(join(ROOT, 'index.html')).mtimeMs)) return undefined;
  console.log('  building the app (vite build, under the e2e lock)…');
  try {
    const vite = join(ROOT, 'node_modules/.bin/vite');
    if (existsSync(LOCK)) execFileSync('flock', [LOCK, 'nice', vite, 'build', '--logLevel', 'error'], { cwd: ROOT, stdio: 'inherit' });
    else execFileSync('nice', [vite, 'build', '--logLevel', 'error'], { cwd: ROOT, stdio: 'inherit' });
  } catch (e) {
    return `the app could not be built (${e instanceof Error ? e.message.split('\n')[0] : String(e)})`;
  }
  return existsSync(index) ? undefined : 'vite build left no dist/index.html';
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s[Math.floor(s.length / 2)] as number) : NaN;
};
export { median };

export async function benchChromium(events = Number(process.env.CHROMIUM_BENCH_EVENTS ?? 1_000_000)): Promise<ChromiumBench> {
  if (!existsSync(CHROMIUM)) return { skipped: `no Chromium at ${CHROMIUM} (apt-get install -y chromium, or set CHROMIUM_PATH)` };
  // CHROMIUM_BENCH_OUTDIR=<dir>: a build of one's own (e.g. `vite build --minify false --outDir <dir>`
  // for readable profiles), served as it is
  const outDir = process.env.CHROMIUM_BENCH_OUTDIR;
  const why = outDir ? undefined : ensureBuilt();
  if (why) return { skipped: why };
  return withBuiltApp({ extraArgs: ['--enable-precise-memory-info'], ...(outDir ? { outDir } : {}) }, (page, url, browser) => measure(page, url, events, browser));
}

type Page = import('@playwright/test').Page;

/**
 * The engine bench's 200-rule agent as a file the studio will run: two of its exclusive groups
 * pair a tool with the one it must follow (T003, an error: the later tool can never be called),
 * so their second member is moved one tool on. Still 200 rules of every kind.
 */
export function runnableAgent200(): Agent {
  const agent = agent200();
  const follows = new Set(agent.rules.filter((r) => r.rule_type.type === 'RequiresPrecedingTools').map((r) => `${r.conditions[0]}>${r.tool_name}`));
  const rules = agent.rules.map((r) => {
    if (r.rule_type.type !== 'ExclusiveGroups') return r;
    const groups = r.rule_type.value.map(([a, b, ...rest]) => (follows.has(`${a}>${b}`) ? [a, `tool_${Number(String(b).slice(5)) + 1}`, ...rest] : [a, b, ...rest]));
    return { ...r, rule_type: { ...r.rule_type, value: groups as string[][] } };
  });
  return { ...agent, rules };
}

const TRACE_CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'disabled-by-default-devtools.timeline.frame', 'blink.user_timing', 'v8.execute', 'toplevel'];

/** Phase notes on stderr with CHROMIUM_BENCH_VERBOSE=1 (where a slow or stuck run spends its time). */
const note = (what: string) => {
  if (process.env.CHROMIUM_BENCH_VERBOSE) console.error(`  [${new Date().toISOString().slice(11, 19)}] ${what}`);
};

async function measure(page: Page, url: string, events: number, browser: import('@playwright/test').Browser): Promise<ChromiumFigures> {
  const sim = page.getByRole('region', { name: 'Simulation', exact: true });
  await page.goto(url);
  // CHROMIUM_BENCH_PROFILE=<dir>: CPU profiles of the page and the worker over the run and over the stepping
  const profileDir = process.env.CHROMIUM_BENCH_PROFILE;
  const profiler = profileDir ? await createProfiler(page, profileDir) : undefined;
  const agentToml = writeAgents([runnableAgent200()], 'toml').text;
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Import', exact: true }).first().click();
  await (await chooser).setFiles({ name: 'bench200.toml', mimeType: 'text/plain', buffer: Buffer.from(agentToml) });
  // The verifier checks an imported agent in its own worker; the replay is measured once it is done
  // (on two cores it would otherwise share the CPU with the run).
  const verifying = page.locator('.problems-panel .verify-cancel');
  const verifyStart = Date.now();
  await verifying.waitFor({ state: 'attached', timeout: 5_000 }).catch(() => undefined);
  await verifying.waitFor({ state: 'detached', timeout: 300_000 });
  note(`verifier idle after ${((Date.now() - verifyStart) / 1000).toFixed(1)} s`);
  await page.getByRole('group', { name: 'Mode' }).getByRole('button', { name: 'Simulate' }).click();
  await sim.getByRole('tab', { name: /^Setup/ }).click();

  // The trace: the engine bench's distribution (100 tools, a batch marker every 5,000 events),
  // generated in the page and handed to the trace input as a File. CHROMIUM_BENCH_COMMANDS=1: each
  // call also carries a `command` argument, which the timeline's rows show (`tool_7(cargo test 42)`).
  const commands = process.env.CHROMIUM_BENCH_COMMANDS === '1';
  await page.evaluate(([n, withCommands]) => {
    let a = 7;
    const rnd = () => {
      a = (a + 0x6d2b79f5) >>> 0;
      let t = a;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
    let time = Date.UTC(2025, 0, 1);
    const lines: string[] = [];
    for (let i = 0; i < n; i++) {
      time += 1 + Math.floor(rnd() * 20);
      const iso = new Date(time).toISOString();
      if (i % 5000 === 0) lines.push(`{"type":"batch_start","time":"${iso}"}`);
      else lines.push(`{"type":"tool_call","time":"${iso}","tool":"tool_${Math.floor(rnd() * 100)}","args":{"operation":"${rnd() < 0.9 ? 'read' : 'delete'}","n":${i}${withCommands ? `,"command":"cargo test --package shop_${i % 97} -- --nocapture ${i}"` : ''}}}`);
    }
    const input = document.querySelector('input[aria-label="Trace files"]') as HTMLInputElement;
    const dt = new DataTransfer();
    dt.items.add(new File([lines.join('\n')], 'million.jsonl', { type: 'application/jsonl' }));
    input.files = dt.files;
    input.dispatchEvent(new Event('change', { bubbles: true }));
  }, [events, commands] as const);
  note('trace generated');
  await sim.getByRole('checkbox', { name: 'million.jsonl' }).waitFor({ timeout: 120_000 });
  note('trace in the project');
  await page.locator('html[data-autosave="saved"]').waitFor({ state: 'attached', timeout: 120_000 });
  note('autosaved');
  const run = sim.getByRole('button', { name: 'Run', exact: true });
  // the Run button by its name: the bar's first buttons are the Agent and Workflow selects
  await page.waitForFunction(() => ![...document.querySelectorAll<HTMLButtonElement>('.sim-runbar button')].find((el) => el.textContent?.trim() === 'Run')?.disabled, undefined, { timeout: 60_000 });

  await page.evaluate(() => {
    const b = { running: false, t0: 0, tEnd: 0, tasks: [] as number[], frames: [] as number[] };
    (window as unknown as { __bench: typeof b }).__bench = b;
    new PerformanceObserver((list) => {
      if (b.running) for (const e of list.getEntries()) b.tasks.push(e.duration);
    }).observe({ type: 'longtask' });
    let last = performance.now();
    const frame = (now: number) => {
      if (b.running) b.frames.push(now - last);
      last = now;
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
    const status = () => document.querySelector('.sim-status')?.textContent ?? '';
    new MutationObserver(() => {
      if (b.running && /^(Done|Cancelled|Stopped|The run failed|Not run:)/.test(status())) {
        b.tEnd = performance.now();
        b.running = false;
      }
    }).observe(document.body, { subtree: true, characterData: true, childList: true });
    const runButton = [...document.querySelectorAll<HTMLButtonElement>('.sim-runbar button')].find((el) => el.textContent?.trim() === 'Run');
    runButton?.addEventListener(
      'click',
      () => {
        b.t0 = performance.now();
        b.running = true;
      },
      { capture: true },
    );
  });
  await profiler?.start();
  // CHROMIUM_BENCH_TRACE=<prefix>: DevTools performance traces of the run and of the stepping,
  // <prefix>-run.json and <prefix>-steps.json (open them in the Performance panel)
  const traceFile = process.env.CHROMIUM_BENCH_TRACE;
  if (traceFile) await browser.startTracing(page, { path: `${traceFile}-run.json`, categories: TRACE_CATEGORIES });
  await run.click();
  note('Run clicked');
  await page.waitForFunction(() => !(window as unknown as { __bench: { running: boolean } }).__bench.running, undefined, { timeout: 600_000, polling: 250 });
  const during = await page.evaluate(() => {
    const b = (window as unknown as { __bench: { t0: number; tEnd: number; tasks: number[]; frames: number[] } }).__bench;
    const mem = (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory;
    return {
      runMs: b.tEnd - b.t0,
      status: [document.querySelector('.sim-status')?.textContent ?? '', document.querySelector('.sim-runbar [role="alert"]')?.textContent ?? ''].filter(Boolean).join(' — '),
      longestTaskMs: Math.max(0, ...b.tasks),
      longTasks: b.tasks.length,
      longestFrameMs: Math.max(0, ...b.frames),
      frames: b.frames.length,
      ...(mem ? { heapMb: mem.usedJSHeapSize / 1048576 } : {}),
    };
  });

  note(`run ended: ${during.status}`);
  if (traceFile) await browser.stopTracing();
  await profiler?.stop('run');
  if (!during.status.startsWith('Done')) return { events, ...during, stepBackMs: [], pageJumpMs: [], scrubMs: [] };
  // Stepping: the State panel's heading says `after step N` (1-based) once the worker answered.
  await page.evaluate(() => {
    const w = window as unknown as { __shown: (step: number, t0: number) => Promise<number> };
    w.__shown = (step, t0) =>
      new Promise((resolve) => {
        const text = `after step ${step + 1}`;
        const heading = () => document.querySelector('section[aria-label="State"] h3')?.textContent ?? '';
        const done = () =>
          requestAnimationFrame(() => {
            // in a trace (CHROMIUM_BENCH_TRACE) each press shows as a user timing from its key to the panel
            performance.measure(`step ${step + 1} shown`, { start: t0, end: performance.now() });
            resolve(performance.now() - t0);
          });
        if (heading().endsWith(text)) return done();
        const mo = new MutationObserver(() => {
          if (heading().endsWith(text)) {
            mo.disconnect();
            done();
          }
        });
        // never shown within 30 s: reported as NaN rather than hanging the bench
        setTimeout(() => {
          mo.disconnect();
          resolve(NaN);
        }, 30_000);
        mo.observe(document.body, { subtree: true, characterData: true, childList: true });
      });
  });
  const slider = sim.getByRole('slider', { name: 'Step' });
  /** Sets the slider as a scrub does (its input event) and times it to the State panel. */
  const scrubTo = (step: number) =>
    page.evaluate((s) => {
      const input = document.querySelector('input[aria-label="Step"]') as HTMLInputElement;
      const t0 = performance.now();
      const shown = (window as unknown as { __shown: (step: number, t0: number) => Promise<number> }).__shown(s, t0);
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, String(s));
      input.dispatchEvent(new Event('input', { bubbles: true }));
      return shown;
    }, step);
  /**
   * Presses a key on the focused slider; times the press (its keydown timestamp) to the State panel
   * showing the step it lands on. A key that leaves the slider where it was (Page Up at the end: a
   * range input's Page Up moves towards its maximum) fires no input event: that is the bench's
   * mistake, so it throws instead of waiting for an answer that cannot come.
   */
  const press = async (key: string): Promise<number> => {
    await page.evaluate(() => {
      const input = document.querySelector('input[aria-label="Step"]') as HTMLInputElement;
      const w = window as unknown as { __press?: Promise<number>; __keyAt?: number; __before?: string; __shown: (step: number, t0: number) => Promise<number> };
      w.__press = undefined;
      w.__before = input.value;
      input.addEventListener('keydown', (e) => (w.__keyAt = e.timeStamp), { once: true });
      input.addEventListener('input', () => (w.__press = w.__shown(Number(input.value), w.__keyAt ?? performance.now())), { once: true });
    });
    await page.keyboard.press(key);
    // the input event fires within the key's default action, before press() returns
    const answer = await page.evaluate(async () => {
      const w = window as unknown as { __press?: Promise<number>; __before?: string };
      if (!w.__press) return { unmoved: (document.querySelector('input[aria-label="Step"]') as HTMLInputElement).value === w.__before, ms: NaN };
      return { unmoved: false, ms: await w.__press };
    });
    if (answer.unmoved) throw new Error(`${key} did not move the Step slider`);
    return answer.ms;
  };
  await scrubTo(events - 1);
  await profiler?.start();
  // The stepping is always traced, lightly (tasks and user timings), for each press's thread CPU.
  await browser.startTracing(page, traceFile ? { path: `${traceFile}-steps.json`, categories: TRACE_CATEGORIES } : { categories: PRESS_CPU_CATEGORIES });
  await slider.focus();
  const stepBackMs: number[] = [];
  for (let i = 0; i < 5; i++) stepBackMs.push(await press('ArrowLeft'));
  const pageJumpMs: number[] = [];
  // a range input's Page Down moves a tenth of its range towards the minimum (Page Up, towards the end)
  for (let i = 0; i < 3; i++) pageJumpMs.push(await press('PageDown'));
  let seed = 3;
  const scrubMs: number[] = [];
  for (let i = 0; i < 21; i++) {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    scrubMs.push(await scrubTo(Math.floor((seed / 2147483648) * events)));
  }
  await profiler?.stop('steps');
  const cpu = pressCpu(JSON.parse((await browser.stopTracing()).toString('utf8')) as Parameters<typeof pressCpu>[0]);
  const cpuOf = (from: number, to: number) => ({ mainMs: cpu.slice(from, to).map((c) => c.mainMs), workerMs: cpu.slice(from, to).map((c) => c.workerMs) });
  // presses in the order made: 5 steps back, 3 Page Downs, 21 scrubs
  const pressCpuMs = cpu.length === 29 ? { stepBack: cpuOf(0, 5), pageJump: cpuOf(5, 8), scrub: cpuOf(8, 29) } : undefined;
  return { events, ...during, stepBackMs, pageJumpMs, scrubMs, ...(pressCpuMs ? { pressCpuMs } : {}) };
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(await benchChromium(Number(process.argv[2] ?? 1_000_000)));
