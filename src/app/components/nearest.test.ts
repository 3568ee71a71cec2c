import { describe, expect, it } from 'vitest';
import { nearestBox } from './nearest.ts';

describe('nearestBox', () => {
  it('finds the box whose centre is nearest (the node left nearest to a deleted one)', () => {
    const boxes = [
      { x: 0, y: 0, width: 10, height: 10 },
      { x: 100, y: 0, width: 10, height: 10 },
      { x: 40, y: 40, width: 10, height: 10 },
    ];
    expect(nearestBox({ x: 95, y: 10 }, boxes)).toBe(1);
    expect(nearestBox({ x: 40, y: 30 }, boxes)).toBe(2);
  });
  it('is undefined with no boxes (the canvas takes the focus)', () => {
    expect(nearestBox({ x: 0, y: 0 }, [])).toBeUndefined();
  });
});
