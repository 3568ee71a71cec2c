import { describe, expect, it } from 'vitest';
import { schemeOf } from './useTheme.ts';

describe('schemeOf', () => {
  it('forces light or dark whatever the OS prefers', () => {
    expect(schemeOf('light', true)).toBe('light');
    expect(schemeOf('dark', false)).toBe('dark');
  });
  it('follows the OS for system', () => {
    expect(schemeOf('system', true)).toBe('dark');
    expect(schemeOf('system', false)).toBe('light');
  });
});
