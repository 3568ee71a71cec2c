/**
 * What a share link (or an imported bundle) shows is what runs (issue 29): a link whose document
 * text says `tools = ["visible"]` while its stored model has `hidden` with MaxCalls 0 used to draw
 * and simulate the model while Source and Export showed the text. Opening one rebuilds each model
 * from its text, and says so.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Agent } from '../../src/core/model/toolRules.ts';
import { decodeBundle, type ProjectBundle } from '../../src/core/project/bundle.ts';
import { encodeShareLink } from '../../src/core/project/shareLink.ts';
import { applyImport } from '../../src/app/persistence/importApply.ts';
import { bundleOfProject, modelsFromTexts } from '../../src/app/persistence/projectBundle.ts';
import { openShareFromUrl } from '../../src/app/persistence/share.ts';
import { docsFromFile, type AgentDoc } from '../../src/app/state/documents.ts';
import { createStudioStore, type StudioStore } from '../../src/app/state/store.ts';

const TEXT = 'name = "shared"\ntools = ["visible"]\n';
const HIDDEN: Agent = { name: 'shared', tools: [{ name: 'hidden' }], rules: [{ tool_name: 'hidden', rule_type: { type: 'MaxCalls', value: 0 }, conditions: [], priority: 5 }] };

/** The link of the issue: text and model disagree. */
const disagreeing: ProjectBundle = {
  schemaVersion: 2,
  name: 'Disagreeing',
  docs: [{ kind: 'agent', id: 'a', fileName: 'shared.toml', text: TEXT, layout: {}, agent: HIDDEN }],
};

/** A window whose address holds `#share=<payload>`. */
function windowAt(payload: string): Window {
  const loc = { hash: `#share=${payload}`, pathname: '/', search: '' };
  return { location: loc, history: { state: null, replaceState: () => (loc.hash = '') } } as unknown as Window;
}

const agentOf = (store: StudioStore) => (store.getState().project.docs[0] as AgentDoc).agent;
const notices = (store: StudioStore) => store.getState().notices.map((n) => n.text);

describe('a share link whose model and text disagree', () => {
  it('repro: opens with the model of its text (visible, no MaxCalls 0 on hidden), and says so', async () => {
    const store = createStudioStore(undefined, () => 0);
    expect(await openShareFromUrl(store, windowAt(await encodeShareLink(disagreeing)))).toBe(true);
    const agent = agentOf(store);
    expect(agent.tools.map((t) => t.name)).toEqual(['visible']);
    expect(agent.rules).toEqual([]);
    expect((store.getState().project.docs[0] as AgentDoc).text).toBe(TEXT);
    expect(notices(store)).toContainEqual(expect.stringMatching(/“shared\.toml”: the graph saved with it did not match its text; it was rebuilt from the text/));
  });

  it('an imported bundle file is opened the same way', () => {
    const store = createStudioStore(undefined, () => 0);
    applyImport(store, { kind: 'bundle', bundle: disagreeing, warnings: [], source: 'shared.json' });
    expect(agentOf(store).tools.map((t) => t.name)).toEqual(['visible']);
    expect(notices(store)).toContainEqual(expect.stringMatching(/rebuilt from the text/));
  });

  it('a text that does not read keeps the stored model, with a warning that its text does not show it', () => {
    const broken: ProjectBundle = { ...disagreeing, docs: [{ ...disagreeing.docs[0]!, text: 'name = "shared"\ntools = ["visible"\n' }] };
    const { bundle, notes } = modelsFromTexts(broken);
    expect((bundle.docs[0] as { agent: Agent }).agent).toEqual(HIDDEN);
    expect(notes).toEqual([expect.stringMatching(/^“shared\.toml”: its text does not read \(line \d+: .+\), so its graph is the one saved with it/)]);
  });

  it('a crafted pending text write is dropped: the text is what runs', () => {
    const pending: ProjectBundle = { ...disagreeing, docs: [{ ...disagreeing.docs[0]!, pendingText: { base: HIDDEN } } as ProjectBundle['docs'][number]] };
    const { bundle } = modelsFromTexts(pending);
    expect(bundle.docs[0]).not.toHaveProperty('pendingText');
    expect((bundle.docs[0] as { agent: Agent }).agent.tools.map((t) => t.name)).toEqual(['visible']);
  });

  it('the examples, shared as the studio shares them, open with no note and the same models', () => {
    const store = createStudioStore(undefined, () => 0);
    const files = ['etl-pipeline.toml', 'api-client.toml', 'consent-shell.toml', 'hegel-execution.yaml', 'file-tool-gating.toml', 'letta-refund-agent.af'];
    store.getState().addDocs(files.flatMap((f) => docsFromFile(f, readFileSync(`examples/${f}`, 'utf8')).docs));
    // and a graph edit, whose text the studio writes from the model
    const first = store.getState().project.docs[0]!;
    store.getState().editAgent(first.id, (a) => ({ ...a, tools: [...a.tools, { name: 'added' }], rules: [...a.rules, { tool_name: 'added', rule_type: { type: 'MaxCalls', value: 2 }, conditions: [], priority: 5 }] }));
    const { id: _id, ...project } = bundleOfProject(store.getState().project);
    // as a link carries it: JSON, read back through the bundle schema (key order and defaults as zod gives them)
    const decoded = decodeBundle(JSON.stringify(project));
    if (!decoded.ok) throw new Error(decoded.message);
    const shared = decoded.bundle;
    const { bundle, notes } = modelsFromTexts(shared);
    expect(notes).toEqual([]);
    expect(bundle.docs.length).toBeGreaterThanOrEqual(files.length);
    expect(bundle).toEqual(shared);
    expect(modelsFromTexts(project).notes).toEqual([]);
  });
});
