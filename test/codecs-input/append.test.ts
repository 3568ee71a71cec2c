/** `append` (issue 29): a list of any length joins another without overflowing the stack. */
import { describe, expect, it } from 'vitest';
import { append } from '../../src/core/model/append.ts';

describe('append', () => {
  it('appends 500,000 items in order, where push(...items) overflows the stack', () => {
    const items = Array.from({ length: 500_000 }, (_, i) => i);
    expect(() => [0].push(...items)).toThrow(RangeError);
    const out = append([-1], items);
    expect(out.length).toBe(500_001);
    expect(out[0]).toBe(-1);
    expect(out[500_000]).toBe(499_999);
  });
});
