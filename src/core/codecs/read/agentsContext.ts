/**
 * Shared state of one agents read: the document, the file name, the diagnostics met so far, and
 * helpers that position a diagnostic at a document path (falling back to the enclosing element,
 * then the file start).
 */
import type { Diagnostic, Range, Severity, Target } from '../../diagnostics/types.ts';
import { FILE_START } from '../../diagnostics/types.ts';
import { diag } from '../../diagnostics/make.ts';
import type { DocPath, ParsedDoc } from '../types.ts';
import { tomlInline } from '../write/agentsToml.ts';

export interface ReadContext {
  readonly doc: ParsedDoc;
  readonly file: string;
  readonly diagnostics: Diagnostic[];
}

/** The range of `path`, else of its nearest enclosing path that can be located, else the file start. */
export function rangeAt(doc: ParsedDoc, path: DocPath, part?: 'key' | 'value'): Range {
  for (let n = path.length; n > 0; n--) {
    const r = doc.locate(path.slice(0, n), n === path.length ? part : undefined);
    if (r) return r;
  }
  return FILE_START;
}

/** Records a diagnostic positioned at `path`. */
export function report(
  ctx: ReadContext,
  code: string,
  severity: Severity,
  message: string,
  path: DocPath,
  target: Target,
  part?: 'key' | 'value',
): void {
  ctx.diagnostics.push(diag(code, severity, message, ctx.file, rangeAt(ctx.doc, path, part), target));
}

/** True for a plain object (a table). */
export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** True for an array of strings. */
export function isStringArray(v: unknown): v is string[] {
  return Array.isArray(v) && v.every((x) => typeof x === 'string');
}

const MAX_SHOWN = 80;

/** Values nested deeper than this are shown as `…` in messages (and never recursed into). */
const MAX_SHOWN_DEPTH = 8;

/** A short JSON-like preview of any value: bounded in depth and length, never throws. */
function preview(v: unknown, depth: number): string {
  if (depth > MAX_SHOWN_DEPTH) return '…';
  if (Array.isArray(v)) {
    const items: string[] = [];
    for (const x of v.slice(0, 8)) items.push(preview(x, depth + 1));
    return `[${items.join(', ')}${v.length > 8 ? ', …' : ''}]`;
  }
  if (v !== null && typeof v === 'object') {
    const entries = Object.entries(v as Record<string, unknown>);
    const items = entries.slice(0, 8).map(([k, x]) => `${JSON.stringify(k)}: ${preview(x, depth + 1)}`);
    return `{${items.join(', ')}${entries.length > 8 ? ', …' : ''}}`;
  }
  if (typeof v === 'string') return JSON.stringify(v.length > MAX_SHOWN ? v.slice(0, MAX_SHOWN) : v);
  return String(v);
}

/** True when `v` nests no deeper than {@link MAX_SHOWN_DEPTH} and is small enough to write whole. */
function shallow(v: unknown, depth: number): boolean {
  if (v === null || typeof v !== 'object') return true;
  if (depth >= MAX_SHOWN_DEPTH) return false;
  const items = Array.isArray(v) ? v : Object.values(v as Record<string, unknown>);
  return items.length <= 64 && items.every((x) => shallow(x, depth + 1));
}

/** A value as the user wrote it, in the document's notation, shortened for messages. */
export function show(ctx: ReadContext, v: unknown): string {
  let s: string;
  try {
    s = ctx.doc.format === 'toml' && shallow(v, 0) ? tomlInline(v) : preview(v, 0);
  } catch {
    s = preview(v, 0);
  }
  return s.length > MAX_SHOWN ? `${s.slice(0, MAX_SHOWN - 1)}…` : s;
}

/** A file name without directory and extension: the name an unnamed agent takes. */
export function baseName(file: string): string {
  const last = file.split(/[\\/]/).pop() ?? file;
  const dot = last.lastIndexOf('.');
  const stem = dot > 0 ? last.slice(0, dot) : last;
  return stem === '' ? 'agent' : stem;
}
