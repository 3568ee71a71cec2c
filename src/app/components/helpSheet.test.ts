import { describe, expect, it } from 'vitest';
import { ALL_ACTIONS } from '../actions/index.ts';
import { ACTION_GROUPS, keysOf, shortcutSheet } from './helpSheet.ts';
import { matchesShortcut } from './shortcuts.ts';

describe('the help sheet', () => {
  it('lists every action of the registry that has a key, once, with all its keys', () => {
    const rows = shortcutSheet(false).flatMap((g) => g.rows);
    const bound = ALL_ACTIONS.filter((a) => (a.shortcuts?.length ?? 0) > 0);
    expect(bound.length).toBeGreaterThan(10);
    for (const a of bound) {
      const found = rows.filter((r) => r.id === a.id);
      expect(found, a.id).toHaveLength(1);
      expect(found[0]!.keys).toHaveLength(a.shortcuts!.length);
    }
  });
  it('groups the whole registry: no action is left out of ACTION_GROUPS', () => {
    const grouped = new Set(ACTION_GROUPS.flatMap((g) => g.actions));
    expect(ALL_ACTIONS.filter((a) => !grouped.has(a)).map((a) => a.id)).toEqual([]);
  });
  it('shows Ctrl on Linux and ⌘ on macOS, the palette keys and the presenter keys', () => {
    const pc = shortcutSheet(false);
    expect(pc[0]!.rows[0]!.keys).toEqual(['Ctrl+K', 'Ctrl+Shift+P']);
    expect(shortcutSheet(true)[0]!.rows[0]!.keys).toEqual(['⌘K', '⌘⇧P']);
    expect(pc.at(-1)!.label).toBe('Presenter view');
    expect(pc.at(-1)!.rows.find((r) => r.id === 'stage-next')!.keys).toEqual(['→', 'Space', 'Page Down']);
    expect(keysOf('help', false)).toBe('?');
    expect(keysOf('run-simulation', false)).toBe('Ctrl+Enter');
  });
  it('matches ? whatever Shift the layout needs for it, but not Shift+letter for a letter', () => {
    const ev = (key: string, shiftKey: boolean) => ({ key, ctrlKey: false, metaKey: false, altKey: false, shiftKey });
    expect(matchesShortcut('?', ev('?', true), false)).toBe(true);
    expect(matchesShortcut('?', ev('?', false), false)).toBe(true);
    expect(matchesShortcut('T', ev('T', true), false)).toBe(false);
    expect(matchesShortcut('Shift+1', ev('!', true), false)).toBe(false);
  });
});
