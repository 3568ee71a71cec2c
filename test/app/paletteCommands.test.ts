import { describe, expect, it } from 'vitest';
import { actionForKey, filterActions, ownsArrowKeys, ownsTypeahead, shortcutLabel } from '../../src/app/components/shortcuts.ts';
import { ALL_ACTIONS } from '../../src/app/actions/index.ts';
import { requestNameFocus, takeNameFocus } from '../../src/app/inspector/nameFocus.ts';
import { onDeleteRequest, requestDelete } from '../../src/app/graph/deleteRequests.ts';
import { servedStore } from '../../src/app/persistence/served.ts';
import { createStudioStore } from '../../src/app/state/store.ts';
import { createUiStore } from '../../src/app/state/ui.ts';

const key = (k: string, mods: Partial<{ ctrl: boolean; shift: boolean; alt: boolean }> = {}) => ({ key: k, ctrlKey: !!mods.ctrl, metaKey: false, shiftKey: !!mods.shift, altKey: !!mods.alt });
const find = (q: string) => filterActions(ALL_ACTIONS, q).map((a) => a.label);

describe('the command palette ranks what the user named above what only its keywords match', () => {
  it('"Policy" with no permission file open: the unavailable Policy view first, not "Maximise or restore bottom panel" found by its keywords', () => {
    const ctx = { store: createStudioStore(), ui: createUiStore('system') };
    const unavailable = (a: (typeof ALL_ACTIONS)[number]) => a.enabled !== undefined && !a.enabled(ctx);
    const ranked = filterActions(ALL_ACTIONS, 'Policy', unavailable);
    expect(ranked[0]?.id).toBe('show-policy');
    expect(unavailable(ranked[0]!)).toBe(true);
    expect(ranked.map((a) => a.id)).toContain('maximise-bottom-panel');
    // Once a permission file is open, it runs.
    ctx.store.getState().importFile('default.rules', 'prefix_rule(pattern = ["git", "push"], decision = "prompt")\n');
    expect(unavailable(ALL_ACTIONS.find((a) => a.id === 'show-policy')!)).toBe(false);
  });

  it('among matches of the same rank, and with no query, available commands come first', () => {
    const acts = [
      { label: 'Add rule', off: true },
      { label: 'Add tool', off: false },
      { label: 'Auto layout', off: true },
      { label: 'Undo', off: false },
    ];
    const off = (a: { off: boolean }) => a.off;
    expect(filterActions(acts, 'add', off).map((a) => a.label)).toEqual(['Add tool', 'Add rule']);
    expect(filterActions(acts, '', off).map((a) => a.label)).toEqual(['Add tool', 'Undo', 'Add rule', 'Auto layout']);
  });
});

describe('the command palette lists every command', () => {
  it('finds modes, run, step, undo, new agent / workflow / tool / phase, delete, export, present, theme', () => {
    expect(find('design')).toContain('Design mode');
    expect(find('simulate')).toContain('Simulate mode');
    expect(find('present')[0]).toBe('Present');
    expect(find('run')).toContain('Run simulation');
    expect(find('next step')).toContain('Next step');
    expect(find('undo')[0]).toBe('Undo');
    expect(find('new agent')[0]).toBe('New agent');
    expect(find('new workflow')[0]).toBe('New workflow');
    expect(find('new tool')).toContain('Add tool');
    expect(find('new phase')).toContain('Add phase');
    expect(find('delete')[0]).toBe('Delete');
    expect(find('export')[0]).toBe('Export');
  });

  it('finds the verifier and the tests by what a user calls them, and opens their view', () => {
    expect(find('verify')[0]).toBe('Problems and verification');
    expect(find('deadlock')).toContain('Problems and verification');
    expect(find('tests')[0]).toBe('Tests');
    const ctx = { store: createStudioStore(), ui: createUiStore('system') };
    ctx.ui.getState().setMode('simulate');
    ctx.ui.getState().setCollapsed('bottom', true);
    ALL_ACTIONS.find((a) => a.id === 'show-problems')?.run(ctx);
    expect([ctx.ui.getState().mode, ctx.ui.getState().tabs['design-bottom'], ctx.ui.getState().collapsed.bottom]).toEqual(['design', 'source-problems', false]);
    ALL_ACTIONS.find((a) => a.id === 'show-tests')?.run(ctx);
    expect(ctx.ui.getState().tabs['design-bottom']).toBe('tests');
  });

  it('ranks a label match above a keyword match', () => {
    expect(find('tool')[0]).toBe('Add tool');
  });

  it('binds each shortcut to one command, but Mod+S: Save to files where it applies, else Export; C: Connect tool… or phase…', () => {
    const bound = new Map<string, string[]>();
    for (const a of ALL_ACTIONS) for (const s of a.shortcuts ?? []) bound.set(s, [...(bound.get(s) ?? []), a.label]);
    const shared: Record<string, string[]> = { 'Mod+S': ['Save to files', 'Export'], C: ['Connect tool…', 'Connect phase…'] };
    for (const [s, labels] of bound) expect(labels, s).toEqual(shared[s] ?? [labels[0]]);
    // Save to files applies only in a studio opened by `rule-studio serve`.
    for (const served of [false, true]) {
      servedStore.setState({ active: served });
      const ctx = { store: createStudioStore(), ui: createUiStore('system') };
      ctx.store.getState().importFile('a.toml', 'name = "a"\ntools = ["x"]\n');
      expect(actionForKey(ALL_ACTIONS, key('s', { ctrl: true }), false, ctx)?.label).toBe(served ? 'Save to files' : 'Export');
    }
    servedStore.setState({ active: false });
  });

  it('steps with the arrow keys and runs with Mod+Enter', () => {
    expect(actionForKey(ALL_ACTIONS, key('ArrowRight'), false)?.id).toBe('step-next');
    expect(actionForKey(ALL_ACTIONS, key('ArrowLeft'), false)?.id).toBe('step-prev');
    expect(actionForKey(ALL_ACTIONS, key('Enter', { ctrl: true }), false)?.id).toBe('run-simulation');
    expect(shortcutLabel('ArrowRight', false)).toBe('→');
  });

  it('leaves the arrow keys to sliders, lists, tabs and nodes', () => {
    const el = (tagName: string, match: boolean, type?: string) => ({ tagName, type, closest: () => (match ? {} : null) }) as unknown as EventTarget;
    expect(ownsArrowKeys(el('INPUT', false, 'range'))).toBe(true);
    expect(ownsArrowKeys(el('BUTTON', true))).toBe(true);
    expect(ownsArrowKeys(el('BUTTON', false))).toBe(false);
    expect(ownsArrowKeys(null)).toBe(false);
  });

  it('leaves one-letter keys to the type-ahead of lists, menus and selects, not to T or C', () => {
    const inside = (selector: string) => ({ tagName: 'DIV', closest: (s: string) => (s.split(',').includes(selector) ? {} : null) }) as unknown as EventTarget;
    expect(ownsTypeahead(inside('[role="listbox"]'))).toBe(true);
    expect(ownsTypeahead(inside('[role="option"]'))).toBe(true);
    expect(ownsTypeahead(inside('[role="slider"]'))).toBe(false);
    expect(ownsTypeahead(null)).toBe(false);
  });
});

describe('focus and delete requests', () => {
  it('gives the Name field of the new node the focus once', () => {
    requestNameFocus('tool_2');
    expect(takeNameFocus('tool_1')).toBe(false);
    expect(takeNameFocus('tool_2')).toBe(true);
    expect(takeNameFocus('tool_2')).toBe(false);
  });

  it('sends Delete to the mounted canvas, and to none after it unmounts', () => {
    let deleted = 0;
    const off = onDeleteRequest(() => deleted++);
    expect(requestDelete()).toBe(true);
    off();
    expect(requestDelete()).toBe(false);
    expect(deleted).toBe(1);
  });
});
