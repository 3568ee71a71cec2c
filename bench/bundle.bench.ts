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

/** Builds the app (vite build) into a temporary folder and measures its first load. */
export function benchBundle(): BundleFigure {
  const dir = mkdtempSync(join(tmpdir(), 'rule-studio-bundle-'));
  try {
    const build = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--outDir', dir, '--emptyOutDir'], { encoding: 'utf8' });
    if (build.status !== 0) throw new Error(`building the app failed: ${build.stderr}`);
    return firstLoad(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = process.argv[2] ? firstLoad(process.argv[2]) : benchBundle();
  for (const f of [...r.files].sort((a, b) => b.gzipKb - a.gzipKb)) console.log(`${f.gzipKb.toFixed(1).padStart(7)} kB gzip ${f.rawKb.toFixed(1).padStart(8)} kB  ${f.file}`);
  console.log(`first load: ${r.gzipKb.toFixed(1)} kB gzip (${r.rawKb.toFixed(1)} kB raw); budget ${FIRST_LOAD_BUDGET_KB} kB: ${r.withinBudget ? 'met' : 'MISSED'}`);
}
