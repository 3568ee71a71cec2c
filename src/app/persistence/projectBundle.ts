/** The studio's project ↔ the core project bundle (the shape exported, shared and stored). */
import type { Agent } from '../../core/model/toolRules.ts';
import type { Workflow } from '../../core/model/workflow.ts';
import type { ProjectBundle } from '../../core/project/bundle.ts';
import { BUNDLE_SCHEMA_VERSION } from '../../core/project/bundleVersion.ts';
import { newProjectId, type ProjectData } from '../state/store.ts';
import { readDocText, settledText } from '../state/documents.ts';

/**
 * The bundle of a project (exported or shared): every document with its text, layout and model,
 * its traces and its tests. A text still being written for an edit is written here, in one go.
 */
export function bundleOfProject(p: ProjectData): ProjectBundle {
  return {
    schemaVersion: BUNDLE_SCHEMA_VERSION,
    id: p.id,
    name: p.name,
    ...(p.activeDocId !== undefined ? { activeDocId: p.activeDocId } : {}),
    docs: p.docs.map((d) => {
      if (!d.pendingText) return { ...d };
      const { pendingText: _written, ...settled } = d;
      return { ...settled, text: settledText(d) };
    }),
    ...(p.traces && p.traces.length > 0 ? { traces: p.traces.map((t) => ({ ...t })) } : {}),
    ...(p.tests && p.tests.length > 0 ? { tests: p.tests.map((t) => ({ ...t })) } : {}),
  };
}

/**
 * The project a bundle holds. With `fresh: true` (imports, share links) it gets a new project id,
 * so opening it can never overwrite a stored project.
 */
export function projectOfBundle(b: ProjectBundle, opts: { fresh: boolean }): ProjectData {
  return {
    id: opts.fresh || b.id === undefined ? newProjectId() : b.id,
    name: b.name,
    docs: b.docs.map((d) => ({ ...d })),
    ...(b.activeDocId !== undefined ? { activeDocId: b.activeDocId } : {}),
    ...(b.traces ? { traces: b.traces.map((t) => ({ ...t })) } : {}),
    ...(b.tests ? { tests: b.tests.map((t) => ({ ...t })) } : {}),
  };
}

/** JSON text of a model with every object's keys sorted: the same for the same model, whatever the key order. */
const canonical = (v: unknown): string =>
  JSON.stringify(v, (_key, x: unknown) =>
    x !== null && typeof x === 'object' && !Array.isArray(x) ? Object.fromEntries(Object.entries(x).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : x,
  );

/**
 * A bundle from outside (a share link, an imported bundle file) with each document's model rebuilt
 * from its text, so the graph, the simulator, Source and Export all use the same rules: a bundle's
 * stored model could otherwise say something its text does not. A text that does not read keeps
 * the stored model (a half-typed edit keeps its last good graph) and says so; a pending text write
 * (a crafted bundle only: {@link bundleOfProject} settles them) is dropped. `notes` tell the user
 * where the model was replaced or kept.
 */
export function modelsFromTexts(b: ProjectBundle): { bundle: ProjectBundle; notes: string[] } {
  const notes: string[] = [];
  const docs = b.docs.map((doc) => {
    const { pendingText: _dropped, ...d } = doc;
    const stored = d.kind === 'agent' ? d.agent : d.workflow;
    const r = readDocText(d.kind, d.fileName, d.text, d.kind === 'agent' ? d.agent.name : undefined);
    if (!r.ok) {
      const first = r.problems[0];
      const where = first ? ` (line ${first.range.start.line}: ${first.message.replace(/[.\s]+$/, '')})` : '';
      notes.push(`“${d.fileName}”: its text does not read${where}, so its graph is the one saved with it, which its text does not show. Fix the text in Source before relying on it.`);
      return d;
    }
    if (canonical(r.model) !== canonical(stored))
      notes.push(`“${d.fileName}”: the graph saved with it did not match its text; it was rebuilt from the text, which is what runs.`);
    return d.kind === 'agent' ? { ...d, agent: r.model as Agent } : { ...d, workflow: r.model as Workflow };
  });
  return { bundle: { ...b, docs }, notes };
}
