import { describe, expect, it } from 'vitest';
import { storedSize } from '../../src/app/components/usePanelSize.ts';
import { simulatorWidth } from '../../src/app/workspace/layoutMemory.ts';

describe('remembered panel sizes', () => {
  it('reads a stored size, clamped to the panel bounds', () => {
    expect(storedSize('300', 220, 140, 480)).toBe(300);
    expect(storedSize('9000', 220, 140, 480)).toBe(480);
    expect(storedSize('10', 220, 140, 480)).toBe(140);
    expect(storedSize('250.6', 220, 140, 480)).toBe(251);
  });
  it('falls back to the default for nothing or junk', () => {
    expect(storedSize(null, 220, 140, 480)).toBe(220);
    expect(storedSize('wide', 220, 140, 480)).toBe(220);
    expect(storedSize('Infinity', 220, 140, 480)).toBe(220);
  });
});

describe('the simulator’s default width', () => {
  it('leaves the graph beside it at least 640 px at 1280 and keeps the simulator’s two columns', () => {
    const rail = 28 + 8;
    expect(1280 - rail - simulatorWidth(1280)).toBeGreaterThanOrEqual(640);
    for (const w of [1024, 1280, 1440, 1920, 2560]) expect(simulatorWidth(w)).toBeGreaterThanOrEqual(560);
    // It grows with the window, up to a cap.
    expect(simulatorWidth(1440)).toBeGreaterThan(simulatorWidth(1280));
    expect(simulatorWidth(2560)).toBe(simulatorWidth(3840));
  });
});
