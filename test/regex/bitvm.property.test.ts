/**
 * The bit-parallel `is_match` (`src/core/regex/bitvm.ts`) against the Pike VM it stands in for:
 * random patterns with looks (`\b`, `^`, `$`, multi-line), Unicode classes, counted repetitions
 * long enough to cross 32-instruction words, alternations and empty sub-patterns, on random
 * texts with spaces, newlines and characters outside ASCII and the BMP (fixed seed). Also issue
 * 29's repro: `[a-z]{100000}[0-9]` on long commands, right at the edges of a match.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileRegex } from '../../src/core/regex/index.ts';

const atom = fc.constantFrom('a', 'b', '[ab]', '[^a]', '.', '\\w', '\\s', '\\d', 'é', '\\p{L}', '(?i:A)', '𝒳', '\\n', '(?s:.)');
const look = fc.constantFrom('\\b', '\\B', '^', '$', '(?m:^)', '(?m:$)', '(?-u:\\b)', '\\A', '\\z');
const quant = fc.constantFrom('*', '+', '?', '{2}', '{0,3}', '{3,}', '{33}', '{30,40}', '*?', '{1,35}?');

const regexArb: fc.Arbitrary<string> = fc.letrec<{ re: string; term: string; factor: string }>((tie) => ({
  factor: fc.oneof(
    { weight: 4, arbitrary: atom },
    { weight: 1, arbitrary: look },
    { weight: 1, arbitrary: tie('re').map((r) => `(?:${r})`) },
    { weight: 2, arbitrary: fc.tuple(atom, quant).map(([a, q]) => `${a}${q}`) },
    { weight: 1, arbitrary: fc.tuple(tie('re'), quant).map(([r, q]) => `(?:${r})${q}`) },
  ),
  term: fc.array(tie('factor'), { minLength: 0, maxLength: 3 }).map((fs) => fs.join('')),
  re: fc.array(tie('term'), { minLength: 1, maxLength: 3 }).map((ts) => ts.join('|')),
})).re;

/** Texts as runs of one character (up to 45 long), so repetitions of 30–40 across words can match. */
const text = fc
  .array(fc.tuple(fc.constantFrom('a', 'b', 'A', ' ', '\n', '5', 'é', '𝒳', '\ud800'), fc.integer({ min: 1, max: 45 })), { maxLength: 4 })
  .map((runs) => runs.map(([c, n]) => c.repeat(n)).join(''));

describe('bit-parallel is_match agrees with the Pike VM', () => {
  it('random patterns on random texts', () => {
    fc.assert(
      fc.property(regexArb, text, (src, t) => {
        const r = compileRegex(src);
        if (!r.ok) return;
        expect(r.regex.isMatch(t), `${src} on ${JSON.stringify(t)}`).toBe(r.regex.isMatchPike(t));
      }),
      { seed: 20261128, numRuns: 3000 },
    );
  });

  it('[a-z]{100000}[0-9] (issue 29): a match needs 100,000 letters right before a digit', () => {
    const r = compileRegex('[a-z]{100000}[0-9]');
    if (!r.ok) throw new Error(r.error.message);
    const letters = (n: number) => Array.from({ length: n }, (_, i) => String.fromCharCode(97 + (i % 26))).join('');
    expect(r.regex.isMatch(`${letters(100_000)}5`)).toBe(true);
    expect(r.regex.isMatch(`x ${letters(100_001)}7 y`)).toBe(true);
    expect(r.regex.isMatch(`${letters(99_999)}5`)).toBe(false);
    expect(r.regex.isMatch(`${letters(50_000)} ${letters(60_000)}5`)).toBe(false);
    expect(r.regex.isMatch(`${letters(100_000)}`)).toBe(false);
  });
});
