import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { graphActions } from '../../src/app/actions/graphActions.ts';
import { activeDoc, createStudioStore } from '../../src/app/state/store.ts';
import { createUiStore } from '../../src/app/state/ui.ts';

const action = (id: string) => graphActions.find((a) => a.id === id)!;

function setup() {
  const store = createStudioStore(undefined, () => 0);
  const ctx = { store, ui: createUiStore() };
  return { store, ctx, s: () => store.getState() };
}

describe('graph actions', () => {
  it('have the exact labels of the issue', () => {
    expect(graphActions.map((a) => a.label)).toEqual(['Auto layout', 'Add tool', 'Add rule', 'Add phase']);
  });

  it('Add tool adds a declared, placed, selected tool; Add rule adds a rule for it and selects it', async () => {
    const { ctx, s } = setup();
    expect(action('add-tool').enabled!(ctx)).toBe(false);
    s().importFile('etl-pipeline.toml', readFileSync('examples/etl-pipeline.toml', 'utf8'));
    expect(action('add-rule').enabled!(ctx)).toBe(false);
    await action('add-tool').run(ctx);
    const doc = activeDoc(s())!;
    expect(doc.kind === 'agent' && doc.agent.tools.at(-1)!.name).toBe('tool');
    expect(doc.layout['tool']).toBeDefined();
    expect(s().selection).toEqual({ kind: 'tool', tool: 'tool' });
    expect(action('add-rule').enabled!(ctx)).toBe(true);
    await action('add-rule').run(ctx);
    const after = activeDoc(s())!;
    expect(after.kind === 'agent' && after.agent.rules.at(-1)).toMatchObject({ tool_name: 'tool', rule_type: { type: 'MaxCalls', value: 1 } });
    expect(after.text).toContain('tool_name = "tool"');
    expect(s().selection).toEqual({ kind: 'rule', index: after.kind === 'agent' ? after.agent.rules.length - 1 : -1 });
    s().undo();
    s().undo();
    expect(activeDoc(s())!.text).toBe(readFileSync('examples/etl-pipeline.toml', 'utf8'));
  });

  it('Add phase adds a phase to a workflow document only', async () => {
    const { ctx, s } = setup();
    s().addWorkflow('wf');
    expect(action('add-tool').enabled!(ctx)).toBe(false);
    await action('add-phase').run(ctx);
    const doc = activeDoc(s())!;
    expect(doc.kind === 'workflow' && doc.workflow.nodes.map((n) => n.name)).toEqual(['start', 'phase']);
    expect(s().selection).toEqual({ kind: 'phase', node: 'phase' });
    expect(doc.text).toContain('phase:');
  });
});
