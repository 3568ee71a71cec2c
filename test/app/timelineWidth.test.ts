/** review13: the timeline asks for room for its longest tool name, up to a limit. */
import { describe, expect, it } from 'vitest';
import { NAME_CHARS_LIMIT, timelineWidth } from '../../src/app/simulator/timelineWidth.ts';

describe('timelineWidth', () => {
  it('grows with the longest tool name', () => {
    const short = timelineWidth(['load'], 5);
    const long = timelineWidth(['load', 'check_refund_eligibility'], 5);
    expect(long - short).toBeGreaterThan(('check_refund_eligibility'.length - 'load'.length) * 7);
  });
  it('gives no more room past the limit', () => {
    expect(timelineWidth(['x'.repeat(NAME_CHARS_LIMIT + 30)], 5)).toBe(timelineWidth(['x'.repeat(NAME_CHARS_LIMIT)], 5));
  });
  it('asks for some room with no tools yet', () => {
    expect(timelineWidth([], 5)).toBeGreaterThan(0);
  });
});
