import { describe, expect, it } from 'vitest';
import { elementsAt, membersAt, scanLocator, spanAt } from '../../src/core/codecs/parse/jsonScan.ts';

const text = '{"a": "x\\"]}", "b": [1, {"c": [true, null]}, "q\\\\"], "a": 2}\n';
const slice = (s: { start: number; end: number } | undefined) => (s ? text.slice(s.start, s.end) : undefined);

describe('jsonScan', () => {
  it('finds values past strings holding quotes, brackets and backslashes', () => {
    expect(slice(spanAt(text, ['b']))).toBe('[1, {"c": [true, null]}, "q\\\\"]');
    expect(slice(spanAt(text, ['b', 1, 'c', 1]))).toBe('null');
    expect(slice(spanAt(text, ['b', 2]))).toBe('"q\\\\"');
    expect(spanAt(text, ['b', 3])).toBeUndefined();
    expect(spanAt(text, ['z'])).toBeUndefined();
  });

  it('takes the last of a repeated key, as JSON.parse does', () => {
    expect(slice(spanAt(text, ['a']))).toBe('2');
  });

  it('lists members and elements in text order', () => {
    expect(membersAt(text, 0)?.map((m) => m.key)).toEqual(['a', 'b', 'a']);
    expect(elementsAt(text, text.indexOf('[')!)?.length).toBe(3);
    expect(membersAt(text, 1)).toBeUndefined();
  });

  it('locates keys and values as 1-based lines and columns', () => {
    const t = '{\n  "k": {\n    "v": 1\n  }\n}';
    const locate = scanLocator(t);
    expect(locate(['k', 'v'])).toEqual({ start: { line: 3, column: 10 }, end: { line: 3, column: 11 } });
    expect(locate(['k'], 'key')).toEqual({ start: { line: 2, column: 3 }, end: { line: 2, column: 6 } });
  });
});
