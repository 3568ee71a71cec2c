/**
 * The import in progress, for the progress card: which file, which stage, how far, and how to
 * stop it. Set while the import worker reads a file; empty otherwise.
 */
import { createStore } from 'zustand/vanilla';
import type { ImportProgress } from '../../worker/importService.ts';

export interface ActiveImport {
  /** The file (or "the pasted text") being imported. */
  source: string;
  /** Its size in characters or bytes, for the card. */
  size: number;
  progress: ImportProgress;
  /** Which of several files this is (1-based) and how many there are. */
  file: number;
  files: number;
}

export interface ImportProgressState {
  active?: ActiveImport;
  /**
   * Import batches (files picked or dropped together) not yet applied to the project. A batch
   * counts from its first file's read until its last file is in the project, so a Run started
   * in between would miss a trace still being read.
   */
  batches?: number;
}

export const importProgressStore = createStore<ImportProgressState>()(() => ({}));

const STAGE_LABEL: Record<ImportProgress['stage'], string> = {
  reading: 'Reading',
  checking: 'Checking',
  projecting: 'Drawing the graph of',
  'laying out': 'Laying out',
};

/** One line saying what the import is doing: "Checking big.toml (2 of 4)". */
export function describeImport(a: ActiveImport): string {
  const what = a.progress.doc ?? a.source;
  const of = a.files > 1 ? ` — file ${a.file} of ${a.files}` : '';
  return `${STAGE_LABEL[a.progress.stage]} ${what}${of}`;
}

/** The part done, 0…1 (stages done of all stages known so far). */
export function importFraction(p: ImportProgress): number {
  return p.steps <= 0 ? 0 : Math.min(1, p.step / p.steps);
}

/** Runs `work` as one import batch: {@link ImportProgressState.batches} counts it until it ends. */
export async function asImportBatch<T>(work: () => Promise<T>): Promise<T> {
  const count = (d: number) => importProgressStore.setState((s) => ({ batches: Math.max(0, (s.batches ?? 0) + d) }));
  count(1);
  try {
    return await work();
  } finally {
    count(-1);
  }
}

/** True while a file is being read or a batch of files is not yet in the project. */
export const importPending = (s: ImportProgressState): boolean => s.active !== undefined || (s.batches ?? 0) > 0;

/**
 * A promise that settles once no import is pending ({@link importPending}), or undefined when none
 * is: for work that must see the imported files in the project (the Corpus view's replay).
 */
export function importsSettled(store = importProgressStore): Promise<void> | undefined {
  if (!importPending(store.getState())) return undefined;
  return new Promise((resolve) => {
    const stop = store.subscribe((s) => {
      if (importPending(s)) return;
      stop();
      resolve();
    });
  });
}
