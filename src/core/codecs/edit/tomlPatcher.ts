/**
 * In-place edits of TOML text on top of the offsets the position scanner records
 * (`parse/tomlPositions.ts`): a value is replaced where it stands, a key is added after the last
 * key of its table, a table or an element of an array of tables (one rule) is added after the
 * last one or removed with its lines. Everything else — comments, blank lines, key order, the
 * spelling of other values — stays as it was. New tables are written the way export writes them.
 */
import type { DocPath } from '../types.ts';
import { pathKey, scanTomlLayout, type TomlLayout } from '../parse/tomlPositions.ts';
import { tomlInline, tomlKey } from '../write/agentsToml.ts';
import type { TextPatcher } from './ops.ts';
import { entriesOf, plainOf } from './tree.ts';
import { cutLines, lineEnd, lineStart } from './lines.ts';
import { append } from '../../model/append.ts';

const SEP = '\u0000';

/** Keys whose values export writes as tables (`[[…tool_rules]]`, `[…tool_specs.x]`), not inline. */
const TABLE_KEYS = new Set(['tool_rules', 'tool_specs']);

/** True for a plain table value. */
const isTable = (v: unknown): v is Record<string, unknown> => entriesOf(v) !== undefined;

/** The header of a table at `path`: `[[a.b]]` for an element of an array of tables, else `[a.b]`. */
function headerOf(path: DocPath): string {
  const keys = path.filter((p): p is string => typeof p === 'string').map(tomlKey).join('.');
  return typeof path[path.length - 1] === 'number' ? `[[${keys}]]` : `[${keys}]`;
}

/** `key = value` lines of a table's members, every value inline (as export writes a rule). */
function memberLines(value: unknown): string[] {
  return (entriesOf(plainOf(value)) ?? []).filter(([, v]) => v !== null && v !== undefined).map(([k, v]) => `${tomlKey(k)} = ${tomlInline(v)}`);
}

/** A table block: header then members; `tool_rules` / `tool_specs` members become sub-tables. */
function block(path: DocPath, value: unknown): string {
  const inline = (entriesOf(value) ?? []).filter(([k]) => !TABLE_KEYS.has(k));
  const blocks = [[headerOf(path), ...memberLines(Object.fromEntries(inline))].join('\n')];
  for (const [k, v] of entriesOf(value) ?? []) if (TABLE_KEYS.has(k)) append(blocks, subBlocks([...path, k], v));
  return blocks.join('\n\n');
}

/** The blocks of a `tool_rules` array or a `tool_specs` table written as tables. */
function subBlocks(path: DocPath, value: unknown): string[] {
  if (Array.isArray(value)) return value.map((v, i) => block([...path, i], v));
  return (entriesOf(value) ?? []).map(([k, v]) => block([...path, k], v));
}

/** True when `value` at `key` is written as tables rather than inline. */
function writtenAsTables(key: string | number, value: unknown): boolean {
  if (typeof key !== 'string' || !TABLE_KEYS.has(key)) return false;
  if (Array.isArray(value)) return value.length > 0 && value.every(isTable);
  const entries = entriesOf(value);
  return entries !== undefined && entries.length > 0 && entries.every(([, v]) => isTable(v));
}

class Layout {
  readonly headerKeys: Set<string>;
  constructor(
    readonly text: string,
    readonly raw: TomlLayout,
  ) {
    this.headerKeys = new Set(raw.headers.map((h) => h.key));
  }

  isHeader(key: string): boolean {
    return this.headerKeys.has(key);
  }

  /** True when `key` is a `key = value` entry (not a header, not a table implied by headers). */
  isEntry(key: string): boolean {
    const o = this.raw.offsets.get(key);
    return o !== undefined && !this.headerKeys.has(key) && this.text.charAt(o[2]) !== '[';
  }

  /** True when `key` names a table only implied by deeper headers (`[a.b.c]` implies `a.b`). */
  isImplied(key: string): boolean {
    const o = this.raw.offsets.get(key);
    return o !== undefined && !this.headerKeys.has(key) && this.text.charAt(o[2]) === '[';
  }

  /** The last offset of anything under `key` (itself included). */
  regionEnd(key: string): number {
    let end = -1;
    const prefix = key === '' ? '' : key + SEP;
    for (const [k, o] of this.raw.offsets) if (k === key || k.startsWith(prefix)) end = Math.max(end, o[3]);
    return end;
  }

  /** The lines of the table at `key` and everything under it: [start, end of its last line). */
  region(key: string): [number, number] | undefined {
    const o = this.raw.offsets.get(key);
    if (!o) return undefined;
    return [lineStart(this.text, o[2]), lineEnd(this.text, this.regionEnd(key))];
  }

  /** Where a new `key = value` line of the table `key` goes: the end of its last such line. */
  entryInsertAt(key: string): number | undefined {
    const depth = key === '' ? 0 : key.split(SEP).length;
    let at = -1;
    for (const [k, o] of this.raw.offsets) {
      const parts = k.split(SEP);
      if (parts.length !== depth + 1 || (key !== '' && !k.startsWith(key + SEP)) || !this.isEntry(k)) continue;
      at = Math.max(at, o[3]);
    }
    if (at >= 0) return lineEnd(this.text, at);
    if (key === '') return undefined;
    const o = this.raw.offsets.get(key);
    return o && this.isHeader(key) ? lineEnd(this.text, o[3]) : undefined;
  }

  /** How many elements the array of tables at `key` has (0 when it is not one). */
  elementCount(key: string): number {
    let n = 0;
    while (this.isHeader(key + SEP + n)) n++;
    return n;
  }
}

const layoutOf = (text: string): Layout => new Layout(text, scanTomlLayout(text));

/** Inserts `block` as its own paragraph after offset `at` (the end of a line). */
const insertParagraph = (text: string, at: number, content: string): string => `${text.slice(0, at)}\n\n${content}${text.slice(at)}`;

function replace(text: string, path: DocPath, value: unknown): string | undefined {
  const L = layoutOf(text);
  const key = pathKey(path);
  const o = L.raw.offsets.get(key);
  if (L.isEntry(key) && o) {
    if (typeof path[path.length - 1] === 'number') return text.slice(0, o[2]) + tomlInline(plainOf(value)) + text.slice(o[3]);
    let v = o[1];
    while (v < o[3] && text.charAt(v) !== '=') v++;
    if (text.charAt(v) !== '=') return undefined;
    v++;
    while (text.charAt(v) === ' ' || text.charAt(v) === '\t') v++;
    return text.slice(0, v) + tomlInline(plainOf(value)) + text.slice(o[3]);
  }
  if (L.isHeader(key) && isTable(value)) {
    const r = L.region(key);
    return r && text.slice(0, r[0]) + block(path, value) + text.slice(r[1]);
  }
  const count = L.elementCount(key);
  if (count > 0 && Array.isArray(value) && value.every(isTable)) {
    const first = L.region(key + SEP + 0);
    const last = L.region(key + SEP + (count - 1));
    if (!first || !last) return undefined;
    return text.slice(0, first[0]) + value.map((v, i) => block([...path, i], v)).join('\n\n') + text.slice(last[1]);
  }
  return undefined;
}

/**
 * Inserts element `key` into the inline array at `pk` after the element before it, with the
 * separator the array already uses (`,\n  ` in an array written one element a line), so a
 * hand-formatted `tools = [...]` keeps its form. Undefined when the array has no element before
 * `key` or a comment sits between two of its elements (the caller rewrites the array).
 */
function insertInArray(text: string, L: Layout, pk: string, key: number, value: unknown): string | undefined {
  const prevKey = pk + SEP + (key - 1);
  const prev = L.raw.offsets.get(prevKey);
  if (key === 0 || !prev || !L.isEntry(prevKey)) return undefined;
  const before = key >= 2 ? L.raw.offsets.get(pk + SEP + (key - 2)) : undefined;
  const sep = before ? text.slice(before[3], prev[2]) : ', ';
  if (!/^[ \t]*,\s*$/.test(sep)) return undefined;
  return text.slice(0, prev[3]) + sep + tomlInline(plainOf(value)) + text.slice(prev[3]);
}

function insert(text: string, parent: DocPath, key: string | number, value: unknown): string | undefined {
  const L = layoutOf(text);
  const pk = pathKey(parent);
  if (typeof key === 'number') {
    const count = L.elementCount(pk);
    if (count === 0) return insertInArray(text, L, pk, key, value);
    if (!isTable(value)) return undefined;
    const content = block([...parent, key], value);
    if (key < count) {
      const r = L.region(pk + SEP + key);
      return r && `${text.slice(0, r[0])}${content}\n\n${text.slice(r[0])}`;
    }
    const r = L.region(pk + SEP + (count - 1));
    return r && insertParagraph(text, r[1], content);
  }
  if (writtenAsTables(key, value)) {
    const end = pk === '' ? text.trimEnd().length : L.region(pk)?.[1];
    if (end === undefined || !(pk === '' || L.isHeader(pk))) return undefined;
    const content = subBlocks([...parent, key], value).join('\n\n');
    return end === 0 ? `${content}\n${text}` : insertParagraph(text, end, content);
  }
  if (L.isImplied(pk) && isTable(value)) {
    const r = L.region(pk);
    return r && insertParagraph(text, r[1], block([...parent, key], value));
  }
  if (!(pk === '' || L.isHeader(pk))) return undefined;
  const line = `${tomlKey(key)} = ${tomlInline(plainOf(value))}`;
  const at = L.entryInsertAt(pk);
  if (at === undefined) {
    if (pk !== '') return undefined;
    const firstHeader = L.raw.headers[0];
    const before = firstHeader ? lineStart(text, firstHeader.start) : text.length;
    return `${text.slice(0, before)}${line}\n${firstHeader ? '\n' : ''}${text.slice(before)}`;
  }
  return `${text.slice(0, at)}\n${line}${text.slice(at)}`;
}

function remove(text: string, parent: DocPath, key: string | number): string | undefined {
  const L = layoutOf(text);
  const k = pathKey([...parent, key]);
  const o = L.raw.offsets.get(k);
  const count = L.elementCount(k);
  if (!o && count > 0) {
    // A whole array of tables (`[[…tool_rules]]`): remove each element, last first.
    let cur = text;
    for (let i = count - 1; i >= 0; i--) {
      const r = layoutOf(cur).region(k + SEP + i);
      if (!r) return undefined;
      cur = cutLines(cur, r[0], r[1]);
    }
    return cur;
  }
  if (!o) return undefined;
  if (L.isHeader(k)) {
    const r = L.region(k);
    return r && cutLines(text, r[0], r[1]);
  }
  if (L.isEntry(k)) {
    const start = lineStart(text, o[2]);
    const end = lineEnd(text, o[3]);
    const before = text.slice(start, o[2]);
    const after = text.slice(o[3], end).trim();
    if (before.trim() !== '' || (after !== '' && !after.startsWith('#'))) return undefined;
    // A comment after the removed key stays, on a line of its own.
    return after === '' ? cutLines(text, start, end) : text.slice(0, start) + before + after + text.slice(end);
  }
  if (L.isImplied(k)) {
    // A table implied by its sub-tables (`[agents.tool_specs.x]`): remove each of them, last first.
    const subs = L.raw.headers.filter((h) => h.key.startsWith(k + SEP)).reverse();
    let cur = text;
    for (const h of subs) {
      const CL = layoutOf(cur);
      const r = CL.region(h.key);
      if (!r) return undefined;
      cur = cutLines(cur, r[0], r[1]);
    }
    return cur;
  }
  return undefined;
}

/** The TOML text patcher. */
export const tomlPatcher: TextPatcher = { replace, insert, remove };
