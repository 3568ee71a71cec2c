/**
 * Start-up evaluates only what start-up needs: every command's implementation (`<name>Run.ts`) and
 * the core modules it uses are reached from the CLI's entry only through a dynamic import, so
 * `--version`, `--help` and each command load none of the other commands' code (issue 14: `check`
 * of a small file < 300 ms). Walks the static imports (`import type` erased, as the bundler does).
 */
import { readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { COMMANDS } from '../../src/cli/commands/index.ts';

const ROOT = resolve(import.meta.dirname, '../..');

/** The files a module reaches through static value imports and re-exports. */
function staticGraph(entry: string): string[] {
  const seen = new Set<string>();
  const stack = [resolve(ROOT, entry)];
  while (stack.length > 0) {
    const file = stack.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    for (const m of source.matchAll(/^(?:import|export)\s+(?!type\b)[^;]*?\sfrom\s+'(\.[^']+)'/gms)) stack.push(resolve(dirname(file), m[1] as string));
  }
  return [...seen].map((f) => relative(ROOT, f)).sort();
}

/** Core folders whose code only a running command needs. */
const HEAVY = ['src/core/engine/', 'src/core/codecs/', 'src/core/traces/', 'src/core/validate/', 'src/core/verify/', 'src/core/regex/', 'src/core/simulator/'];

describe('CLI start-up module graph', () => {
  const graph = staticGraph('src/cli/main.ts');

  it('holds no command implementation', () => {
    expect(graph.filter((f) => f.endsWith('Run.ts'))).toEqual([]);
  });

  it('holds none of the core engines, codecs, trace readers, validators or the explorer', () => {
    // limits.ts is one constant (verify's --max-states default, shown in help)
    expect(graph.filter((f) => HEAVY.some((h) => f.startsWith(h)) && f !== 'src/core/verify/limits.ts')).toEqual([]);
  });

  it.each(COMMANDS.map((c) => [c.name] as const))('%s has its implementation in %sRun.ts, loaded when it runs', (name) => {
    const definition = readFileSync(resolve(ROOT, `src/cli/commands/${name}.ts`), 'utf8');
    expect(definition).toContain(`await import('./${name}Run.ts')`);
  });
});
