/**
 * The architecture's one hard line: src/core is pure TypeScript that runs unchanged in the page,
 * the Web Worker, the CLI and Vitest. ESLint enforces it while editing; this test enforces it in
 * CI even if the lint configuration drifts.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? files(p) : p.endsWith('.ts') ? [p] : [];
  });
}

const core = files('src/core');
const importsOf = (text: string) => [...text.matchAll(/\bfrom\s+['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]/g)].map((m) => m[1] ?? m[2] ?? '');

describe('src/core boundary', () => {
  it('has source files to check', () => {
    expect(core.length).toBeGreaterThan(10);
  });

  it.each(core)('%s imports no UI, DOM or Node module', (file) => {
    const bad = importsOf(readFileSync(file, 'utf8')).filter(
      (m) =>
        /^(react|react-dom|@xyflow|zustand|monaco-editor|@monaco-editor|monaco-yaml|comlink)(\/|$)/.test(m) ||
        /^(node:|fs$|path$|os$|child_process$)/.test(m) ||
        /\/(app|worker|cli)\//.test(m),
    );
    expect(bad).toEqual([]);
  });

  // Gemini CLI's argsPattern is a JavaScript RegExp by definition: compiled in this one file (see its header).
  const JS_REGEXP_ALLOWED = new Set(['src/core/permissions/gemini/jsRegExp.ts']);

  it.each(core)('%s reads no wall clock and uses no JS RegExp constructor', (file) => {
    const text = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
    expect(text).not.toMatch(/Date\.now\(|new Date\(\s*\)|performance\.now\(|Math\.random\(/);
    if (!JS_REGEXP_ALLOWED.has(file.replace(/\\/g, '/'))) expect(text).not.toMatch(/new RegExp\(/);
  });

  it('rule patterns are compiled only in src/core/regex (no other regex engine is imported)', () => {
    const users = core.filter((f) => importsOf(readFileSync(f, 'utf8')).some((m) => /^(re2js|re2-wasm|re2)$/.test(m) || /\/regex\/(rust|pikevm|program|syntax\/)/.test(m)));
    expect(users.map((f) => f.replace(/\\/g, '/')).filter((f) => !f.startsWith('src/core/regex/'))).toEqual([]);
  });
});
