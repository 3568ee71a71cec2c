/** The CLI bundle's non-ASCII characters become escapes that mean the same characters. */
import { describe, expect, it } from 'vitest';
import { asciiOnly } from '../../vite.cli.config.ts';

/** Evaluates a module-like snippet assigning `module.exports`. */
function run(code: string): unknown {
  const module = { exports: undefined as unknown };
  new Function('module', code)(module);
  return module.exports;
}

describe('asciiOnly (the CLI bundle written as ASCII)', () => {
  const code = [
    'module.exports = [',
    '  "… → ’",',
    '  `${1}…\u00a0x\ufeff`,',
    "  'emoji 😀 and é',",
    '  /^[à-ÿ]+$/.test("éü"),',
    '  /^\\p{L}😀$/u.test("é😀"),',
    '  /^[😀-😂]$/u.test("😁"),',
    '  "a\\u2026b",',
    '  (() => { const café = 2; return café; })(),',
    '];',
  ].join('\n');

  it('leaves no byte above 0x7f and evaluates to the same values', () => {
    const ascii = asciiOnly(code);
    expect(/[^\0-\x7f]/.test(ascii)).toBe(false);
    expect(run(ascii)).toEqual(run(code));
    expect(run(ascii)).toEqual(['… → ’', '1…\u00a0x\ufeff', 'emoji 😀 and é', true, true, true, 'a…b', 2]);
  });

  it('refuses a backslash before a non-ASCII character, whose meaning the escape would change', () => {
    expect(() => asciiOnly('module.exports = "\\é";')).toThrow(/backslash before a non-ASCII character/);
  });
});
