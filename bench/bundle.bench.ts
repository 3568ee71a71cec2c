/**
 * First-load budget (issue 28): the JavaScript the built page loads before it is interactive — the
 * entry script of `index.html` and every module it preloads (Vite lists each static import of
 * the entry as `modulepreload`; lazy chunks and workers are not among them) — gzip-compressed,
 * against the budget of 250 kB. Builds the app into a temporary folder first (or reads `dir`).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** First-load JS budget, kB of gzip. */
export const FIRST_LOAD_BUDGET_KB = 250;
/** Interactive budget of the empty project in Chromium, ms from navigation. */
export const INTERACTIVE_BUDGET_MS = 500;

/** The empty project opened in Chromium, a cold cache each time. */
export interface InteractiveFigure {
  /** First contentful paint, ms from navigation start. */
  fcpMs: number;
  /** When the empty canvas's "New agent" button was first in the page, ms from navigation start. */
  shownMs: number;
  /**
   * Interactive: the later of the button shown and the end of the last main-thread task of 50 ms
   * or more in the first 5 s (Lighthouse's time to interactive, without its network condition).
   */
  interactiveMs: number;
  /** The main-thread tasks of 50 ms or more in the first 5 s: start+duration, ms. */
  longTasks: { start: number; duration: number }[];
}

export interface BundleFigure {
  /** The files loaded first, with their sizes in kB (raw and gzip). */
  files: { file: string; rawKb: number; gzipKb: number }[];
  rawKb: number;
  gzipKb: number;
  withinBudget: boolean;
}

/** The first-load files of a built app in `dir` (its `index.html`). */
export function firstLoad(dir: string): BundleFigure {
  const html = readFileSync(join(dir, 'index.html'), 'utf8');
  const paths = new Set<string>();
  for (const m of html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g)) paths.add(m[1] as string);
  for (const m of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)) paths.add(m[1] as string);
  const files = [...paths].map((p) => {
    const bytes = readFileSync(join(dir, p.replace(/^\//, '')));
    return { file: p, rawKb: bytes.length / 1024, gzipKb: gzipSync(bytes, { level: 9 }).length / 1024 };
  });
  const gzipKb = files.reduce((s, f) => s + f.gzipKb, 0);
  return { files, rawKb: files.reduce((s, f) => s + f.rawKb, 0), gzipKb, withinBudget: gzipKb <= FIRST_LOAD_BUDGET_KB };
}

// Installed before the page's scripts: long tasks, and when the empty canvas's first button shows.
const PROBE = `(() => {
  const w = window;
  w.__longTasks = [];
  try {
    new PerformanceObserver((l) => { for (const e of l.getEntries()) w.__longTasks.push({ start: e.startTime, duration: e.duration }); }).observe({ type: 'longtask', buffered: true });
  } catch {}
  const look = () => {
    const b = [...document.querySelectorAll('button')].find((x) => x.textContent && x.textContent.includes('New agent'));
    if (b) { w.__shown = performance.now(); return; }
    requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
})();`;

/** Opens the built app in `dir` in Chromium `runs` times (each a new context: a cold cache) and measures when the empty project is interactive. */
export async function benchInteractive(dir: string, runs = 5): Promise<InteractiveFigure[] | { skipped: string }> {
  const { withBuiltApp } = await import('./builtApp.ts');
  return withBuiltApp({ outDir: dir }, async (_page, url, browser) => {
    const out: InteractiveFigure[] = [];
    for (let i = 0; i < runs; i++) {
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, serviceWorkers: 'block' });
      const page = await context.newPage();
      await page.addInitScript('globalThis.__name = (f) => f;');
      await page.addInitScript(PROBE);
      await page.goto(url);
      await page.getByRole('button', { name: 'New agent' }).first().waitFor();
      await page.waitForTimeout(5000); // long tasks until 5 s after navigation are counted
      const r = await page.evaluate(() => {
        const w = window as unknown as { __longTasks: { start: number; duration: number }[]; __shown: number };
        const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN;
        return { fcp, shown: w.__shown, tasks: w.__longTasks.filter((t) => t.start < 5000) };
      });
      const lastEnd = Math.max(0, ...r.tasks.map((t) => t.start + t.duration));
      out.push({ fcpMs: r.fcp, shownMs: r.shown, interactiveMs: Math.max(r.shown, lastEnd), longTasks: r.tasks });
      await context.close();
    }
    return out;
  });
}

/** Builds the app (vite build) into a temporary folder and measures its first load (and, with `interactive`, when the empty project is interactive in Chromium). */
export async function benchBundle(interactive = false): Promise<BundleFigure & { interactive?: InteractiveFigure[] | { skipped: string } }> {
  const dir = mkdtempSync(join(tmpdir(), 'rule-studio-bundle-'));
  try {
    const build = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--outDir', dir, '--emptyOutDir'], { encoding: 'utf8' });
    if (build.status !== 0) throw new Error(`building the app failed: ${build.stderr}`);
    const figure = firstLoad(dir);
    return interactive ? { ...figure, interactive: await benchInteractive(dir) } : figure;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const medianOf = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

/** The interactive figures in one line, with the budget. */
export function describeInteractive(r: InteractiveFigure[]): string {
  const f = (x: number) => x.toFixed(0);
  const tti = r.map((x) => x.interactiveMs);
  return `interactive (the empty project, cold cache, median of ${r.length}) ${f(medianOf(tti))} ms (target < ${INTERACTIVE_BUDGET_MS} ms; runs ${tti.map(f).join(', ')}): ${medianOf(tti) < INTERACTIVE_BUDGET_MS ? 'met' : 'MISSED'}; first contentful paint ${f(medianOf(r.map((x) => x.fcpMs)))} ms; "New agent" shown ${f(medianOf(r.map((x) => x.shownMs)))} ms; long tasks ${r.map((x) => `[${x.longTasks.map((t) => `${f(t.start)}+${f(t.duration)}`).join(', ')}]`).join(' ')}`;
}

// `npx tsx bench/bundle.bench.ts [dir] [--interactive]`: exits 1 when the first load is past its budget.
if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const dir = args.find((a) => !a.startsWith('--'));
  const interactive = args.includes('--interactive');
  const r = dir ? { ...firstLoad(dir), interactive: interactive ? await benchInteractive(dir) : undefined } : await benchBundle(interactive);
  for (const f of [...r.files].sort((a, b) => b.gzipKb - a.gzipKb)) console.log(`${f.gzipKb.toFixed(1).padStart(7)} kB gzip ${f.rawKb.toFixed(1).padStart(8)} kB  ${f.file}`);
  console.log(`first load: ${r.gzipKb.toFixed(1)} kB gzip (${r.rawKb.toFixed(1)} kB raw); budget ${FIRST_LOAD_BUDGET_KB} kB: ${r.withinBudget ? 'met' : 'MISSED'}`);
  if (r.interactive) console.log('skipped' in r.interactive ? `interactive: skipped (${r.interactive.skipped})` : describeInteractive(r.interactive));
  if (!r.withinBudget) {
    console.error(`FIRST-LOAD BUDGET MISSED: ${r.gzipKb.toFixed(1)} kB gzip > ${FIRST_LOAD_BUDGET_KB} kB`);
    process.exitCode = 1;
  }
}
