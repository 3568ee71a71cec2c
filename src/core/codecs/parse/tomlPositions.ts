/**
 * Where things sit in a TOML text. smol-toml gives values but no positions, so this scanner walks
 * the text once and records, for every document path it meets, the range of its key and of its
 * entry: table headers (`[a.b]`, `[[a.b]]`, with per-array element counters), `key = value`
 * lines (dotted keys too) and the members of inline arrays and tables. It never throws and never
 * recurses deeper than {@link MAX_SCAN_DEPTH}: deeper values are skipped as one opaque span.
 */
import type { Position, Range } from '../../diagnostics/types.ts';
import type { DocPath } from '../types.ts';

/** Nesting depth of inline values beyond which members are not recorded. */
export const MAX_SCAN_DEPTH = 64;

/**
 * Longest document path recorded, in parts. Deeper paths are never located: the reader refuses
 * data nested more than 128 levels deep (`MAX_DOCUMENT_DEPTH`) and points at the recorded prefix.
 * Without the cap a header of n dotted parts records n prefixes of up to n parts each: 40,000
 * parts took 2.7 GB before V8 gave up.
 */
export const MAX_RECORDED_PATH = 256;

/** The recorded offsets of one path: [key start, key end, entry start, entry end]. */
type Offsets = readonly [number, number, number, number];

/** The ranges of one path. */
export interface TomlSpan {
  /** The key (or the header of a table). */
  key: Range;
  /** The whole entry: `key = value`, the header of a table, or an array member. */
  entry: Range;
}

/** A table header (`[a.b]` or `[[a.b]]`): the path key of its table and its offsets. */
export interface TomlHeader {
  key: string;
  start: number;
  end: number;
}

/** Offsets of a scanned text, for editors that change it in place. */
export interface TomlLayout {
  /** Per path key: [key start, key end, entry start, entry end] (see {@link TomlSpan}). */
  offsets: ReadonlyMap<string, readonly [number, number, number, number]>;
  headers: readonly TomlHeader[];
}

/** Spans of a scanned text by document path; positions are computed only when asked for. */
export interface TomlSpanMap {
  get(key: string): TomlSpan | undefined;
}

/**
 * The map key of a path. Parts are joined with NUL: a TOML parent is either a table or an array,
 * so a key `"0"` and an index `0` never meet under one parent.
 */
export const pathKey = (path: DocPath): string => path.join('\u0000');

/**
 * The path key of a path of `parts` parts (key `key`) with `part` added: the scanner builds keys
 * part by part instead of joining whole paths (a 30,000-rule file records some 150,000 paths).
 */
const childKey = (key: string, parts: number, part: string | number): string => (parts === 0 ? String(part) : `${key}\u0000${part}`);

/** A-Z a-z 0-9 _ - */
function isBareKeyChar(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 95 || c === 45;
}

class Scanner {
  i = 0;
  readonly offsets = new Map<string, Offsets>();
  /** Every table header met, in text order: its path key and offsets. */
  readonly headers: TomlHeader[] = [];
  /** Current element index of each array of tables, by resolved path. */
  private readonly arrayIndex = new Map<string, number>();
  private readonly lineStarts: number[] = [0];
  /** Path keys of the enclosing paths of the last header (recorded at that header when first met). */
  private prefixes: string[] = [];

  constructor(private readonly text: string) {
    for (let k = 0; k < text.length; k++) if (text.charCodeAt(k) === 10) this.lineStarts.push(k + 1);
  }

  pos(offset: number): Position {
    let lo = 0;
    let hi = this.lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((this.lineStarts[mid] ?? 0) <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - (this.lineStarts[lo] ?? 0) + 1 };
  }

  range(from: number, to: number): Range {
    return { start: this.pos(from), end: this.pos(Math.max(from, to)) };
  }

  private ch(offset = this.i): string {
    return this.text.charAt(offset);
  }

  /** Records the offsets of the path whose key is `k`, unless it was met before. */
  private record(k: string, keyStart: number, keyEnd: number, entryStart: number, entryEnd: number): void {
    if (!this.offsets.has(k)) this.offsets.set(k, [keyStart, keyEnd, entryStart, entryEnd]);
  }

  /** Skips spaces and tabs; with `newlines`, also line breaks and comments. */
  private skipBlank(newlines: boolean): void {
    for (;;) {
      const c = this.ch();
      if (c === ' ' || c === '\t') this.i++;
      else if (newlines && (c === '\n' || c === '\r')) this.i++;
      else if (newlines && c === '#') this.skipLine();
      else return;
    }
  }

  private skipLine(): void {
    const nl = this.text.indexOf('\n', this.i);
    this.i = nl < 0 ? this.text.length : nl;
  }

  layout(): TomlLayout {
    this.scan();
    return { offsets: this.offsets, headers: this.headers };
  }

  run(): TomlSpanMap {
    this.scan();
    return {
      get: (key: string): TomlSpan | undefined => {
        const o = this.offsets.get(key);
        return o && { key: this.range(o[0], o[1]), entry: this.range(o[2], o[3]) };
      },
    };
  }

  private scan(): void {
    // the current table's path, as its key and number of parts
    let table = '';
    let tableParts = 0;
    while (this.i < this.text.length) {
      this.skipBlank(true);
      if (this.i >= this.text.length) break;
      const start = this.i;
      if (this.ch() === '[') {
        const isArray = this.ch(this.i + 1) === '[';
        this.i += isArray ? 2 : 1;
        const keys = this.readKey();
        this.skipBlank(false);
        if (keys && this.text.startsWith(isArray ? ']]' : ']', this.i)) {
          this.i += isArray ? 2 : 1;
          [table, tableParts] = this.resolveHeader(keys, isArray);
          this.headers.push({ key: table, start, end: this.i });
          this.record(table, start, this.i, start, this.i);
          for (const prefix of this.prefixes) this.record(prefix, start, this.i, start, this.i);
        }
      } else {
        this.readKeyValue(table, tableParts, start, 0);
      }
      this.skipLine();
    }
  }

  /**
   * The document path of a header, as its key and number of parts, updating the array-of-tables
   * counters. Resolves at most {@link MAX_RECORDED_PATH} parts; the prefix keys grow one part at a
   * time.
   */
  private resolveHeader(keys: string[], isArray: boolean): [string, number] {
    let path = '';
    let parts = 0;
    this.prefixes = [];
    for (let n = 0; n < keys.length && parts < MAX_RECORDED_PATH; n++) {
      const k = keys[n] as string;
      path = childKey(path, parts++, k);
      const last = n === keys.length - 1;
      if (last && isArray) {
        const next = (this.arrayIndex.get(path) ?? -1) + 1;
        this.arrayIndex.set(path, next);
        path = childKey(path, parts++, next);
      } else {
        const current = this.arrayIndex.get(path);
        if (current !== undefined) path = childKey(path, parts++, current);
      }
      if (!last) this.prefixes.push(path);
    }
    return [path, parts];
  }

  /**
   * `key = value` at the scanner, under the path `base` of `baseParts` parts; records the key,
   * each dotted prefix and the value.
   */
  private readKeyValue(base: string, baseParts: number, start: number, depth: number): boolean {
    const keyStarts: number[] = [];
    const keyEnds: number[] = [];
    const keys = this.readKey(keyStarts, keyEnds);
    if (!keys) return false;
    this.skipBlank(false);
    if (this.ch() !== '=') return false;
    this.i++;
    this.skipBlank(false);
    // The value's path: the base and at most MAX_RECORDED_PATH of the keys (members below it are
    // recorded under it); the keys themselves are recorded while the path has room.
    const paths: string[] = [];
    let value = base;
    let valueParts = baseParts;
    for (let n = 0; n < keys.length && n < MAX_RECORDED_PATH; n++) {
      value = childKey(value, valueParts++, keys[n] as string);
      if (valueParts <= MAX_RECORDED_PATH) paths.push(value);
    }
    const valueEnd = this.scanValue(value, valueParts, depth + 1);
    for (let n = 0; n < paths.length; n++) this.record(paths[n] as string, keyStarts[n] ?? start, keyEnds[n] ?? start, start, valueEnd);
    return true;
  }

  /** A dotted key; fills the start and end offset of each part. Undefined when none is there. */
  private readKey(starts: number[] = [], ends: number[] = []): string[] | undefined {
    const keys: string[] = [];
    for (;;) {
      this.skipBlank(false);
      const s = this.i;
      const c = this.ch();
      let key: string | undefined;
      if (c === '"') key = this.readBasicString();
      else if (c === "'") key = this.readLiteralString();
      else {
        while (this.i < this.text.length && isBareKeyChar(this.text.charCodeAt(this.i))) this.i++;
        if (this.i > s) key = this.text.slice(s, this.i);
      }
      if (key === undefined) return undefined;
      keys.push(key);
      starts.push(s);
      ends.push(this.i);
      this.skipBlank(false);
      if (this.ch() !== '.') return keys;
      this.i++;
    }
  }

  private readBasicString(): string {
    const s = this.i;
    this.i++;
    while (this.i < this.text.length) {
      const c = this.ch();
      if (c === '\\') this.i += 2;
      else if (c === '"' || c === '\n') break;
      else this.i++;
    }
    if (this.ch() === '"') this.i++;
    const raw = this.text.slice(s, this.i);
    try {
      const v: unknown = JSON.parse(raw);
      return typeof v === 'string' ? v : raw.slice(1, -1);
    } catch {
      return raw.slice(1, -1);
    }
  }

  private readLiteralString(): string {
    const s = ++this.i;
    while (this.i < this.text.length && this.ch() !== "'" && this.ch() !== '\n') this.i++;
    const v = this.text.slice(s, this.i);
    if (this.ch() === "'") this.i++;
    return v;
  }

  /** Skips a multi-line string opened by `quote` x3 at the scanner. */
  private skipMultiline(quote: string): void {
    const fence = quote.repeat(3);
    this.i += 3;
    while (this.i < this.text.length) {
      if (quote === '"' && this.ch() === '\\') {
        this.i += 2;
        continue;
      }
      if (this.text.startsWith(fence, this.i)) {
        this.i += 3;
        for (let extra = 0; extra < 2 && this.ch() === quote; extra++) this.i++;
        return;
      }
      this.i++;
    }
  }

  /** Skips a one-line basic string at the scanner (its value is not needed). */
  private skipBasicString(): void {
    this.i++;
    while (this.i < this.text.length) {
      const c = this.text.charCodeAt(this.i);
      if (c === 92 /* \\ */) this.i += 2;
      else if (c === 34 /* " */ || c === 10) break;
      else this.i++;
    }
    if (this.ch() === '"') this.i++;
  }

  /**
   * Scans one value whose path (`parts` parts) has the key `path`, recording members of arrays
   * and inline tables; returns its end offset.
   */
  private scanValue(path: string, parts: number, depth: number): number {
    const c = this.ch();
    if (c === '"' || c === "'") {
      if (this.text.startsWith(c.repeat(3), this.i)) this.skipMultiline(c);
      else if (c === '"') this.skipBasicString();
      else this.readLiteralString();
    } else if (c === '[' || c === '{') {
      if (depth > MAX_SCAN_DEPTH) this.skipNested();
      else if (c === '[') this.scanArray(path, parts, depth);
      else this.scanInlineTable(path, parts, depth);
    } else {
      while (this.i < this.text.length && !',]}#\n\r'.includes(this.ch())) this.i++;
      let end = this.i;
      while (end > 0 && (this.text.charAt(end - 1) === ' ' || this.text.charAt(end - 1) === '\t')) end--;
      return end;
    }
    return this.i;
  }

  private scanArray(path: string, parts: number, depth: number): void {
    this.i++;
    for (let index = 0; this.i < this.text.length; index++) {
      this.skipBlank(true);
      if (this.ch() === ']') break;
      const s = this.i;
      const member = childKey(path, parts, index);
      const end = this.scanValue(member, parts + 1, depth + 1);
      if (end === s) break;
      this.record(member, s, end, s, end);
      this.skipBlank(true);
      if (this.ch() !== ',') break;
      this.i++;
    }
    if (this.ch() === ']') this.i++;
  }

  private scanInlineTable(path: string, parts: number, depth: number): void {
    this.i++;
    while (this.i < this.text.length) {
      this.skipBlank(true);
      if (this.ch() === '}') break;
      if (!this.readKeyValue(path, parts, this.i, depth)) break;
      this.skipBlank(true);
      if (this.ch() !== ',') break;
      this.i++;
    }
    if (this.ch() === '}') this.i++;
  }

  /** Skips a deeply nested array or inline table without recursion, minding strings. */
  private skipNested(): void {
    let level = 0;
    while (this.i < this.text.length) {
      const c = this.ch();
      if (c === '"' || c === "'") {
        if (this.text.startsWith(c.repeat(3), this.i)) this.skipMultiline(c);
        else if (c === '"') this.skipBasicString();
        else this.readLiteralString();
        continue;
      }
      if (c === '#') {
        this.skipLine();
        continue;
      }
      this.i++;
      if (c === '[' || c === '{') level++;
      else if (c === ']' || c === '}') {
        level--;
        if (level <= 0) return;
      }
    }
  }
}

/** Scans a TOML text and returns the spans of every path found. Never throws. */
export function scanTomlSpans(text: string): TomlSpanMap {
  return new Scanner(text).run();
}


/** Scans a TOML text and returns the raw offsets of every path and header (for in-place edits). */
export function scanTomlLayout(text: string): TomlLayout {
  return new Scanner(text).layout();
}
