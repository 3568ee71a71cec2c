import { afterEach, describe, expect, it, vi } from 'vitest';
import { cameraMs, reducedMotion, scrollBehavior } from '../../src/app/graph/motion.ts';

/** A `matchMedia` that answers `reduce` for the reduced-motion query when `reduce` is set. */
function stubMotion(reduce: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: reduce && query === '(prefers-reduced-motion: reduce)', media: query }));
}

afterEach(() => vi.unstubAllGlobals());

describe('motion follows the system setting', () => {
  it('glides the camera and scrolls smoothly by default', () => {
    stubMotion(false);
    expect(reducedMotion()).toBe(false);
    expect(cameraMs(400)).toBe(400);
    expect(scrollBehavior()).toBe('smooth');
  });

  it('jumps the camera and scrolls at once under reduced motion, read at each move', () => {
    stubMotion(true);
    expect(cameraMs(400)).toBe(0);
    expect(scrollBehavior()).toBe('auto');
    stubMotion(false);
    expect(cameraMs(300)).toBe(300);
  });

  it('glides where there is no matchMedia (a worker, a test without a DOM)', () => {
    vi.stubGlobal('matchMedia', undefined);
    expect(cameraMs(300)).toBe(300);
  });
});
