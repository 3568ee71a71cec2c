#!/usr/bin/env node
// The `rule-studio` command. Runs the bundled CLI (`dist-cli/rule-studio.cjs`, built by `prepare`
// on `npm ci` / `npm pack`, or by `npm run build:cli`). In a checkout whose CLI or core sources
// are newer than the bundle, it runs the sources through tsx instead, so the command never runs
// stale code.
//
// The bundle is compiled with V8's code cache, kept per user in `$XDG_CACHE_HOME/rule-studio`
// (`~/.cache/rule-studio`; `RULE_STUDIO_CACHE_DIR` overrides it, `RULE_STUDIO_CACHE_DIR=off` turns
// it off): the first run writes it, later runs skip parsing and compiling the bundle. A cache that
// is missing, unreadable or made by another Node version is simply rebuilt.
//
// A worker process of `report` / `simulate --corpus` (forked with this script and
// RULE_STUDIO_CORPUS_WORKER=1) runs the corpus worker bundle (`dist-cli/corpus-worker.cjs`: the
// replay path alone, about half the CLI bundle), with its own code cache, written at its exit.
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Script } from 'node:vm';

const built = fileURLToPath(new URL('../dist-cli/rule-studio.cjs', import.meta.url));
const workerBundle = fileURLToPath(new URL('../dist-cli/corpus-worker.cjs', import.meta.url));
/** Started by the corpus pool (`src/cli/corpus/pool.ts`) to replay sessions. */
const corpusWorker = process.env.RULE_STUDIO_CORPUS_WORKER === '1' && typeof process.send === 'function';
const sources = ['../src/cli', '../src/core'].map((p) => fileURLToPath(new URL(p, import.meta.url)));

/** Newest modification time of any file under a folder (a few hundred files: a few ms). */
function newest(dir) {
  let t = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return t;
}

/** Where the code cache of this bundle, for this Node, lives; undefined when caching is off. */
function cachePath(bundle, stat) {
  const dir = process.env.RULE_STUDIO_CACHE_DIR || join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'rule-studio');
  if (dir === 'off') return undefined;
  const key = `${process.versions.v8}-${process.arch}-${stat.size}-${Math.floor(stat.mtimeMs)}`.replace(/[^\w.-]/g, '_');
  return join(dir, `${bundle === workerBundle ? 'corpus-worker' : 'cli'}-${key}.v8cache`);
}

/** Runs the CommonJS bundle as Node's own loader would, but compiled with the code cache. */
function runBundle(path) {
  const stat = statSync(path);
  const cache = cachePath(path, stat);
  let cachedData;
  if (cache)
    try {
      cachedData = readFileSync(cache);
    } catch {
      // no cache yet
    }
  const source = readFileSync(path, 'utf8');
  const wrapper = '(function (exports, require, module, __filename, __dirname) { ';
  const script = new Script(`${wrapper}${source}\n})`, { filename: path, cachedData });
  const module = { exports: {} };
  script.runInThisContext().call(module.exports, module.exports, createRequire(path), module, path, dirname(path));
  if (cache && (cachedData === undefined || script.cachedDataRejected)) {
    const save = () => {
      try {
        mkdirSync(dirname(cache), { recursive: true, mode: 0o700 });
        const tmp = `${cache}.${process.pid}.tmp`;
        writeFileSync(tmp, script.createCachedData(), { mode: 0o600 });
        renameSync(tmp, cache);
      } catch {
        // a read-only home or a full disk: run without a cache
      }
    };
    // At exit, once the functions this run compiled (a worker: the job's rules loaded, sessions
    // replayed) are in it too.
    process.once('exit', save);
  }
}

const checkout = sources.every((dir) => existsSync(dir));
// A corpus worker runs what its command runs: the command walked the sources a moment ago and
// says what it found, so the worker's start-up skips that walk (a few hundred files).
const told = corpusWorker ? process.env.RULE_STUDIO_BUNDLE_FRESH : undefined;
const fresh = told !== undefined ? told === '1' && existsSync(built) : existsSync(built) && (!checkout || statSync(built).mtimeMs >= Math.max(...sources.map(newest)));
process.env.RULE_STUDIO_BUNDLE_FRESH = fresh ? '1' : '0';

if (fresh) {
  runBundle(corpusWorker && existsSync(workerBundle) ? workerBundle : built);
} else if (checkout) {
  const { register } = await import('tsx/esm/api');
  register();
  await import(new URL('../src/cli/entry.ts', import.meta.url).href);
} else {
  process.stderr.write('rule-studio: the bundled CLI (dist-cli/rule-studio.cjs) is missing from this installation; reinstall the package\n');
  process.exitCode = 2;
}
