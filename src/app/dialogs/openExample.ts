/**
 * Opening a gallery example: its rule files as documents, and the sessions and traces it names
 * (a Codex example's recorded session, the traces its shipped tests replay) as the project's
 * traces, where the Policy and Tests tabs read them. The notice names only what was added.
 */
import { sessionOf, testOf, type Example, type FolderExample } from '../examples.ts';
import type { StudioStore } from '../state/store.ts';

/**
 * An example opens as a project of its own, as Stately's do, never merged into the open one (twice
 * the same example gave two agents of one name): an empty project becomes the example's; one with
 * work in it stays saved in this browser and a new project is started. Returns the name of the
 * project kept, if one was.
 */
function asOwnProject(store: StudioStore, title: string): string | undefined {
  const p = store.getState().project;
  const empty = p.docs.length === 0 && (p.traces ?? []).length === 0 && (p.tests ?? []).length === 0;
  if (empty) {
    store.getState().renameProject(title);
    return undefined;
  }
  store.getState().newProject(title);
  return p.name;
}

const keptText = (kept: string | undefined) => (kept === undefined ? '' : `, as a new project (“${kept}” is still saved: Examples → Saved projects)`);

/** Adds the traces the project does not hold yet (by name); returns those added. */
function addTraces(store: StudioStore, traces: readonly Example[]): Example[] {
  const held = new Set((store.getState().project.traces ?? []).map((t) => t.name));
  return traces.filter((t) => {
    if (held.has(t.name)) return false;
    held.add(t.name);
    store.getState().addTrace(t.name, t.text);
    return true;
  });
}

/** Opens example `name` with the session and tests it names; returns the notice, or undefined when nothing could be opened. */
export function openExample(store: StudioStore, name: string, text: string): string | undefined {
  const notice = openExampleParts(store, name, text);
  // Undo stops at the example as opened (review13: a second Ctrl+Z removed the whole example).
  store.getState().settleHistory();
  return notice;
}

function openExampleParts(store: StudioStore, name: string, text: string): string | undefined {
  const kept = asOwnProject(store, name.replace(/\.[^.]+$/, ''));
  if (store.getState().importFile(name, text) === 0) return undefined;
  // A session is a trace of the project (the Policy tab counts its calls), not a rule file.
  const session = sessionOf(name);
  const sessionAdded = session !== undefined && addTraces(store, [session]).length > 0;
  const tests = testOf(name);
  if (tests) {
    addTraces(store, tests.traces);
    if (!(store.getState().project.tests ?? []).some((t) => t.name === tests.test.name)) store.getState().addTest(tests.test.name, tests.test.text);
  }
  const extras = [sessionAdded ? `the session ${session.name} (see the Policy tab)` : undefined, tests ? `its tests, ${tests.test.name} (see the Tests tab)` : undefined].filter((x) => x !== undefined);
  return `Opened a copy of the example ${name}${extras.length > 0 ? ` with ${extras.join(' and ')}` : ''}${keptText(kept)}.`;
}

/** Opens a folder example (Gemini CLI policies of several tiers) with its traces; the notice, or undefined when nothing could be opened. */
export function openFolderExample(store: StudioStore, f: FolderExample): string | undefined {
  const kept = asOwnProject(store, f.name);
  const added = f.files.reduce((n, e) => n + store.getState().importFile(e.name, e.text), 0);
  if (added === 0) return undefined;
  const traces = addTraces(store, f.traces);
  store.getState().settleHistory();
  const what = traces.length === 0 ? '' : ` and the trace ${traces.map((t) => t.name).join(', ')} (see the Policy tab)`;
  return `Opened a copy of the example ${f.name}/: ${f.files.length} files${what}${keptText(kept)}.`;
}
