/**
 * Issue 28, the first load: what the page imports statically from its entry (src/app/main.tsx) is
 * what the browser loads before the empty project is interactive. The rule-file codecs (parsers,
 * readers, writers, the validator and its regex tables) and the drawing (React Flow, d3) load when
 * first used (src/app/state/codecs.ts, src/app/graph/DocCanvas.tsx). This walks the static imports
 * as the bundler does (`import type` and `import()` excluded) and fails when one of them reaches
 * the first load again; the bench's `bundle` section measures the kilobytes.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/** Static value imports and re-exports of a source text (type-only ones and dynamic imports left out). */
function staticImports(text: string): string[] {
  const out: string[] = [];
  // `import x from`, `import { a, type b } from`, `import * as x from`, `export * from`, `import 'x'`.
  const statement = /^\s*(?:import|export)\s+(type\s+)?(?:(?:[\w$]+\s*,?\s*)?(?:\{[^}]*\}|\*(?:\s+as\s+[\w$]+)?)?\s*from\s+)?['"]([^'"]+)['"]/gm;
  for (const m of text.matchAll(statement)) {
    const [, typeOnly, spec] = m;
    if (typeOnly || !spec) continue;
    out.push(spec);
  }
  return out;
}

function resolveLocal(from: string, spec: string): string | undefined {
  if (!spec.startsWith('.')) return undefined;
  const p = resolve(dirname(from), spec);
  for (const c of [p, `${p}.ts`, `${p}.tsx`]) if (existsSync(c) && /\.tsx?$/.test(c)) return c;
  return undefined;
}

/** Every module the entry reaches statically: local files, and bare package names. */
function firstLoadGraph(entry: string): { files: Map<string, string>; packages: Map<string, string> } {
  const files = new Map<string, string>([[entry, '(entry)']]);
  const packages = new Map<string, string>();
  const todo = [entry];
  while (todo.length > 0) {
    const file = todo.pop() as string;
    for (const spec of staticImports(readFileSync(file, 'utf8'))) {
      if (/\.(css|svg|png|json)(\?.*)?$/.test(spec) || spec.includes('?')) continue;
      const local = resolveLocal(file, spec);
      if (local) {
        if (!files.has(local)) {
          files.set(local, file);
          todo.push(local);
        }
      } else if (!spec.startsWith('.') && !packages.has(spec)) packages.set(spec, file);
    }
  }
  return { files, packages };
}

const ROOT = resolve('.');
const rel = (p: string) => relative(ROOT, p);
const { files, packages } = firstLoadGraph(join(ROOT, 'src/app/main.tsx'));

/** How a module was reached: the chain of importers back to the entry. */
function chain(file: string): string {
  const out = [rel(file)];
  let at = files.get(file);
  while (at && at !== '(entry)' && out.length < 20) {
    out.push(rel(at));
    at = files.get(at);
  }
  return out.join(' ← ');
}

describe('the first load (static imports of src/app/main.tsx)', () => {
  it('walks the page (a sanity check of the walk itself)', () => {
    expect(files.has(join(ROOT, 'src/app/App.tsx'))).toBe(true);
    expect(files.has(join(ROOT, 'src/app/graph/Canvas.tsx'))).toBe(true);
    expect([...packages.keys()].some((p) => p.startsWith('react-dom'))).toBe(true);
  });

  it('holds no parser, reader, writer, validator or regex engine (they load with the first document)', () => {
    const heavy = [...files.keys()].filter((f) => {
      const r = rel(f);
      if (r === 'src/core/codecs/format.ts' || r === 'src/core/codecs/types.ts' || r === 'src/core/validate/lettaSteps.ts') return false;
      return /^src\/core\/(codecs|regex|validate)\//.test(r) || r === 'src/core/check.ts' || r === 'src/app/state/docCodecs.ts' || r === 'src/core/project/migrations.ts';
    });
    expect(heavy.map(chain)).toEqual([]);
    const parsers = [...packages].filter(([p]) => /^(yaml|smol-toml|jsonc-parser)(\/|$)/.test(p));
    expect(parsers.map(([p, by]) => `${p} ← ${rel(by)}`)).toEqual([]);
  });

  it('holds no drawing library, editor or presenter (they load when first shown)', () => {
    const drawing = [...packages].filter(([p]) => /^(@xyflow|d3-|monaco-editor|@monaco-editor|monaco-yaml)/.test(p));
    expect(drawing.map(([p, by]) => `${p} ← ${rel(by)}`)).toEqual([]);
    const views = [...files.keys()].filter((f) => /src\/app\/(presenter\/Presenter|graph\/(DocCanvas|ToolCanvas|WorkflowCanvas|FlowView))\.tsx$/.test(f));
    expect(views.map(chain)).toEqual([]);
  });
});
