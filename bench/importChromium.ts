/**
 * A 30,000-rule agent file (`test/support/bigAgent.ts`) dropped on the built app in headless
 * Chromium, as `e2e/big-file.spec.ts` drops it: the wall time from the drop until the import is in
 * the project and drawn (the progress card gone, the graph's first node and the Problems count
 * shown, the page settled), and the page's long tasks meanwhile (PerformanceObserver `longtask`).
 *
 * With `PROFILE=1` (or `node --import tsx bench/importProfile.ts`) it also records a Chromium
 * performance trace (timeline + CPU profile) of the drop, writes it to
 * `test-results/import-profile.json` (open it in DevTools' Performance panel) and prints, per long
 * task, the trace events under it and the functions with the most self and inclusive time. The
 * profiling build is not minified (`dist-profile/`), so function names are readable.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { bigAgentToml } from '../test/support/bigAgent.ts';
import { longTasksSince, quiet, recordLongTasks } from '../test/support/longTasks.ts';
import { longTasksOfTrace, type TaskReport } from './traceTasks.ts';
import { CHROMIUM, ensureBuilt, LOCK, ROOT } from './chromium.bench.ts';
import { withBuiltApp } from './builtApp.ts';

export interface ImportChromiumFigures {
  rules: number;
  /** From the drop to the import being in the project and drawn (ms, wall time). */
  importMs: number;
  longestTaskMs: number;
  /** Every long task from the drop until settled: start after the drop + duration (ms). */
  tasks: { start: number; duration: number }[];
  /** Then, from the click on "Open in the editor" until the editor shows the text (ms), and the longest task meanwhile (unless left out). */
  openEditorMs?: number;
  openEditorLongestTaskMs?: number;
  /** With profiling: what each long task did. */
  profile?: TaskReport[];
}

export type ImportChromiumBench = { skipped: string } | ImportChromiumFigures;

/** The unminified build the profile reads (rebuilt unless `PROFILE_BUILD=never`). */
function buildForProfile(): string | undefined {
  const out = join(ROOT, 'dist-profile');
  if (existsSync(join(out, 'index.html')) && process.env.PROFILE_BUILD === 'never') return undefined;
  console.log('  building the app unminified into dist-profile/ (under the e2e lock)…');
  const vite = join(ROOT, 'node_modules/.bin/vite');
  const args = [vite, 'build', '--minify', 'false', '--outDir', 'dist-profile', '--emptyOutDir', '--logLevel', 'error'];
  try {
    // Under `flock /work/e2e.lock env E2E_LOCK_HELD=1 …` the lock is held already.
    if (existsSync(LOCK) && !process.env.E2E_LOCK_HELD) execFileSync('flock', [LOCK, 'nice', ...args], { cwd: ROOT, stdio: 'inherit' });
    else execFileSync('nice', args, { cwd: ROOT, stdio: 'inherit' });
  } catch (e) {
    return `the app could not be built (${e instanceof Error ? e.message.split('\n')[0] : String(e)})`;
  }
  return undefined;
}

/** `editor: false` leaves out opening the text in the editor afterwards. */
export async function benchImportChromium(rules = 30_000, profile = process.env.PROFILE === '1', { editor = true }: { editor?: boolean } = {}): Promise<ImportChromiumBench> {
  if (!existsSync(CHROMIUM)) return { skipped: `no Chromium at ${CHROMIUM} (apt-get install -y chromium, or set CHROMIUM_PATH)` };
  // IMPORT_BENCH_OUTDIR=<dir>: a build of one's own, served as it is (two builds compared in turns).
  const own = process.env.IMPORT_BENCH_OUTDIR;
  const why = own ? undefined : profile ? buildForProfile() : ensureBuilt();
  if (why) return { skipped: why };
  return withBuiltApp({ outDir: own ?? (profile ? 'dist-profile' : 'dist') }, async (page, url, browser) => {
    await recordLongTasks(page);
    // The bottom panel (Source and Problems) open, as for a user who once opened it: the studio
    // starts with it folded, and the bench reads both.
    await page.addInitScript(`localStorage.setItem('rule-studio:workspace', ${JSON.stringify(JSON.stringify({ mode: 'design', collapsed: { 'sim-explorer': true, bottom: false } }))})`);
    await page.goto(url);
    await page.locator('section[aria-label="Source"] .monaco-editor, section[aria-label="Source"] .pane-empty').first().waitFor({ timeout: 120_000 });
    await page.evaluate(`window.__bigFile = new File([(${bigAgentToml.toString()})(${rules})], 'big.toml', { type: 'application/toml' })`);
    await quiet(page);
    if (profile) {
      await browser.startTracing(page, {
        categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink.user_timing', 'v8.execute', 'disabled-by-default-v8.cpu_profiler', 'disabled-by-default-v8.gc', 'toplevel'],
      });
    }
    const since = await page.evaluate(() => {
      performance.mark('bench-drop');
      const t = performance.now();
      const data = new DataTransfer();
      data.items.add((window as unknown as { __bigFile: File }).__bigFile);
      window.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
      return t;
    });
    const imported = await settled(page);
    let reports: TaskReport[] | undefined;
    if (profile) {
      const buffer = await browser.stopTracing();
      mkdirSync(join(ROOT, 'test-results'), { recursive: true });
      writeFileSync(join(ROOT, 'test-results/import-profile.json'), buffer);
      reports = longTasksOfTrace(JSON.parse(buffer.toString('utf8')) as Parameters<typeof longTasksOfTrace>[0], 'bench-drop');
    }
    const tasks = (await longTasksSince(page, since)).map((e) => ({ start: e.start - since, duration: e.duration }));
    const figures = { rules, importMs: imported - since, longestTaskMs: Math.max(0, ...tasks.map((t) => t.duration)), tasks, ...(reports ? { profile: reports } : {}) };
    if (!editor) return figures;
    // Then the user opens the text in the editor: how long until it shows, and its longest task.
    const openedAt = await page.evaluate(() => performance.now());
    await page.locator('section[aria-label="Source"]').getByRole('button', { name: 'Open in the editor' }).click();
    await page.locator('section[aria-label="Source"] .monaco-editor .view-lines').waitFor({ timeout: 180_000 });
    const editorShown = await page.evaluate(() => performance.now());
    await quiet(page);
    const openTasks = (await longTasksSince(page, openedAt)).map((e) => e.duration);
    return { ...figures, openEditorMs: editorShown - openedAt, openEditorLongestTaskMs: Math.max(0, ...openTasks) };
  });
}

type Page = import('@playwright/test').Page;

/**
 * Waits until the import is in the project and drawn, then for the page to settle (two seconds
 * without a long task); returns when it was drawn (page time, ms).
 */
async function settled(page: Page): Promise<number> {
  await page.getByText('Imported big.toml.').waitFor({ timeout: 180_000 });
  await page.locator('section[aria-label="Graph"] .react-flow__node').first().waitFor({ timeout: 120_000 });
  await page.locator('section[aria-label="Problems"]').getByText(/\d+ errors, \d+ warnings/).first().waitFor({ timeout: 120_000 });
  const drawn = await page.evaluate(() => performance.now());
  // A big text waits for the user to open it in the editor (see src/app/editor/bigSource.ts).
  await page.locator('section[aria-label="Source"]').getByRole('button', { name: 'Open in the editor' }).waitFor({ timeout: 120_000 });
  await quiet(page);
  return drawn;
}

/** Prints what each long task did. */
export function printProfile(reports: readonly TaskReport[]): void {
  const f = (n: number) => n.toFixed(0);
  for (const r of reports) {
    console.log(`\n  task at +${f(r.startMs)} ms, ${f(r.durationMs)} ms`);
    console.log(`    events: ${r.events.map(([n, ms]) => `${n} ${f(ms)}`).join(', ')}`);
    console.log(`    self:   ${r.functions.map(([n, ms]) => `${n} ${f(ms)}`).join('; ')}`);
    console.log(`    incl.:  ${r.inclusive.map(([n, ms]) => `${n} ${f(ms)}`).join('; ')}`);
  }
}
