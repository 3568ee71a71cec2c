/**
 * Teaching mode's links: what a link carries (the run's rule files, its trace, the settings and
 * the step shown) and opening one into a new project, run and positioned at its step.
 */
import type { TeachingPayloadInput } from '../../core/simulator/teaching.ts';
import type { ChosenSettings } from '../../core/engine/settings.ts';
import { loadCodecs } from '../state/codecs.ts';
import type { ProjectData, StudioStore } from '../state/store.ts';
import { simulationStore } from './simulationStore.ts';
import { preloadPresenter } from './presenterPreload.ts';
import { resolveChoice, type RunChoice } from './runRequest.ts';
import { settingsToForm } from './settingsForm.ts';
import { decodeTeachingLink } from './teachingLink.ts';
import { groupThousands } from '../../core/engine/workflow/texts.ts';

/** A link runs its trace by itself only up to this many steps; past it the user is asked first. */
export const LINK_AUTO_RUN_ITEMS = 100_000;

export type TeachingBuild = { ok: true; payload: TeachingPayloadInput; note?: string } | { ok: false; message: string };

/** The payload for the documents and first trace of a choice, at `step`. */
export function teachingPayloadFor(project: ProjectData, choice: RunChoice, settings: ChosenSettings, step: number): TeachingBuild {
  const resolved = resolveChoice(project, choice);
  const trace = resolved.traces[0];
  if (!trace) return { ok: false, message: 'Choose a trace first: a teaching link carries one trace.' };
  const files = project.docs.filter((d) => d.id === resolved.agentDocId || d.id === resolved.workflowDocId).map((d) => ({ name: d.fileName, text: d.text, layout: d.layout }));
  if (files.length === 0) return { ok: false, message: 'Choose an agent or a workflow first.' };
  return {
    ok: true,
    payload: { schemaVersion: 1, title: project.name, files, trace: { name: trace.name, text: trace.text }, settings, step: Math.max(-1, step), ...(trace.note !== undefined ? { note: trace.note } : {}) },
    ...(resolved.traces.length > 1 ? { note: `Only the first chosen trace (${trace.name}) is in the link.` } : {}),
  };
}

/**
 * Opens a teaching link (the text after `#teach=`): validates it, loads its files and trace into a
 * NEW project of `store`, runs it and selects its step, in presenter view. A bad link changes nothing.
 */
export async function openTeachingLink(hashPayload: string, store: StudioStore): Promise<{ ok: true } | { ok: false; message: string }> {
  const read = await decodeTeachingLink(hashPayload);
  if (!read.ok) return read;
  return openTeachingPayload(read.payload, store);
}

/** What a teaching link or a guided walk-through opens: rule files, one trace, settings and a step. */
export interface TeachingContent {
  title?: string;
  files: { name: string; text: string; layout?: Readonly<Record<string, { x: number; y: number }>> | undefined }[];
  trace: { name: string; text: string };
  settings: ChosenSettings;
  step: number;
  /** The lead-in the presenter shows before the first step (kept with the trace in the project). */
  note?: string | undefined;
}

/**
 * Loads teaching content into a NEW project of `store`, runs it and selects its step, in presenter
 * view (teaching links and the gallery's guided walk-throughs).
 */
export async function openTeachingPayload(p: TeachingContent, store: StudioStore): Promise<{ ok: true } | { ok: false; message: string }> {
  // The worker that will run it loads while the files are read (it waited for them, then for a chunk).
  simulationStore().getState().warm();
  const { estimateTraceItems } = await loadCodecs();
  const studio = store.getState();
  studio.newProject(p.title ?? 'Teaching example');
  let added = 0;
  for (const f of p.files) added += store.getState().importFile(f.name, f.text);
  // The author's layout, so the audience sees the graph the author saw (no undo step).
  for (const f of p.files) {
    const doc = f.layout ? store.getState().project.docs.find((d) => d.fileName === f.name) : undefined;
    if (doc && f.layout) store.getState().placeNodes(doc.id, f.layout);
  }
  if (added === 0 && p.files.length > 0) return { ok: false, message: 'The teaching link could not be opened: none of its rule files could be read.' };
  const traceId = store.getState().addTrace(p.trace.name, p.trace.text, p.note);
  // Undo stops at the example as opened, not at an empty project.
  store.getState().settleHistory();
  const sim = simulationStore().getState();
  sim.setChoice({ traceIds: [traceId], agentDocId: undefined, workflowDocId: undefined });
  sim.setForm(settingsToForm(p.settings));
  const size = estimateTraceItems(p.trace.name, p.trace.text);
  if (size > LINK_AUTO_RUN_ITEMS) {
    sim.hold({
      message: `This teaching example's trace asks for ${groupThousands(size)} steps, more than the ${groupThousands(LINK_AUTO_RUN_ITEMS)} a link runs by itself, so it has not been run.`,
      step: p.step,
    });
    return { ok: true };
  }
  return runAndPresent(store, p.step);
}

/** Runs the held-back run of a link (the user asked for it), then shows its step in presenter view. */
export async function runHeld(store: StudioStore): Promise<{ ok: true } | { ok: false; message: string }> {
  const held = simulationStore().getState().held;
  if (!held) return { ok: false, message: 'Nothing is waiting to run.' };
  return runAndPresent(store, held.step);
}

async function runAndPresent(store: StudioStore, step: number): Promise<{ ok: true } | { ok: false; message: string }> {
  // The presenter's code loads while the run runs: it was fetched only once the run had ended.
  preloadPresenter();
  await simulationStore().getState().start(store.getState().project);
  const after = simulationStore().getState();
  if (after.run?.status !== 'done') return { ok: false, message: after.error ?? 'The teaching example did not run.' };
  after.selectStep(step);
  after.setPresenter(true);
  return { ok: true };
}
