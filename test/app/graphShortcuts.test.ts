import { describe, expect, it } from 'vitest';
import { actionForKey, filterActions, matchesShortcut, shortcutLabel } from '../../src/app/components/shortcuts.ts';
import { ALL_ACTIONS } from '../../src/app/actions/index.ts';
import { isTextTarget } from '../../src/app/graph/keys.ts';

const key = (k: string, mods: Partial<{ ctrl: boolean; meta: boolean; shift: boolean; alt: boolean }> = {}) => ({
  key: k,
  ctrlKey: !!mods.ctrl,
  metaKey: !!mods.meta,
  shiftKey: !!mods.shift,
  altKey: !!mods.alt,
});

describe('keyboard shortcuts from the action registry', () => {
  it('Mod is Ctrl elsewhere and Cmd on macOS; modifiers must match exactly', () => {
    expect(matchesShortcut('Mod+Z', key('z', { ctrl: true }), false)).toBe(true);
    expect(matchesShortcut('Mod+Z', key('z', { meta: true }), false)).toBe(false);
    expect(matchesShortcut('Mod+Z', key('z', { meta: true }), true)).toBe(true);
    expect(matchesShortcut('Mod+Z', key('Z', { ctrl: true, shift: true }), false)).toBe(false);
    expect(matchesShortcut('Mod+Shift+Z', key('Z', { ctrl: true, shift: true }), false)).toBe(true);
  });

  it('finds Undo and Redo in the registry', () => {
    expect(actionForKey(ALL_ACTIONS, key('z', { ctrl: true }), false)?.label).toBe('Undo');
    expect(actionForKey(ALL_ACTIONS, key('Z', { ctrl: true, shift: true }), false)?.label).toBe('Redo');
    expect(actionForKey(ALL_ACTIONS, key('z'), false)).toBeUndefined();
  });

  it('Shift+1 (Fit view) is read by the physical key, whatever Shift types; Ctrl+Shift+M maximises the bottom panel', () => {
    const bang = { ...key('!', { shift: true }), code: 'Digit1' };
    expect(actionForKey(ALL_ACTIONS, bang, false)?.label).toBe('Fit view');
    expect(actionForKey(ALL_ACTIONS, { ...key('1', { alt: true }), code: 'Digit1' }, false)?.label).toBe('Design mode');
    expect(actionForKey(ALL_ACTIONS, key('M', { ctrl: true, shift: true }), false)?.label).toBe('Maximise or restore bottom panel');
    expect(actionForKey(ALL_ACTIONS, key('M', { meta: true, shift: true }), true)?.label).toBe('Maximise or restore bottom panel');
  });

  it('no two actions share a shortcut unless one applies at a time', () => {
    const seen = new Map<string, string[]>();
    for (const a of ALL_ACTIONS) for (const s of a.shortcuts ?? []) seen.set(s, [...(seen.get(s) ?? []), a.id]);
    expect([...seen].filter(([, ids]) => ids.length > 1).map(([s, ids]) => `${s}: ${ids.join(', ')}`)).toEqual(['Mod+S: save-to-files, export', 'C: connect-tool, connect-phase']);
  });

  it('labels shortcuts for the platform', () => {
    expect(shortcutLabel('Mod+Shift+Z', false)).toBe('Ctrl+Shift+Z');
    expect(shortcutLabel('Mod+Shift+Z', true)).toBe('⌘⇧Z');
  });

  it('the palette filters by every word of the label, prefix matches first', () => {
    const acts = [{ label: 'Add tool' }, { label: 'Auto layout' }, { label: 'Add rule' }, { label: 'Theme: dark' }];
    expect(filterActions(acts, 'add').map((a) => a.label)).toEqual(['Add tool', 'Add rule']);
    expect(filterActions(acts, 'ru ad').map((a) => a.label)).toEqual(['Add rule']);
    expect(filterActions(acts, 'layout').map((a) => a.label)).toEqual(['Auto layout']);
    expect(filterActions(acts, '')).toHaveLength(4);
    expect(filterActions(acts, 'zzz')).toEqual([]);
  });

  it('leaves keys alone in text fields but not on buttons', () => {
    expect(isTextTarget({ tagName: 'INPUT', type: 'text', closest: () => null } as unknown as EventTarget)).toBe(true);
    expect(isTextTarget({ tagName: 'INPUT', type: 'checkbox', closest: () => null } as unknown as EventTarget)).toBe(false);
    expect(isTextTarget({ tagName: 'TEXTAREA', closest: () => null } as unknown as EventTarget)).toBe(true);
    expect(isTextTarget({ tagName: 'DIV', closest: (s: string) => (s === '.monaco-editor' ? {} : null) } as unknown as EventTarget)).toBe(true);
    expect(isTextTarget({ tagName: 'BUTTON', closest: () => null } as unknown as EventTarget)).toBe(false);
  });
});
