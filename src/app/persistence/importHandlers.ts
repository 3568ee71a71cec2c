/**
 * Import by drag-and-drop of files onto the window and by pasting text (Ctrl/Cmd+V) when the
 * focus is not in an editable element. Trace files join the project's traces and are chosen for
 * replay together (a hegel hooks.jsonl + states.jsonl pair dropped at once replays merged).
 */
import type { StudioStore } from '../state/store.ts';
import { simulationStore } from '../simulator/simulationStore.ts';
import { applyImport } from './importApply.ts';
import { readFileImport } from './fileIO.ts';
import { blobText } from './blobText.ts';
import { isTraceFileName, MAX_TRACE_IMPORT_BYTES, readImport, type ImportReading } from './importReading.ts';

/** Chooses traces for the simulator's next run. */
export type SelectTraces = (traceIds: string[]) => void;

const selectForReplay: SelectTraces = (traceIds) => simulationStore().getState().setChoice({ traceIds });

/** Reads a file; JSON Lines traces may be larger than rule files (up to {@link MAX_TRACE_IMPORT_BYTES}). */
async function readDropped(file: File): Promise<ImportReading> {
  if (!isTraceFileName(file.name)) return readFileImport(file);
  if (file.size > MAX_TRACE_IMPORT_BYTES) {
    return { kind: 'refused', message: `${file.name} is too large to add as a trace (the limit is ${MAX_TRACE_IMPORT_BYTES / 1048576} MB). Nothing was changed.` };
  }
  try {
    return readImport(file.name, await blobText(file));
  } catch (e) {
    return { kind: 'refused', message: `${file.name} could not be read (${e instanceof Error ? e.message : String(e)}). Nothing was changed.` };
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
export async function importFiles(store: StudioStore, files: readonly File[], selectTraces: SelectTraces = selectForReplay): Promise<string[]> {
  const traceIds: string[] = [];
  for (const f of files) applyImport(store, await readDropped(f), (id) => traceIds.push(id));
  if (traceIds.length > 0) selectTraces(traceIds);
  if (traceIds.length > 1) store.getState().notify('info', `The ${traceIds.length} traces are chosen together for the next run (merged by time).`);
  return traceIds;
}

/** Installs the drop and paste handlers on `win`; returns a function that removes them. */
export function installImportHandlers(store: StudioStore, win: Window = window): () => void {
  const hasFiles = (e: DragEvent) => e.dataTransfer?.types.includes('Files') ?? false;
  const onDragOver = (e: DragEvent) => {
    if (!hasFiles(e)) return;
    e.preventDefault();
    if (e.dataTransfer) e.dataTransfer.dropEffect = 'copy';
  };
  const onDrop = (e: DragEvent) => {
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
    applyImport(store, readImport(undefined, text), (id) => selectForReplay([id]));
  };
  win.addEventListener('dragover', onDragOver);
  win.addEventListener('drop', onDrop);
  win.addEventListener('paste', onPaste);
  return () => {
    win.removeEventListener('dragover', onDragOver);
    win.removeEventListener('drop', onDrop);
    win.removeEventListener('paste', onPaste);
  };
}
