/**
 * What the workflow reader carries while it walks a parsed document: where to report, how to find
 * ranges (falling back to the enclosing element), and small typed field readers that report F003
 * and F010 the same way everywhere.
 */
import { diag } from '../../diagnostics/make.ts';
import { SpanIndex } from '../../diagnostics/spans.ts';
import { FILE_START, type Diagnostic, type Range, type Severity, type Target } from '../../diagnostics/types.ts';
import type { Json } from '../../model/toolRules.ts';
import type { DocPath, ParsedDoc } from '../types.ts';

/** A plain object read from the document (a YAML mapping / JSON object). */
export type PlainMap = Record<string, unknown>;

/** True for a plain mapping (not a list, not null). */
export function isPlainMap(v: unknown): v is PlainMap {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The own value of `key` (never an inherited one such as `constructor`). */
export function own(map: PlainMap, key: string): unknown {
  return Object.hasOwn(map, key) ? map[key] : undefined;
}

/** How a value is described in messages: `the number 2.5`, `a list`, `a mapping`. */
export function describe(v: unknown): string {
  if (v === null || v === undefined) return 'empty';
  if (Array.isArray(v)) return 'a list';
  if (typeof v === 'object') return 'a mapping';
  if (typeof v === 'string') return `the string ${JSON.stringify(v)}`;
  return `the ${typeof v} ${String(v)}`;
}

/** `s` with its first letter in upper case (messages start with a capital). */
export function capital(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** The reading state of one workflow. */
export class WorkflowReadContext {
  readonly diagnostics: Diagnostic[] = [];
  readonly spans = new SpanIndex();

  constructor(
    readonly doc: ParsedDoc,
    readonly file: string,
    readonly index: number,
    readonly name: string,
  ) {}

  /** The range at `path` (its key when `part` is `key`), else of the nearest enclosing element. */
  range(path: DocPath, part: 'key' | 'value' = 'value'): Range {
    for (let n = path.length; n >= 0; n--) {
      const r = this.doc.locate(path.slice(0, n), n === path.length ? part : 'value');
      if (r) return r;
    }
    return FILE_START;
  }

  /** Records a span for `key` when the document can locate `path`. */
  span(key: string, path: DocPath, part: 'key' | 'value' = 'value'): void {
    const doc = this.doc;
    this.spans.set(key, () => doc.locate(path, part));
  }

  /** A target on this workflow, optionally a node and a rule or transition in it. */
  target(node?: string, at?: { rule?: number; transition?: number }): Target {
    return { kind: 'workflow', workflow: this.name, ...(node !== undefined ? { node } : {}), ...at };
  }

  report(
    code: string,
    severity: Severity,
    message: string,
    path: DocPath,
    target: Target,
    part: 'key' | 'value' = 'value',
  ): void {
    this.diagnostics.push(diag(code, severity, message, this.file, this.range(path, part), target));
  }

  /** Reports an F003 error for a rule or transition left out (malformed) while the rest is read. */
  reportDropped(dropped: 'rule' | 'transition', message: string, path: DocPath, target: Target, part: 'key' | 'value' = 'value'): void {
    this.diagnostics.push({ ...diag('F003', 'error', message, this.file, this.range(path, part), target), dropped });
  }

  /**
   * Reads an optional string field. Numbers and booleans are read as their text (hegel's YAML
   * loader does the same) with an F010 note; other values are F003 and read as absent.
   */
  optionalString(map: PlainMap, key: string, path: DocPath, what: string, target: Target): string | undefined {
    const v = own(map, key);
    if (v === undefined || v === null) return undefined;
    if (typeof v === 'string') return v;
    if (typeof v === 'number' || typeof v === 'boolean') {
      const text = String(v);
      this.report(
        'F010',
        'info',
        `${what} is ${describe(v)}, read as the text ${JSON.stringify(text)}; export writes it as a quoted string.`,
        [...path, key],
        target,
      );
      return text;
    }
    this.report('F003', 'error', `${what} must be a string, not ${describe(v)}, so it was ignored.`, [...path, key], target);
    return undefined;
  }

  /** Copies the keys of `map` not in `known` into an `extra` record, warning about each (F004). */
  extras(
    map: PlainMap,
    known: ReadonlySet<string>,
    path: DocPath,
    message: (key: string) => string,
    target: Target,
  ): Record<string, Json> | undefined {
    const entries: [string, Json][] = [];
    for (const key of Object.keys(map)) {
      if (known.has(key)) continue;
      entries.push([key, map[key] as Json]);
      this.report('F004', 'warning', message(key), [...path, key], target, 'key');
    }
    return entries.length > 0 ? Object.fromEntries(entries) : undefined;
  }
}
