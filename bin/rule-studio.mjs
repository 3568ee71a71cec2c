#!/usr/bin/env node
// The `rule-studio` command. Runs the bundled CLI when it has been built (`npm run build:cli`),
// otherwise the TypeScript sources through tsx (a checkout after `npm ci`).
import { existsSync } from 'node:fs';

const built = new URL('../dist/cli/rule-studio.mjs', import.meta.url);
if (existsSync(built)) {
  await import(built.href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import(new URL('../src/cli/entry.ts', import.meta.url).href);
}
