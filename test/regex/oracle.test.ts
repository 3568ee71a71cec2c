/**
 * Property tests against independent oracles (fixed seeds):
 * - match spans: JavaScript's backtracking RegExp on patterns where Perl-style leftmost-first
 *   semantics and Rust's agree (no quantified sub-pattern that can match empty, where the two
 *   differ by design: rust-lang/regex#779);
 * - Unicode tables: V8's `\p{…}` and `/iu` case folding (simple case folding, as Rust), on code
 *   points assigned by Unicode 15.0 so that V8's own Unicode version does not matter.
 * The oracle is used only here; the product never runs JavaScript RegExp on rule patterns.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileRegex } from '../../src/core/regex/index.ts';

interface Gen {
  src: string;
  nullable: boolean;
}

const atom: fc.Arbitrary<Gen> = fc.constantFrom('a', 'b', 'c', '[ab]', '[^a]', '.', '[a-c&&[^b]]').map((s) => ({
  // JS has no class set operations: [a-c&&[^b]] is written for JS as [ac].
  src: s,
  nullable: false,
}));

const regexArb: fc.Arbitrary<Gen> = fc.letrec<{ re: Gen; term: Gen; factor: Gen }>((tie) => ({
  factor: fc.oneof(
    { weight: 4, arbitrary: atom },
    { weight: 1, arbitrary: tie('re').map((r) => ({ src: `(?:${r.src})`, nullable: r.nullable })) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(atom, fc.constantFrom('*', '+', '?', '{1,2}', '{2}', '{0,3}'), fc.boolean())
        .map(([a, q, lazy]) => ({ src: `${a.src}${q}${lazy ? '?' : ''}`, nullable: q !== '+' && q !== '{1,2}' && q !== '{2}' })),
    },
  ),
  term: fc.array(tie('factor'), { minLength: 1, maxLength: 3 }).map((fs) => ({ src: fs.map((f) => f.src).join(''), nullable: fs.every((f) => f.nullable) })),
  re: fc.array(tie('term'), { minLength: 1, maxLength: 3 }).map((ts) => ({ src: ts.map((t) => t.src).join('|'), nullable: ts.some((t) => t.nullable) })),
})).re;

const toJs = (src: string) => src.split('[a-c&&[^b]]').join('[ac]');

describe('leftmost-first spans agree with a backtracking engine where both define them', () => {
  it('first match of random patterns on random texts over {a, b, c}', () => {
    fc.assert(
      fc.property(regexArb, fc.string({ unit: fc.constantFrom('a', 'b', 'c'), maxLength: 12 }), (re, text) => {
        const mine = compileRegex(re.src);
        expect(mine.ok).toBe(true);
        if (!mine.ok) return;
        const js = new RegExp(toJs(re.src), 'u').exec(text);
        const want = js ? [js.index, js.index + js[0].length] : null;
        expect(mine.regex.find(text)).toEqual(want);
        expect(mine.regex.isMatch(text)).toBe(js !== null);
      }),
      { seed: 20261123, numRuns: 2000 },
    );
  });
});

describe('Unicode tables agree with V8 on code points assigned by Unicode 15.0', () => {
  const age15 = compileRegex('\\p{Age:15.0}');
  if (!age15.ok) throw new Error('Age unsupported');
  const codePoint = fc
    .oneof(fc.integer({ min: 0, max: 0x2fff }), fc.integer({ min: 0, max: 0x10ffff }))
    .filter((c) => (c < 0xd800 || c > 0xdfff) && age15.regex.isMatch(String.fromCodePoint(c)));

  it.each([
    ['\\pL', '\\p{L}'],
    ['\\p{Lu}', '\\p{Lu}'],
    ['\\p{Nd}', '\\p{Nd}'],
    ['\\p{Greek}', '\\p{Script=Greek}'],
    ['\\p{scx=Deva}', '\\p{Script_Extensions=Devanagari}'],
    ['\\p{Emoji}', '\\p{Emoji}'],
    ['\\s', '\\p{White_Space}'],
    ['\\w', '[\\p{Alphabetic}\\p{M}\\p{Nd}\\p{Pc}\\p{Join_Control}]'],
  ])('%s', (mine, js) => {
    const re = compileRegex(`^${mine}$`);
    if (!re.ok) throw new Error(re.error.message);
    const oracle = new RegExp(`^${js}$`, 'u');
    fc.assert(
      fc.property(codePoint, (c) => {
        const s = String.fromCodePoint(c);
        expect([c.toString(16), re.regex.isMatch(s)]).toEqual([c.toString(16), oracle.test(s)]);
      }),
      { seed: 7, numRuns: 4000 },
    );
  });

  it('(?i) case folding: two characters match each other iff /iu says so', () => {
    const cased = fc.oneof(fc.integer({ min: 0x41, max: 0x24f }), fc.integer({ min: 0x370, max: 0x52f }), fc.integer({ min: 0x1e00, max: 0x1fff }), fc.integer({ min: 0x2c00, max: 0x2d2f }));
    fc.assert(
      fc.property(cased, fc.integer({ min: -40, max: 40 }), (c, delta) => {
        const d = c + delta;
        const cs = String.fromCodePoint(c);
        const ds = String.fromCodePoint(Math.max(0, d));
        if (!age15.regex.isMatch(cs) || !age15.regex.isMatch(ds)) return;
        const re = compileRegex(`(?i)^\\x{${c.toString(16)}}$`);
        if (!re.ok) throw new Error(re.error.message);
        const oracle = new RegExp(`^\\u{${c.toString(16)}}$`, 'iu');
        expect(re.regex.isMatch(ds)).toBe(oracle.test(ds));
      }),
      { seed: 11, numRuns: 10000 },
    );
  });
});
