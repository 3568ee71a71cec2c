/**
 * The narration a scripted trace's author wrote in YAML comments (`# too early: extract has not
 * run yet`), tied to the steps it speaks about, so the presenter can show it as speaker text.
 *
 * A comment after a step's content belongs to that step; a block of whole-line comments directly
 * above a step belongs to the step below it; the comments above `steps:` (or above the first step
 * of a bare list) are the trace's introduction. Pure: no DOM, no engine.
 */
import { LineCounter, isMap, isScalar, isSeq, parseDocument, type Node } from 'yaml';

/** A scripted trace's narration: the introduction and, by a step's 1-based line, what was said about it. */
export interface TraceNarration {
  /** The comments at the top of the file, before the first step. */
  intro?: string;
  /** Comments by the line of the step they speak about (the line trace items carry as `line`). */
  byLine: ReadonlyMap<number, string>;
}

const NONE: TraceNarration = { byLine: new Map() };

/** The comment text of a line (`# …` outside quotes, at its start or after a space), or undefined. */
export function commentOf(line: string): { text: string; whole: boolean } | undefined {
  let quote: string | undefined;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quote) {
      if (c === quote) quote = undefined;
      continue;
    }
    if (c === '"' || c === "'") {
      // A quote opens a string only where a YAML scalar may start (not inside a plain word: it's).
      const before = line.slice(0, i).trimEnd();
      if (before === '' || /[:\-[{,]$/.test(before)) quote = c;
      continue;
    }
    if (c === '#' && (i === 0 || line[i - 1] === ' ' || line[i - 1] === '\t')) {
      const text = line.slice(i + 1).trim();
      return text === '' ? undefined : { text, whole: line.slice(0, i).trim() === '' };
    }
  }
  return undefined;
}

/** The 1-based lines the steps of a scripted trace start on, in order (empty when it does not parse). */
function stepLines(text: string): number[] {
  const counter = new LineCounter();
  const doc = parseDocument(text, { lineCounter: counter, uniqueKeys: false, prettyErrors: false });
  if (doc.errors.length > 0) return [];
  const root = doc.contents as Node | null;
  let steps: Node | null | undefined;
  if (isSeq(root)) steps = root;
  else if (isMap(root)) steps = root.items.find((p) => isScalar(p.key) && p.key.value === 'steps')?.value as Node | null | undefined;
  if (!steps || !isSeq(steps)) return [];
  return steps.items.flatMap((n) => {
    const range = (n as Node | null)?.range;
    return range ? [counter.linePos(range[0]).line] : [];
  });
}

/** Reads the narration of a scripted YAML trace (see the module comment). */
export function traceNarration(text: string): TraceNarration {
  const starts = stepLines(text);
  if (starts.length === 0) return NONE;
  const lines = text.split(/\r?\n/);
  const byLine = new Map<number, string[]>();
  const intro: string[] = [];
  const add = (line: number, said: string) => {
    const list = byLine.get(line);
    if (list) list.push(said);
    else byLine.set(line, [said]);
  };
  const first = starts[0] as number;
  let pending: string[] = [];
  let next = 0;
  let current: number | undefined;
  for (let i = 0; i < lines.length; i++) {
    const lineNo = i + 1;
    while (next < starts.length && (starts[next] as number) <= lineNo) current = starts[next++];
    const comment = commentOf(lines[i] as string);
    if (lineNo < first) {
      if (comment?.whole) intro.push(comment.text);
      continue;
    }
    if (comment?.whole) {
      pending.push(comment.text);
      continue;
    }
    const blank = (lines[i] as string).trim() === '';
    if (blank) continue;
    // A content line: the block of whole-line comments above it goes to the step it starts, or,
    // when it continues a step, stays with that step.
    if (pending.length > 0 && current !== undefined) for (const p of pending) add(current, p);
    pending = [];
    if (comment && current !== undefined) add(current, comment.text);
  }
  return {
    ...(intro.length > 0 ? { intro: intro.join(' ') } : {}),
    byLine: new Map([...byLine].map(([line, said]) => [line, said.join(' ')])),
  };
}
