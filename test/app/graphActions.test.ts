import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { graphActions } from '../../src/app/actions/graphActions.ts';
import { activeDoc, createStudioStore } from '../../src/app/state/store.ts';
import { createUiStore } from '../../src/app/state/ui.ts';
import { addRuleOfType, connectTools } from '../../src/app/actions/ruleEdits.ts';
import { connectPhases } from '../../src/app/actions/phaseEdits.ts';
import { actionForKey } from '../../src/app/components/shortcuts.ts';

const action = (id: string) => graphActions.find((a) => a.id === id)!;

async function waitFor(ok: () => boolean) {
  for (let i = 0; i < 200 && !ok(); i++) await new Promise((r) => setTimeout(r, 10));
}

function setup() {
  const store = createStudioStore(undefined, () => 0);
  const ctx = { store, ui: createUiStore() };
  return { store, ctx, s: () => store.getState() };
}

describe('graph actions', () => {
  it('have the exact labels of the issue', () => {
    expect(graphActions.map((a) => a.label)).toEqual(['Auto layout', 'Add tool', 'Add rule', 'Connect tool…', 'Connect phase…', 'Add phase']);
  });

  it('Add tool adds a declared, placed, selected tool; Add rule asks for the type, then adds that rule and selects it', async () => {
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
    const rulesBefore = doc.kind === 'agent' ? doc.agent.rules.length : -1;
    await action('add-rule').run(ctx);
    // The type comes first: the picker opens, nothing is added yet.
    expect(ctx.ui.getState().dialog).toBe('add-rule');
    expect(activeDoc(s())!.text).toBe(doc.text);
    const index = addRuleOfType(ctx.store, doc.id, 'tool', 'Cooldown');
    const after = activeDoc(s())!;
    expect(index).toBe(rulesBefore);
    expect(after.kind === 'agent' && after.agent.rules.at(-1)).toMatchObject({ tool_name: 'tool', rule_type: { type: 'Cooldown', value: 60_000 } });
    expect(after.text).toContain('tool_name = "tool"');
    expect(s().selection).toEqual({ kind: 'rule', index: rulesBefore });
    expect(s().notices.at(-1)?.text).toContain(`rule #${rulesBefore + 1} for “tool”: Cooldown`);
    s().undo();
    s().undo();
    expect(activeDoc(s())!.text).toBe(readFileSync('examples/etl-pipeline.toml', 'utf8'));
  });

  it('Add phase after a selected phase joins it in one undo step; Connect phase… writes a transition (review 12 #5)', async () => {
    const { ctx, s } = setup();
    s().addWorkflow();
    await waitFor(() => activeDoc(s())?.kind === 'workflow');
    expect(action('connect-phase').enabled!(ctx)).toBe(false);
    // C with nothing selected on a workflow says what Connect phase… needs, not what Connect tool… does.
    const c = { key: 'c', ctrlKey: false, metaKey: false, shiftKey: false, altKey: false };
    expect(actionForKey(graphActions, c, false, ctx)?.id).toBe('connect-phase');
    s().select({ kind: 'phase', node: 'start' });
    await action('add-phase').run(ctx);
    const wf = () => {
      const d = activeDoc(s())!;
      return d.kind === 'workflow' ? d.workflow : undefined;
    };
    // start's one way out (to done) now leads through the new phase (review14 #3)
    expect(wf()!.nodes[0]!.transitions).toEqual([{ when: 'start_complete', to: 'phase' }]);
    expect(wf()!.nodes[1]!.transitions).toEqual([{ when: 'phase_complete', to: 'done' }]);
    expect(s().selection).toEqual({ kind: 'phase', node: 'phase' });
    await action('connect-phase').run(ctx);
    expect(ctx.ui.getState().dialog).toBe('connect-phase');
    expect(connectPhases(ctx.store, activeDoc(s())!.id, 'phase', 'start')).toBe(1);
    expect(wf()!.nodes[1]!.transitions).toEqual([{ when: 'phase_complete', to: 'done' }, { when: 'phase_to_start', to: 'start' }]);
    expect(s().selection).toEqual({ kind: 'transition', node: 'phase', index: 1 });
    expect(s().notices.at(-1)?.text).toBe('Connected: phase to start when phase_to_start.');
    s().undo();
    s().undo();
    expect(wf()!.nodes.map((n) => n.name)).toEqual(['start']);
  });

  it('Connect tool… opens the tool list; connecting adds the ordering rule once and says so', async () => {
    const { ctx, s } = setup();
    s().importFile('etl-pipeline.toml', readFileSync('examples/etl-pipeline.toml', 'utf8'));
    const doc = activeDoc(s())!;
    expect(action('connect-tool').enabled!(ctx)).toBe(false);
    s().select({ kind: 'tool', tool: 'send_message' });
    await action('connect-tool').run(ctx);
    expect(ctx.ui.getState().dialog).toBe('connect');
    const rule = connectTools(ctx.store, doc.id, 'send_message', 'disconnect_db');
    const after = activeDoc(s())!;
    expect(after.kind === 'agent' && after.agent.rules[rule]).toMatchObject({ tool_name: 'disconnect_db', rule_type: { type: 'RequiresPrecedingTools' }, conditions: ['send_message'] });
    expect(s().notices.at(-1)?.text).toBe(`Connected: send_message before disconnect_db (rule #${rule + 1}, Call after… · RequiresPrecedingTools).`);
    const text = after.text;
    expect(connectTools(ctx.store, doc.id, 'send_message', 'disconnect_db')).toBe(rule);
    expect(activeDoc(s())!.text).toBe(text);
    expect(s().notices.at(-1)?.text).toMatch(/^Already connected/);
    s().undo();
    expect(activeDoc(s())!.text).toBe(readFileSync('examples/etl-pipeline.toml', 'utf8'));
  });

  it('Connect from the list moves a free tool that would run backwards after the other, in the same undo step (review13 #6)', () => {
    const { ctx, s } = setup();
    const id = s().addAgent('a');
    s().editAgent(id, (a) => ({ ...a, tools: [{ name: 'search' }, { name: 'fetch_page' }] }));
    s().setPositions(id, { search: { x: 0, y: 0 }, fetch_page: { x: 260, y: 0 } });
    const before = activeDoc(s())!;
    // "fetch_page runs before search": search sat left of fetch_page, so the edge looped back under both.
    connectTools(ctx.store, id, 'fetch_page', 'search');
    const after = activeDoc(s())!;
    expect(after.layout['fetch_page']).toEqual({ x: 260, y: 0 });
    expect(after.layout['search']!.x).toBeGreaterThan(260 + 176);
    expect(after.layout['search']!.y).toBe(0);
    s().undo();
    expect(activeDoc(s())!.text).toBe(before.text);
    expect(activeDoc(s())!.layout).toEqual(before.layout);
    // A tool held by another edge stays where the user put it.
    s().editAgent(id, (a) => ({ ...a, tools: [...a.tools, { name: 'parse' }] }));
    s().setPositions(id, { parse: { x: -300, y: 0 } });
    connectTools(ctx.store, id, 'parse', 'search');
    connectTools(ctx.store, id, 'fetch_page', 'search');
    expect(activeDoc(s())!.layout['search']).toEqual({ x: 0, y: 0 });
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

  it('offers no Add tool, Add rule or Connect on Claude Code settings (their rules are written in the settings file)', () => {
    const { ctx, s } = setup();
    s().importFile('settings.json', readFileSync('e2e/fixtures/claude-graph/.claude/settings.json', 'utf8'));
    const doc = activeDoc(s())!;
    expect(doc.kind === 'agent' && doc.agent.family).toBe('claude');
    s().select({ kind: 'tool', tool: 'Bash' });
    expect(action('add-tool').enabled!(ctx)).toBe(false);
    expect(action('add-rule').enabled!(ctx)).toBe(false);
    expect(action('connect-tool').enabled!(ctx)).toBe(false);
  });
});
