/**
 * Import by drag-and-drop of files onto the window and by pasting text (Ctrl/Cmd+V) when the
 * focus is not in an editable element.
 */
import type { StudioStore } from '../state/store.ts';
import { applyImport } from './importApply.ts';
import { readFileImport } from './fileIO.ts';
import { readImport } from './importReading.ts';

/** True when keyboard input (and so a paste) belongs to the focused element, not the app. */
export function isEditable(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  return target.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"], .monaco-editor') !== null;
}

/** Imports files one after another, each with its own notice. */
export async function importFiles(store: StudioStore, files: readonly File[]): Promise<void> {
  for (const f of files) applyImport(store, await readFileImport(f));
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
    applyImport(store, readImport(undefined, text));
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
