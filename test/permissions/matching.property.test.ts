/**
 * The permission matchers' fast paths against the plain versions they replaced (issue 28: the
 * Claude replay spent two thirds of its time in the glob matcher, then a tenth in normalizePath):
 * the glob matcher (src/core/permissions/claude/glob.ts) on every token kind, random patterns ×
 * random texts of every length so its reused rows grow and shrink between calls; and
 * normalizePath (paths.ts) on random paths.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bashTokens, matchTokens, pathTokens } from '../../src/core/permissions/claude/glob.ts';
import { normalizePath } from '../../src/core/permissions/claude/paths.ts';

type Tok = ReturnType<typeof pathTokens>[number];

/** The plain version: a new row per token, every token over the whole text. */
function plainMatch(toks: readonly Tok[], s: string): boolean {
  const n = s.length;
  let reach = new Uint8Array(n + 1);
  reach[0] = 1;
  for (const tok of toks) {
    const next = new Uint8Array(n + 1);
    for (let j = 0; j <= n; j++) {
      if (!reach[j]) continue;
      if (tok.t === 'lit') {
        if (s[j] === tok.c) next[j + 1] = 1;
      } else if (tok.t === 'one') {
        if (j < n && s[j] !== '/') next[j + 1] = 1;
      } else if (tok.t === 'class') {
        const c = s[j] as string;
        const hit = tok.items.some((it) => (typeof it === 'string' ? it === c : c >= it[0] && c <= it[1]));
        if (j < n && (tok.neg ? !hit && c !== '/' : hit)) next[j + 1] = 1;
      } else if (tok.t === 'any') {
        for (let k = j; k <= n; k++) next[k] = 1;
      } else if (tok.t === 'star') {
        for (let k = j; k <= n; k++) {
          next[k] = 1;
          if (s[k] === '/') break;
        }
      } else {
        next[j] = 1;
        for (let k = j; k < n; k++) if (s[k] === '/') next[k + 1] = 1;
      }
    }
    reach = next;
  }
  return reach[n] === 1;
}

const ALPHABET = ['a', 'b', '/', '.', ' ', '-', 'x'];
const text = fc.array(fc.constantFrom(...ALPHABET), { maxLength: 40 }).map((cs) => cs.join(''));
const longText = fc.tuple(text, fc.integer({ min: 0, max: 600 }), text).map(([a, k, b]) => `${a}${'ab/'.repeat(k)}${b}`);
const pathGlob = fc
  .array(fc.constantFrom('a', 'b', '/', '.', '*', '**', '**/', '?', '[ab]', '[!a]', '[a-x]', '\\*', 'x'), { maxLength: 8 })
  .map((ps) => ps.join(''));
const bashPattern = fc.array(fc.constantFrom('a', 'b', ' ', '*', '\\*', '-', 'x', '/'), { maxLength: 8 }).map((ps) => ps.join(''));

describe('permission glob matcher', () => {
  it('path globs decide as the plain dynamic programme', () => {
    fc.assert(
      fc.property(pathGlob, fc.oneof(text, longText), (g, s) => {
        expect(matchTokens(pathTokens(g), s)).toBe(plainMatch(pathTokens(g), s));
      }),
      { numRuns: 3000 },
    );
  });

  it('Bash wildcards decide as the plain dynamic programme', () => {
    fc.assert(
      fc.property(bashPattern, fc.oneof(text, longText), (p, s) => {
        expect(matchTokens(bashTokens(p), s)).toBe(plainMatch(bashTokens(p), s));
      }),
      { numRuns: 3000 },
    );
  });

  it('a long text, then a short one: rows kept from the long match leave no trace', () => {
    const long = 'ab/'.repeat(500);
    expect(matchTokens(pathTokens('**/b'), long)).toBe(false);
    expect(matchTokens(pathTokens('**/'), long)).toBe(true);
    expect(matchTokens(pathTokens('a*'), 'ab')).toBe(true);
    expect(matchTokens(pathTokens('a*'), 'a/b')).toBe(false);
    expect(matchTokens(bashTokens('git *'), 'git')).toBe(false);
    expect(matchTokens(bashTokens('git*'), 'git')).toBe(true);
    expect(matchTokens(bashTokens(''), '')).toBe(true);
    expect(matchTokens(bashTokens('*'), '')).toBe(true);
  });
});

describe('normalizePath', () => {
  /** The plain version: split, resolve, join. */
  const plain = (p: string) => {
    const out: string[] = [];
    for (const seg of p.split('/')) {
      if (seg === '' || seg === '.') continue;
      if (seg === '..') out.pop();
      else out.push(seg);
    }
    return '/' + out.join('/');
  };
  it('an already normal path comes back as it is; any other as the plain version makes it', () => {
    const path = fc.array(fc.constantFrom('/', 'a', 'b', '.', '..', '...', '.a', 'a.'), { maxLength: 12 }).map((ps) => ps.join(''));
    fc.assert(
      fc.property(path, (p) => {
        expect(normalizePath(p)).toBe(plain(p));
      }),
      { numRuns: 5000 },
    );
    for (const p of ['/', '/a', '/a/b', '/a/.b', '/a/..b', '/a/...']) expect(normalizePath(p)).toBe(p);
  });
});
