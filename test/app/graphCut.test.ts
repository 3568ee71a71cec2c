/** Cut (`graphCut.ts`, review13): a copy of the selection, then its deletion, in one undo step. */
import { afterEach, describe, expect, it } from 'vitest';
import { exampleStudio } from '../support/exampleStudio.ts';
import { clearHeldClip, heldClip } from '../../src/app/graph/graphClipboard.ts';
import { canCut, cutSelection } from '../../src/app/graph/graphCut.ts';
import { activeDoc } from '../../src/app/state/store.ts';

const studio = exampleStudio;

afterEach(clearHeldClip);

describe('cut', () => {
  it('copies two tools and the rule among them, deletes them, and one undo brings the file back', () => {
    const { store, ctx } = studio('etl-pipeline.toml');
    const before = activeDoc(store.getState())!.text;
    store.getState().select({ kind: 'nodes', nodes: ['extract', 'transform'] });
    const past = store.getState().history.past.length;
    const cut = cutSelection(ctx)!;
    expect(cut.text).toContain('tools = ["extract", "transform"]');
    expect(heldClip()).toBe(cut);
    const agent = activeDoc(store.getState())!;
    expect(agent.kind === 'agent' && agent.agent.tools.map((t) => t.name)).toEqual(['connect_db', 'load', 'disconnect_db', 'send_message']);
    expect(store.getState().history.past.length).toBe(past + 1);
    expect(store.getState().selection).toEqual({ kind: 'none' });
    expect(store.getState().notices.at(-1)?.text).toMatch(/^Cut 2 tools and 1 rule\./);
    store.getState().undo();
    expect(activeDoc(store.getState())!.text).toBe(before);
  });

  it('cuts a workflow’s phases; cuts nothing in Simulate mode or of a Letta agent’s tools', () => {
    const wf = studio('hegel-minimal.yaml');
    const phase = activeDoc(wf.store.getState())!;
    const first = phase.kind === 'workflow' ? phase.workflow.nodes[0]!.name : '';
    wf.store.getState().select({ kind: 'nodes', nodes: [first] });
    wf.ui.getState().setMode('simulate');
    expect(canCut(wf.ctx)).toBe(false);
    expect(cutSelection(wf.ctx)).toBeUndefined();
    wf.ui.getState().setMode('design');
    expect(cutSelection(wf.ctx)).toBeDefined();
    const after = activeDoc(wf.store.getState())!;
    expect(after.kind === 'workflow' && after.workflow.nodes.some((n) => n.name === first)).toBe(false);

    const letta = studio('letta-refund-agent.af');
    letta.store.getState().select({ kind: 'nodes', nodes: ['lookup_order', 'issue_refund'] });
    expect(canCut(letta.ctx)).toBe(false);
    expect(cutSelection(letta.ctx)).toBeUndefined();
  });
});
