import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { selectionActions } from '../../src/app/actions/selectionActions.ts';
import { createStudioStore } from '../../src/app/state/store.ts';
import { createUiStore } from '../../src/app/state/ui.ts';

const selectAll = selectionActions.find((a) => a.id === 'select-all')!;

describe('Select all nodes', () => {
  it('selects every tool of an agent, not the all-tools node of a * rule', async () => {
    const store = createStudioStore(undefined, () => 0);
    const ctx = { store, ui: createUiStore() };
    expect(selectAll.enabled!(ctx)).toBe(false);
    store.getState().importFile('etl-pipeline.toml', readFileSync('examples/etl-pipeline.toml', 'utf8'));
    await selectAll.run(ctx);
    expect(store.getState().selection).toEqual({ kind: 'nodes', nodes: ['connect_db', 'extract', 'transform', 'load', 'disconnect_db', 'send_message'] });
    store.getState().editAgent(store.getState().project.docs[0]!.id, (a) => ({ ...a, rules: [...a.rules, { tool_name: '*', rule_type: { type: 'MaxCalls', value: 9 }, conditions: [], priority: 5 }] }));
    await selectAll.run(ctx);
    const sel = store.getState().selection;
    expect(sel.kind === 'nodes' && sel.nodes.includes('*')).toBe(false);
  });

  it('selects the phases of a workflow, not its end', async () => {
    const store = createStudioStore(undefined, () => 0);
    const ctx = { store, ui: createUiStore() };
    store.getState().importFile('hegel-execution.yaml', readFileSync('examples/hegel-execution.yaml', 'utf8'));
    await selectAll.run(ctx);
    const sel = store.getState().selection;
    expect(sel.kind).toBe('nodes');
    expect(sel.kind === 'nodes' && sel.nodes.length).toBeGreaterThan(2);
    expect(sel.kind === 'nodes' && sel.nodes.includes('done')).toBe(false);
  });
});
