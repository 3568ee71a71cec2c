/**
 * Rewrites one JSON array of objects in place (a Letta agent's `tool_rules`) with the smallest
 * change: unchanged elements keep their bytes, a changed object has only its changed values
 * replaced or its new keys appended, inserted and removed elements take or give up their commas.
 * New text follows the file's layout: indented by the file's own unit when the file is laid out on
 * lines, compact when it is one line (as `JSON.stringify` writes), and `\uXXXX`-escaped when the
 * file has no raw non-ASCII character (Python's `ensure_ascii`).
 *
 * Written for agent files of hundreds of kilobytes, some on one line, where a general JSON editor
 * re-formats whole lines (seconds on a one-line file): this one works on offsets found by
 * `jsonScan.ts` and costs a few scans of the text.
 */
import type { DocPath } from '../types.ts';
import { elementsAt, membersAt, spanAt, type JsonSpan } from '../parse/jsonScan.ts';
import { sameTree, valueAt } from './tree.ts';

interface Edit {
  start: number;
  end: number;
  text: string;
}

interface Style {
  pretty: boolean;
  unit: string;
  asciiOnly: boolean;
}

function styleOf(text: string): Style {
  const unit = /\n([ \t]+)\S/.exec(text)?.[1] ?? '  ';
  // Any character past ASCII written raw (line breaks and tabs aside) means the file is not ensure_ascii.
  // eslint-disable-next-line no-control-regex
  return { pretty: text.trimEnd().includes('\n'), unit, asciiOnly: !/[^\x00-\x7f]/.test(text) };
}

/** The white space that starts the line holding `offset`. */
function lineIndent(text: string, offset: number): string {
  const start = text.lastIndexOf('\n', offset - 1) + 1;
  return /^[ \t]*/.exec(text.slice(start, offset))?.[0] ?? '';
}

/** A value as JSON in the file's style, its lines after the first indented by `indent`. */
function serialize(value: unknown, indent: string, style: Style): string {
  let s = style.pretty ? JSON.stringify(value, null, style.unit).replace(/\n/g, `\n${indent}`) : JSON.stringify(value);
  if (style.asciiOnly) s = s.replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return s;
}

function applyEdits(text: string, edits: Edit[]): string {
  let out = text;
  for (const e of [...edits].sort((a, b) => b.start - a.start)) out = out.slice(0, e.start) + e.text + out.slice(e.end);
  return out;
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** Edits turning the object at `span` from `before` into `after`; one whole replacement when keys go. */
function objectEdits(text: string, span: JsonSpan, before: unknown, after: unknown, style: Style): Edit[] {
  const whole = (): Edit[] => [{ start: span.start, end: span.end, text: serialize(after, lineIndent(text, span.start), style) }];
  const members = membersAt(text, span.start);
  if (!isObject(before) || !isObject(after) || !members || members.length === 0) return whole();
  if (Object.keys(before).some((k) => !(k in after))) return whole();
  const edits: Edit[] = [];
  for (const m of members) {
    if (!sameTree(before[m.key], after[m.key])) edits.push({ start: m.start, end: m.end, text: serialize(after[m.key], lineIndent(text, m.keyStart), style) });
  }
  const last = members[members.length - 1]!;
  const indent = lineIndent(text, last.keyStart);
  const added = Object.keys(after).filter((k) => !(k in before));
  if (added.length > 0) {
    const sep = style.pretty ? `,\n${indent}` : ',';
    const colon = style.pretty ? ': ' : ':';
    edits.push({ start: last.end, end: last.end, text: added.map((k) => `${sep}${serialize(k, indent, style)}${colon}${serialize(after[k], indent, style)}`).join('') });
  }
  return edits;
}

/** Edits turning the array at `span` (elements of `before`) into `after`. */
function arrayEdits(text: string, span: JsonSpan, before: unknown[], after: unknown[], style: Style): Edit[] | undefined {
  const els = elementsAt(text, span.start);
  if (!els || els.length !== before.length) return undefined;
  let head = 0;
  while (head < before.length && head < after.length && sameTree(before[head], after[head])) head++;
  let tail = 0;
  while (tail < before.length - head && tail < after.length - head && sameTree(before[before.length - 1 - tail], after[after.length - 1 - tail])) tail++;
  const oldMid = els.slice(head, els.length - tail);
  const newMid = after.slice(head, after.length - tail);
  if (oldMid.length === newMid.length) return oldMid.flatMap((el, i) => objectEdits(text, el, before[head + i], newMid[i], style));
  const outer = lineIndent(text, span.start);
  if (els.length === 0 || newMid.length === after.length) {
    // Every element changes: the array is written whole, in the file's layout.
    return [{ start: span.start, end: span.end, text: serialize(after, outer, style) }];
  }
  const indent = style.pretty ? lineIndent(text, els[0]!.start) : '';
  const sep = style.pretty ? `,\n${indent}` : ',';
  const items = newMid.map((v) => serialize(v, indent, style)).join(sep);
  const first = oldMid[0];
  const lastOld = oldMid[oldMid.length - 1];
  if (first && lastOld && newMid.length > 0) return [{ start: first.start, end: lastOld.end, text: items }];
  if (first && lastOld) {
    // Only removals: take the comma before the removed run (or after it, at the start).
    return head > 0 ? [{ start: els[head - 1]!.end, end: lastOld.end, text: '' }] : [{ start: first.start, end: els[oldMid.length]!.start, text: '' }];
  }
  // Only insertions, at `head`.
  return head > 0 ? [{ start: els[head - 1]!.end, end: els[head - 1]!.end, text: sep + items }] : [{ start: els[0]!.start, end: els[0]!.start, text: items + sep }];
}

const parse = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
};

/**
 * `text` with the array at `path` made equal to `after` by the smallest edit, or undefined when
 * the path leads nowhere the array can be written. A `null` there is replaced by the array; a
 * missing last key is added to its object.
 */
export function patchJsonArray(text: string, path: DocPath, after: unknown[]): string | undefined {
  const value = parse(text);
  if (value === undefined) return undefined;
  const before = valueAt(value, path);
  const style = styleOf(text);
  let edits: Edit[] | undefined;
  const span = spanAt(text, path);
  if (Array.isArray(before) && span) edits = arrayEdits(text, span, before, after, style);
  else if (span) edits = [{ start: span.start, end: span.end, text: serialize(after, lineIndent(text, span.start), style) }];
  else if (path.length > 0) {
    const key = path[path.length - 1];
    const owner = spanAt(text, path.slice(0, -1));
    const members = owner && typeof key === 'string' ? membersAt(text, owner.start) : undefined;
    const last = members?.[members.length - 1];
    if (!last || typeof key !== 'string') return undefined;
    const indent = lineIndent(text, last.keyStart);
    const sep = style.pretty ? `,\n${indent}` : ',';
    edits = [{ start: last.end, end: last.end, text: `${sep}${JSON.stringify(key)}${style.pretty ? ': ' : ':'}${serialize(after, indent, style)}` }];
  }
  if (!edits) return undefined;
  const out = applyEdits(text, edits);
  return sameTree(valueAt(parse(out), path), after) ? out : undefined;
}
