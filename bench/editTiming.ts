/**
 * One edit of a big document timed as the studio splits it (issue 9.3): the page's main thread
 * (the edit, the pending document with the edit worker installed, the job serialised as
 * `postMessage` would, what the page draws), the edit worker's text rewrite, the reading worker's
 * read + check + projection of the written text, and the same edit in place as before. CPU time,
 * median of `runs` after one warm-up. Shared by `edit.bench.ts` and `bigDocs.bench.ts`.
 */
import '../src/app/state/codecsEager.ts';
import { serialize } from 'node:v8';
import { setOffThreadWriter } from '../src/app/state/documents.ts';
import { createTextWriter, type TextJob } from '../src/worker/editService.ts';
import { cpuMs } from './measure.ts';

export interface TimedEdit {
  name: string;
  /** The page's part: makes the edit and what it draws, and returns the edit worker's job. */
  page(): TextJob;
  /** The reading worker's part for the written text. */
  check(text: string): void;
  /** The same edit in place on the main thread, as before. */
  inPlace(): void;
}

export interface EditFigures {
  name: string;
  /** The page's main thread per edit. */
  pageMs: number;
  /** The edit worker: the text rewrite (first edit: it reads the text first). */
  writeMs: number;
  /** The reading worker: read, check and project the written text. */
  checkMs: number;
  /** The path replaced: rewrite and full projection on the main thread. */
  inPlaceMs: number;
  runs: number;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export function timeEdit(e: TimedEdit, runs: number): EditFigures {
  const page: number[] = [];
  const write: number[] = [];
  const check: number[] = [];
  const inPlace: number[] = [];
  for (let run = 0; run <= runs; run++) {
    const writeText = createTextWriter();
    const removeWriter = setOffThreadWriter();
    const p = cpuMs(() => {
      const job = e.page();
      serialize(job);
      return job;
    });
    removeWriter();
    const wr = cpuMs(() => writeText(p.value));
    if (!('text' in wr.value)) throw new Error(`${e.name}: the writer could not write the text`);
    const text = wr.value.text;
    const ch = cpuMs(() => e.check(text));
    const old = cpuMs(() => e.inPlace());
    if (run === 0) continue; // warm-up
    page.push(p.ms);
    write.push(wr.ms);
    check.push(ch.ms);
    inPlace.push(old.ms);
  }
  return { name: e.name, pageMs: median(page), writeMs: median(write), checkMs: median(check), inPlaceMs: median(inPlace), runs };
}
