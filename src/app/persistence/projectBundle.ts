/** The studio's project ↔ the core project bundle (the shape exported, shared and stored). */
import type { ProjectBundle } from '../../core/project/bundle.ts';
import { BUNDLE_SCHEMA_VERSION } from '../../core/project/bundle.ts';
import { newProjectId, type ProjectData } from '../state/store.ts';
import { settledText } from '../state/documents.ts';

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
