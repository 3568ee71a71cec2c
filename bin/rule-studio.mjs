#!/usr/bin/env node
// The `rule-studio` command. Runs the bundled CLI (`dist-cli/rule-studio.mjs`, built by `prepare`
// on `npm ci` / `npm pack`, or by `npm run build:cli`). In a checkout whose CLI or core sources
// are newer than the bundle, it runs the sources through tsx instead, so the command never runs
// stale code.
import { existsSync, readdirSync, statSync } from 'node:fs';

const built = new URL('../dist-cli/rule-studio.mjs', import.meta.url);
const sources = ['../src/cli/', '../src/core/'].map((p) => new URL(p, import.meta.url));

/** Newest modification time of any file under a folder (a few hundred files: a few ms). */
function newest(dir) {
  let t = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const url = new URL(e.name + (e.isDirectory() ? '/' : ''), dir);
    t = Math.max(t, e.isDirectory() ? newest(url) : statSync(url).mtimeMs);
  }
  return t;
}

const checkout = sources.every((dir) => existsSync(dir));
const fresh = existsSync(built) && (!checkout || statSync(built).mtimeMs >= Math.max(...sources.map(newest)));

if (fresh) {
  await import(built.href);
} else if (checkout) {
  const { register } = await import('tsx/esm/api');
  register();
  await import(new URL('../src/cli/entry.ts', import.meta.url).href);
} else {
  process.stderr.write('rule-studio: the bundled CLI (dist-cli/rule-studio.mjs) is missing from this installation; reinstall the package\n');
  process.exitCode = 2;
}
