import { describe, expect, it } from 'vitest';
import { storedSize } from '../../src/app/components/usePanelSize.ts';

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
