import { describe, expect, it } from 'vitest';
import { splitCodeSpans, stripCodeMarks } from './codeSpans.ts';

describe('splitCodeSpans', () => {
  it('turns backtick pairs into code pieces', () => {
    expect(splitCodeSpans('Call `load` after `extract`.')).toEqual([
      { text: 'Call ', code: false },
      { text: 'load', code: true },
      { text: ' after ', code: false },
      { text: 'extract', code: true },
      { text: '.', code: false },
    ]);
  });
  it('drops a lone backtick and keeps its text plain', () => {
    const parts = splitCodeSpans('a `b` c `d');
    expect(parts.map((p) => p.text).join('')).toBe('a b c d');
    expect(parts.filter((p) => p.code).map((p) => p.text)).toEqual(['b']);
  });
  it('strips marks for plain-text uses', () => {
    expect(stripCodeMarks('`x` and `y`')).toBe('x and y');
  });
});
