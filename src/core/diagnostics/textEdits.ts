/** Applying {@link TextEdit}s (quick fixes) to a text, the way an editor applies them. */
import type { Position, TextEdit } from './types.ts';

/** Offsets of each line start (after `\n`), so a 1-based position maps to a string offset. */
function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

function offsetOf(starts: readonly number[], text: string, p: Position): number {
  const start = starts[p.line - 1];
  if (start === undefined) return text.length;
  return Math.min(start + p.column - 1, text.length);
}

/**
 * Applies non-overlapping edits (positions refer to the original text) and returns the new text.
 * Throws on overlapping edits, which no producer in Rule Studio makes.
 */
export function applyTextEdits(text: string, edits: readonly TextEdit[]): string {
  const starts = lineStarts(text);
  const spans = edits
    .map((e) => ({ from: offsetOf(starts, text, e.range.start), to: offsetOf(starts, text, e.range.end), text: e.text }))
    .sort((a, b) => a.from - b.from);
  let out = '';
  let at = 0;
  for (const s of spans) {
    if (s.from < at) throw new Error('applyTextEdits: overlapping edits');
    out += text.slice(at, s.from) + s.text;
    at = s.to;
  }
  return out + text.slice(at);
}
