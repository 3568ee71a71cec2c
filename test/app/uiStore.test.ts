import { describe, expect, it } from 'vitest';
import { createUiStore } from '../../src/app/state/ui.ts';
import { parseLayout } from '../../src/app/workspace/layoutMemory.ts';

describe('folding the simulator', () => {
  it('the mode switch keeps a folded simulator folded; whatever leads to the simulator unfolds it', () => {
    const ui = createUiStore('system', { mode: 'design', collapsed: { simulator: true, inspector: true } });
    ui.getState().setMode('simulate');
    expect(ui.getState().collapsed.simulator).toBe(true);
    ui.getState().setMode('design');
    ui.getState().showSimulator();
    expect(ui.getState().mode).toBe('simulate');
    expect(ui.getState().collapsed.simulator).toBe(false);
    // Other folds are the user's and stay.
    expect(ui.getState().collapsed.inspector).toBe(true);
  });
  it('a folded simulator is remembered in the stored layout', () => {
    expect(parseLayout(JSON.stringify({ mode: 'simulate', collapsed: { simulator: true } })).collapsed.simulator).toBe(true);
    expect(parseLayout(JSON.stringify({ mode: 'simulate', collapsed: { simulator: 'yes' } })).collapsed.simulator).toBeUndefined();
  });
});
