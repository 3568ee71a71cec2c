/**
 * The TOML 1.0 cases of toml-lang/toml-test (`tests/files-toml-1.0.0`), read from
 * `$RULE_STUDIO_UPSTREAM/toml-lang-toml-test/tests` (default `../shared/upstream`) when present;
 * nothing fetched is committed. Without the directory this test is skipped with the reason printed.
 *
 * The common-form reader must give up on every invalid case, and on every valid case either give
 * up or give exactly the expected value (toml-test's tagged JSON). Cases whose bytes are not UTF-8
 * are left out: Rule Studio decodes bytes before any TOML reader sees text.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readCommonToml } from '../../src/core/codecs/parse/tomlCommon.ts';
import { parseToml } from '../../src/core/codecs/parse/toml.ts';

const dir = join(resolve(process.env['RULE_STUDIO_UPSTREAM'] ?? '../shared/upstream', 'toml-lang-toml-test'), 'tests');
const list = join(dir, 'files-toml-1.0.0');
const files = existsSync(list) ? readFileSync(list, 'utf8').split('\n').filter((f) => f.endsWith('.toml')) : [];
if (files.length === 0) console.warn(`skipped: no toml-test cases at ${list} (set RULE_STUDIO_UPSTREAM to a directory holding toml-lang-toml-test/tests)`);

/** The text of a case, or undefined when its bytes are not UTF-8. */
function textOf(file: string): string | undefined {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(readFileSync(join(dir, file)));
  } catch {
    return undefined;
  }
}

/** toml-test's tagged JSON as plain values; types the common form never reads stay tagged. */
function untag(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(untag);
  const o = v as Record<string, unknown>;
  if (typeof o['type'] === 'string' && typeof o['value'] === 'string' && Object.keys(o).length === 2) {
    if (o['type'] === 'integer') return Number(o['value']);
    if (o['type'] === 'bool') return o['value'] === 'true';
    if (o['type'] === 'string') return o['value'];
    return { tagged: o };
  }
  return Object.fromEntries(Object.entries(o).map(([k, x]) => [k, untag(x)]));
}

describe.skipIf(files.length === 0)('toml-test (TOML 1.0)', () => {
  const invalid = files.filter((f) => f.startsWith('invalid/'));
  const valid = files.filter((f) => f.startsWith('valid/'));

  it(`gives up on each of the ${invalid.length} invalid cases`, () => {
    const accepted = invalid.filter((f) => {
      const text = textOf(f);
      return text !== undefined && readCommonToml(text) !== undefined;
    });
    expect(accepted).toEqual([]);
  });

  it('reports each invalid case the full reader refuses with a position inside its text', () => {
    let refused = 0;
    for (const f of invalid) {
      const text = textOf(f);
      if (text === undefined) continue;
      const doc = parseToml(text);
      if (doc.errors.length === 0) continue;
      refused++;
      const lines = text.split('\n');
      for (const { range } of doc.errors) {
        expect(range.start.line, f).toBeGreaterThanOrEqual(1);
        expect(range.start.line, f).toBeLessThanOrEqual(lines.length);
        expect(range.start.column, f).toBeGreaterThanOrEqual(1);
        expect(range.start.column, f).toBeLessThanOrEqual((lines[range.start.line - 1] ?? '').length + 1);
      }
    }
    expect(refused).toBeGreaterThan(invalid.length / 2);
  });

  it('reports each string left open (string/*no-close*) at its opening quote', () => {
    const cases = invalid.filter((f) => /^invalid\/string\/.*no-close/.test(f));
    expect(cases.length).toBeGreaterThan(0);
    for (const f of cases) {
      const text = textOf(f) ?? '';
      const [error] = parseToml(text).errors;
      expect(error?.message, f).toMatch(/^unclosed (multi-line )?string opened at \d+:\d+: no closing /);
      const { line, column } = error?.range.start ?? { line: 0, column: 0 };
      expect(`${f} ${(text.split('\n')[line - 1] ?? '').slice(column - 1)}`, f).toMatch(/^\S+ ["']/);
    }
  });

  it(`reads each of the ${valid.length} valid cases exactly or gives up`, () => {
    let read = 0;
    for (const f of valid) {
      const text = textOf(f);
      if (text === undefined) continue;
      const value = readCommonToml(text);
      if (value === undefined) continue;
      read++;
      const expected = untag(JSON.parse(readFileSync(join(dir, f.replace(/\.toml$/, '.json')), 'utf8')));
      expect(value, f).toStrictEqual(expected);
    }
    console.info(`toml-test: the common-form reader read ${read} of ${valid.length} valid cases itself; smol-toml read the rest`);
    expect(read).toBeGreaterThan(0);
  });
});
