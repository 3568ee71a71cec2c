/**
 * Issue 22: a TOML file with a syntax error was refused instead of opened to be fixed, and a
 * scripted trace with a typo (`cal:`) was called "Not a rule file". Broken rule files open with
 * their text kept and the error's line and column; graph edits wait until the text reads, so
 * nothing typed is lost; a scripted trace with an unreadable step is added with that problem.
 */
import { describe, expect, it } from 'vitest';
import { readImport } from '../../src/app/persistence/importReading.ts';
import { applyImport } from '../../src/app/persistence/importApply.ts';
import { createStudioStore, activeDoc } from '../../src/app/state/store.ts';
import { diagnosticsOf } from '../../src/app/state/documents.ts';
import { addTool } from '../../src/core/graph/agentEdits.ts';

const BROKEN_TOML = '# my agent\n[[agents]]\nname = "ops"\ntools = ["deploy", "rollback"\n\n[[agents.tool_rules]]\ntool_name = "deploy"\nrule_type = { type = "MaxCalls", value = 1 }\n';

describe('a broken rule file opens to be fixed', () => {
  it('keeps the text as it is and reports the syntax error with its line and column', () => {
    const r = readImport('ops.toml', BROKEN_TOML);
    expect(r.kind).toBe('docs');
    if (r.kind !== 'docs') return;
    expect(r.docs).toHaveLength(1);
    expect(r.docs[0]?.text).toBe(BROKEN_TOML);
    expect(r.docs[0]?.kind).toBe('agent');
    expect(r.broken?.line).toBeGreaterThanOrEqual(4);
    expect(r.broken?.message).toMatch(/^TOML syntax error/);
  });

  it('opens in the project with an error notice and the error in its diagnostics', () => {
    const store = createStudioStore();
    expect(applyImport(store, readImport('ops.toml', BROKEN_TOML))).toBe(true);
    const doc = activeDoc(store.getState());
    expect(doc?.fileName).toBe('ops.toml');
    const checked = diagnosticsOf(doc!);
    expect(checked.textApplies).toBe(false);
    expect(checked.diagnostics[0]?.code).toBe('F001');
    const notice = store.getState().notices.at(-1);
    expect(notice?.kind).toBe('error');
    expect(notice?.text).toMatch(/^Opened ops\.toml to be fixed: line \d+, column \d+: TOML syntax error/);
  });

  it('refuses a graph edit while the text does not read, then takes the fixed text', () => {
    const store = createStudioStore();
    applyImport(store, readImport('ops.toml', BROKEN_TOML));
    const doc = activeDoc(store.getState())!;
    store.getState().editAgent(doc.id, (a) => addTool(a).agent);
    expect(activeDoc(store.getState())?.text).toBe(BROKEN_TOML);
    expect(store.getState().notices.at(-1)?.text).toMatch(/has an error in its source \(line \d+, column \d+\).*nothing you typed is lost/);
    store.getState().setText(doc.id, BROKEN_TOML.replace('"rollback"\n', '"rollback"]\n'));
    const fixed = activeDoc(store.getState());
    expect(fixed?.kind === 'agent' && fixed.agent.name).toBe('ops');
    expect(fixed?.kind === 'agent' && fixed.agent.tools.map((t) => t.name)).toEqual(['deploy', 'rollback']);
  });

  // Review 11, shots 54-56: etl-pipeline.toml with `{ type = "MaxCall", value = 1` on line 39.
  it('reports an unclosed inline table at its brace', () => {
    const text = BROKEN_TOML.replace('tools = ["deploy", "rollback"\n', 'tools = ["deploy", "rollback"]\n').replace('{ type = "MaxCalls", value = 1 }', '{ type = "MaxCall", value = 1');
    const r = readImport('ops.toml', text);
    expect(r.kind === 'docs' && r.broken).toMatchObject({ line: 8, column: 13 });
  });

  it('reads a file whose only problem is an ignored rule; graph edits wait for its fix and leave no trace', () => {
    const text = BROKEN_TOML.replace('tools = ["deploy", "rollback"\n', 'tools = ["deploy", "rollback"]\n').replace('"MaxCalls"', '"MaxCall"');
    const store = createStudioStore();
    applyImport(store, readImport('ops.toml', text));
    const doc = activeDoc(store.getState())!;
    const checked = diagnosticsOf(doc);
    expect(checked.textApplies).toBe(true);
    expect(doc.kind === 'agent' && doc.agent.tools.map((t) => t.name)).toEqual(['deploy', 'rollback']);
    const f002 = checked.diagnostics.find((d) => d.code === 'F002');
    expect(f002?.message).toContain('(did you mean MaxCalls?)');
    expect(f002?.target).toMatchObject({ kind: 'agent', tool: 'deploy' });
    const undoSteps = store.getState().history.past.length;
    expect(store.getState().editAgent(doc.id, (a) => addTool(a).agent)).toBe(false);
    expect(activeDoc(store.getState())?.text).toBe(text);
    expect(store.getState().notices.at(-1)?.text).toMatch(/^ops\.toml has a rule it ignores \(line 8, column 1\): fix it in Source first/);
    expect(store.getState().history.past).toHaveLength(undoSteps);
    store.getState().setText(doc.id, text.replace('"MaxCall"', '"MaxCalls"'));
    expect(store.getState().editAgent(doc.id, (a) => addTool(a).agent)).toBe(true);
  });

  it('a broken YAML workflow opens as a workflow document', () => {
    const r = readImport('flow.yaml', 'mode: execution\nstart_node: a\nnodes:\n  a: [unclosed\n');
    expect(r.kind === 'docs' && r.docs[0]?.kind).toBe('workflow');
  });

  it('pasted (no file name), it opens to be fixed as an imported one does (review13 #9)', () => {
    const text = BROKEN_TOML.replace('tools = ["deploy", "rollback"\n', 'tools = ["deploy", "rollback"]\n').replace('{ type = "MaxCalls", value = 1 }', '{ type = "MaxCalls", value = 1');
    const pasted = readImport(undefined, text);
    expect(pasted.kind === 'docs' && pasted.broken).toMatchObject({ line: 8, column: 13 });
    expect(pasted.kind === 'docs' && pasted.docs[0]?.text).toBe(text);
    const store = createStudioStore();
    expect(applyImport(store, pasted)).toBe(true);
    expect(activeDoc(store.getState())?.fileName).toBe('pasted.toml');
    // Text with no mark of a rule file is still refused, not opened as a document.
    expect(readImport(undefined, 'just = "a note\n').kind).toBe('refused');
  });

  it('near-miss: a well-formed file that is not a rule file is still refused', () => {
    expect(readImport('notes.yaml', 'foo: bar\n').kind).toBe('refused');
  });
});

describe('a scripted trace with a typo', () => {
  const TYPO = 'start: 2025-01-01T09:00:00Z\nsteps:\n  - cal: transform\n    after: 1s\n';

  it('is added as a trace with the problem, not called "Not a rule file"', () => {
    const r = readImport('typo.yaml', TYPO);
    expect(r.kind).toBe('trace');
    expect(r.kind === 'trace' && r.problem).toMatch(/line 3: step 1: unknown key 'cal' \(did you mean 'call'\?\)/);
    const store = createStudioStore();
    applyImport(store, r);
    expect(store.getState().project.traces?.map((t) => t.name)).toEqual(['typo.yaml']);
    expect(store.getState().notices.at(-1)?.text).toMatch(/with problems to fix in Simulate mode: line 3: step 1: unknown key 'cal' \(did you mean 'call'\?\)/);
  });
});
