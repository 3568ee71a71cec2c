/**
 * Import by drag-and-drop of files onto the window and by pasting text (Ctrl/Cmd+V) when the
 * focus is not in an editable element. Trace files join the project's traces and are chosen for
 * replay together (a hegel hooks.jsonl + states.jsonl pair dropped at once replays merged).
 */
import type { StudioStore } from '../state/store.ts';
import { OFF_THREAD_CHARS } from '../state/documents.ts';
import { simulationStore } from '../simulator/simulationStore.ts';
import { applyImport } from './importApply.ts';
import { blobText } from './blobText.ts';
import { isTraceFileName, MAX_TRACE_IMPORT_BYTES, readImport, refuseBySize } from './importReading.ts';
import { createImportClient, ImportCancelled, type ImportClient } from '../../worker/importClient.ts';
import type { AnalysedImport, ImportInput } from '../../worker/importService.ts';
import { asImportBatch, importProgressStore } from './importProgress.ts';
import { afterCodecs, codecsIfLoaded, loadCodecs } from '../state/codecs.ts';
import { holdPaste, releasePaste } from './heldPastes.ts';
import { pageJournalStorage } from './journal.ts';
import { pickFiles } from './fileIO.ts';

/** Chooses traces for the simulator's next run. */
export type SelectTraces = (traceIds: string[]) => void;

export const selectForReplay: SelectTraces = (traceIds) => simulationStore().getState().setChoice({ traceIds });

let client: ImportClient | undefined;
/** The page's import worker client (created on first use). */
export function importClient(): ImportClient {
  return (client ??= createImportClient());
}

/**
 * Starts the import worker ahead of a read the user is about to ask for (files dragged over the
 * page, a file picker opened), so the read starts at once. Never at page load: most visits import
 * nothing, and the worker's module is the size of the app's first load.
 */
export function warmImport(): void {
  importClient().warm?.();
}

/** Opens the file (or, with `folder`, folder) picker and imports what is picked; the import worker loads meanwhile. */
export function pickAndImport(store: StudioStore, folder = false): void {
  warmImport();
  pickFiles((files) => void importFiles(store, files), folder);
}

/** Which of how many files is being read, for the progress card. */
interface Batch {
  file: number;
  files: number;
}

/**
 * Reads a rule file (or pasted text) in the import worker, showing progress while it runs: the
 * reading plus one analysis per document. A cancelled or failed read is a refusal.
 */
export async function readOffThread(input: ImportInput, size: number, batch: Batch = { file: 1, files: 1 }, reader: ImportClient = importClient()): Promise<AnalysedImport> {
  const source = input.name ?? 'The pasted text';
  const tooLarge = refuseBySize(source, size);
  if (tooLarge) return { reading: tooLarge, analyses: [] };
  importProgressStore.setState({ active: { source, size, progress: { stage: 'reading', step: 0, steps: 1 }, ...batch } });
  try {
    return await reader.read(input, (progress) => {
      const active = importProgressStore.getState().active;
      if (active) importProgressStore.setState({ active: { ...active, progress } });
    });
  } catch (e) {
    const message = e instanceof ImportCancelled ? `The import of ${input.name ?? 'the pasted text'} was cancelled. Nothing was changed.` : `${source} could not be read (${e instanceof Error ? e.message : String(e)}). Nothing was changed.`;
    return { reading: { kind: 'refused', message }, analyses: [] };
  } finally {
    importProgressStore.setState({ active: undefined });
  }
}

/** A file's name in the project: its path in the folder it was picked with (`policies/admin/org.toml`), else its name. */
const nameOf = (file: File) => file.webkitRelativePath || file.name;

/** Reads a file; JSON Lines traces may be larger than rule files (up to {@link MAX_TRACE_IMPORT_BYTES}). */
async function readDropped(file: File, batch: Batch, reader?: ImportClient): Promise<AnalysedImport> {
  if (!isTraceFileName(file.name)) return readOffThread({ name: nameOf(file), blob: file }, file.size, batch, reader);
  const refused = (message: string): AnalysedImport => ({ reading: { kind: 'refused', message }, analyses: [] });
  if (file.size > MAX_TRACE_IMPORT_BYTES) return refused(`${file.name} is too large to add as a trace (the limit is ${MAX_TRACE_IMPORT_BYTES / 1048576} MB). Nothing was changed.`);
  try {
    return { reading: readImport(nameOf(file), await blobText(file)), analyses: [] };
  } catch (e) {
    return refused(`${file.name} could not be read (${e instanceof Error ? e.message : String(e)}). Nothing was changed.`);
  }
}

/** True when keyboard input (and so a paste) belongs to the focused element, not the app. */
export function isEditable(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  return target.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"], .monaco-editor') !== null;
}

/**
 * Imports files one after another, each with its own notice; the traces among them are chosen
 * for replay together. Returns the ids of the traces added.
 */
export async function importFiles(store: StudioStore, files: readonly File[], selectTraces: SelectTraces = selectForReplay, reader?: ImportClient): Promise<string[]> {
  return asImportBatch(async () => {
    const traceIds: string[] = [];
    // The page reads and checks what it is handed (its Problems, its graph): its codecs first.
    const codecsLoading = loadCodecs();
    for (const [i, f] of files.entries()) {
      const { reading, analyses } = await readDropped(f, { file: i + 1, files: files.length }, reader);
      await codecsLoading;
      // The progress card goes in one task, the document comes in the next (each a render of its own).
      await new Promise((resolve) => setTimeout(resolve, 0));
      applyImport(store, reading, (id) => traceIds.push(id), analyses);
    }
    if (traceIds.length > 0) selectTraces(traceIds);
    if (traceIds.length > 1) store.getState().notify('info', `The ${traceIds.length} traces are chosen together for the next run (merged by time).`);
    return traceIds;
  });
}

/** How long after the last `dragover` the drop mark stays: above the standard's longest period. */
const DRAG_PAUSE_MS = 600;
/** How long the drop mark stays after the drag left the window: long enough for a next `dragover`. */
const LEFT_WINDOW_MS = 100;

/**
 * Installs the drop and paste handlers on `win` (files dragged over the page start the import
 * worker, so the drop is read at once); returns a function that removes the handlers.
 */
export function installImportHandlers(store: StudioStore, win: Window = window, warm: () => void = warmImport): () => void {
  let warmed = false;
  const hasFiles = (e: DragEvent) => e.dataTransfer?.types.includes('Files') ?? false;
  // While files are dragged over the page it says where they go (review15: nothing showed). A drag
  // that leaves the window ends the mark soon after (its `dragleave` has no element to go to); any
  // other end (Escape, a drop outside our handler) is the pause in `dragover` events, which the
  // HTML standard fires at least every 550 ms (350 ± 200) while the pointer is over the page. This
  // avoids counting enter/leave pairs of every child.
  const root = win.document.documentElement;
  let dragging: ReturnType<typeof setTimeout> | undefined;
  const endDrag = () => {
    if (dragging !== undefined) clearTimeout(dragging);
    dragging = undefined;
    delete root.dataset['dropping'];
  };
  const onDragOver = (e: DragEvent) => {
    if (!hasFiles(e)) return;
    e.preventDefault();
    if (!warmed) {
      warmed = true;
      warm();
    }
    if (e.dataTransfer) e.dataTransfer.dropEffect = 'copy';
    root.dataset['dropping'] = 'true';
    if (dragging !== undefined) clearTimeout(dragging);
    dragging = setTimeout(endDrag, DRAG_PAUSE_MS);
  };
  // Leaving for no element is leaving the window, except in browsers that never say where a drag
  // goes (WebKit): the next `dragover` cancels this short end, so the mark does not flicker there.
  const onDragLeave = (e: DragEvent) => {
    if (e.relatedTarget !== null || dragging === undefined) return;
    clearTimeout(dragging);
    dragging = setTimeout(endDrag, LEFT_WINDOW_MS);
  };
  const onDrop = (e: DragEvent) => {
    endDrag();
    if (!hasFiles(e)) return;
    e.preventDefault();
    void importFiles(store, [...(e.dataTransfer?.files ?? [])]);
  };
  const onPaste = (e: ClipboardEvent) => {
    if (e.defaultPrevented || isEditable(e.target) || isEditable(win.document.activeElement)) return;
    const files = [...(e.clipboardData?.files ?? [])];
    if (files.length > 0) {
      e.preventDefault();
      void importFiles(store, files);
      return;
    }
    const text = e.clipboardData?.getData('text/plain') ?? '';
    if (text === '') return;
    e.preventDefault();
    // A paste of ordinary size is applied at once, as it was typed: the journal holds it even if
    // the page goes away a moment later (a worker's start-up alone can take longer than that).
    if (text.length < OFF_THREAD_CHARS) {
      // Before the codecs have loaded the paste waits for them, held in storage meanwhile.
      const held = codecsIfLoaded() ? undefined : holdPaste(pageJournalStorage(), text);
      afterCodecs(() => {
        applyImport(store, readImport(undefined, text), (id) => selectForReplay([id]));
        releasePaste(pageJournalStorage(), held);
      }, store.getState().notify);
      return;
    }
    void Promise.all([readOffThread({ text }, text.length), loadCodecs()]).then(([{ reading, analyses }]) => applyImport(store, reading, (id) => selectForReplay([id]), analyses));
  };
  win.addEventListener('dragover', onDragOver);
  win.addEventListener('dragleave', onDragLeave);
  win.addEventListener('drop', onDrop);
  win.addEventListener('paste', onPaste);
  return () => {
    endDrag();
    win.removeEventListener('dragover', onDragOver);
    win.removeEventListener('dragleave', onDragLeave);
    win.removeEventListener('drop', onDrop);
    win.removeEventListener('paste', onPaste);
  };
}
