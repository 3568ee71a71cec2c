/**
 * A fast, exact reader for the common form of TOML rule files: one pass over the text, building
 * plain objects directly. It reads comments, blank lines (LF or CRLF), `[a.b]` and `[[a.b]]`
 * headers (bare or quoted keys, dotted), `key = value` lines with a single key, and values that
 * are basic or literal one-line strings, decimal integers, booleans, arrays and one-line inline
 * tables — with TOML 1.0's rules on table definition (a table defined once, an implicit table
 * defined later, arrays of tables extended only by `[[…]]`, inline tables and value arrays closed).
 *
 * Anything else — multi-line strings, floats, dates, hex/octal/binary or underscored integers,
 * dotted keys in `key = value`, a `__proto__` key, a lone `\r`, control characters, nesting
 * deeper than {@link MAX_COMMON_DEPTH} — and every error makes it give up (`undefined`): the
 * caller then parses with smol-toml, which reads all of TOML and positions every error. So this
 * reader never accepts a text smol-toml rejects and never reads a text differently; it only
 * spares the common case smol-toml's general machinery (a 20,000-rule file in a fifth of the time).
 */

/** Nesting of arrays and inline tables beyond which the reader gives up. */
export const MAX_COMMON_DEPTH = 64;

type Table = Record<string, unknown>;

/** Thrown to give up; caught by {@link readCommonToml}. */
const GIVE_UP = new Error('outside the common TOML form');

function giveUp(): never {
  throw GIVE_UP;
}

const TAB = 9;
const LF = 10;
const CR = 13;
const SPACE = 32;
const QUOTE = 34;
const HASH = 35;
const APOSTROPHE = 39;
const COMMA = 44;
const DOT = 46;
const EQUALS = 61;
const OPEN_BRACKET = 91;
const BACKSLASH = 92;
const CLOSE_BRACKET = 93;
const OPEN_BRACE = 123;
const CLOSE_BRACE = 125;
const DEL = 127;

/** A-Z a-z 0-9 _ - */
function isBareKeyChar(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95 || c === 45;
}

const isDigit = (c: number): boolean => c >= 48 && c <= 57;

/** What may follow a number or boolean: whitespace, a line end, a separator, a comment, or the end. */
function endsScalar(c: number): boolean {
  return Number.isNaN(c) || c === SPACE || c === TAB || c === LF || c === CR || c === COMMA || c === CLOSE_BRACKET || c === CLOSE_BRACE || c === HASH;
}

/** The value of one hex digit, or -1. */
function hexValue(c: number): number {
  if (c >= 48 && c <= 57) return c - 48;
  if (c >= 97 && c <= 102) return c - 87;
  if (c >= 65 && c <= 70) return c - 55;
  return -1;
}

const SIMPLE_ESCAPES: Readonly<Record<number, string>> = {
  98: '\b',
  116: '\t',
  110: '\n',
  102: '\f',
  114: '\r',
  34: '"',
  92: '\\',
};

class CommonTomlReader {
  private i = 0;
  private readonly root: Table = {};
  /** Tables named by headers: false while only implied by a longer header, true once defined. */
  private readonly headerTables = new Map<Table, boolean>();
  /** Arrays made by `[[…]]` (the only arrays a header may extend). */
  private readonly tableArrays = new Set<unknown[]>();
  /** Bare keys met, by length and first character (see {@link bareKey}). */
  private readonly keys = new Map<number, string>();

  constructor(private readonly s: string) {}

  private code(at = this.i): number {
    return this.s.charCodeAt(at);
  }

  read(): Table {
    const s = this.s;
    let current = this.root;
    while (this.i < s.length) {
      this.skipSpaces();
      const c = this.code();
      if (c === OPEN_BRACKET) current = this.header();
      else if (c !== HASH && c !== LF && c !== CR && this.i < s.length) this.keyValue(current, 0, false);
      this.lineEnd();
    }
    return this.root;
  }

  private skipSpaces(): void {
    for (let c = this.code(); c === SPACE || c === TAB; c = this.code()) this.i++;
  }

  /** Spaces, then an optional comment, then a line end or the end of the text (consumed). */
  private lineEnd(): void {
    this.skipSpaces();
    if (this.code() === HASH) this.comment();
    const c = this.code();
    if (c === LF) this.i++;
    else if (c === CR && this.code(this.i + 1) === LF) this.i += 2;
    else if (this.i < this.s.length) giveUp();
  }

  /** A comment up to (not including) its line end; control characters other than tab give up. */
  private comment(): void {
    const s = this.s;
    let i = this.i + 1;
    for (; i < s.length; i++) {
      const c = s.charCodeAt(i);
      if (c === LF || c === CR) break;
      if ((c < SPACE && c !== TAB) || c === DEL) giveUp();
      if (c >= 0xd800 && c <= 0xdfff) i = this.surrogatePair(i);
    }
    this.i = i;
  }

  /** Checks the surrogate pair starting at `at` and gives the index of its second half; a lone half gives up. */
  private surrogatePair(at: number): number {
    const hi = this.code(at);
    const lo = this.code(at + 1);
    if (hi > 0xdbff || !(lo >= 0xdc00 && lo <= 0xdfff)) giveUp();
    return at + 1;
  }

  /** Spaces, line ends and comments between array members. */
  private skipBlank(): void {
    for (;;) {
      const c = this.code();
      if (c === SPACE || c === TAB || c === LF) this.i++;
      else if (c === CR && this.code(this.i + 1) === LF) this.i += 2;
      else if (c === HASH) this.comment();
      else return;
    }
  }

  /** One key part: bare, "basic" or 'literal' (one line). */
  private keyPart(): string {
    const c = this.code();
    if (c === QUOTE) return this.basicString();
    if (c === APOSTROPHE) return this.literalString();
    const start = this.i;
    while (isBareKeyChar(this.code())) this.i++;
    if (this.i === start) giveUp();
    return this.bareKey(start, this.i);
  }

  /**
   * The bare key at `start…end`. Rule files repeat a few keys thousands of times: the last key
   * seen of each length and first letter is kept and reused when the text matches, so the same
   * (internalised) string serves every rule instead of a fresh copy each time.
   */
  private bareKey(start: number, end: number): string {
    const slot = ((end - start) << 7) | this.s.charCodeAt(start);
    const known = this.keys.get(slot);
    if (known !== undefined && this.s.startsWith(known, start)) return known;
    const key = this.s.slice(start, end);
    this.keys.set(slot, key);
    return key;
  }

  /**
   * `key = value` into `table`: one key (dotted keys give up), no key defined twice. `inline`:
   * inside an inline table, where the value may not span lines.
   */
  private keyValue(table: Table, depth: number, inline: boolean): void {
    const key = this.keyPart();
    this.skipSpaces();
    if (this.code() !== EQUALS) giveUp();
    this.i++;
    this.skipSpaces();
    const value = this.value(depth, inline);
    if (key === '__proto__' || Object.hasOwn(table, key)) giveUp();
    table[key] = value;
  }

  /** `[a.b]` or `[[a.b]]` at the reader: the table that the following lines fill. */
  private header(): Table {
    this.i++;
    const isArray = this.code() === OPEN_BRACKET;
    if (isArray) this.i++;
    const keys: string[] = [];
    for (;;) {
      this.skipSpaces();
      keys.push(this.keyPart());
      this.skipSpaces();
      if (this.code() !== DOT) break;
      this.i++;
    }
    if (this.code() !== CLOSE_BRACKET) giveUp();
    this.i++;
    if (isArray) {
      if (this.code() !== CLOSE_BRACKET) giveUp();
      this.i++;
    }
    let table = this.root;
    const last = keys.length - 1;
    for (let k = 0; k < last; k++) table = this.enter(table, keys[k] as string);
    return isArray ? this.appendTable(table, keys[last] as string) : this.defineTable(table, keys[last] as string);
  }

  /** The table a header's inner key leads to: made (implied) when new; the last of an array of tables. */
  private enter(table: Table, key: string): Table {
    if (key === '__proto__') giveUp();
    if (!Object.hasOwn(table, key)) return this.newHeaderTable(table, key, false);
    const child = table[key];
    if (Array.isArray(child)) {
      if (!this.tableArrays.has(child)) giveUp();
      return child[child.length - 1] as Table;
    }
    if (this.headerTables.has(child as Table)) return child as Table;
    return giveUp();
  }

  /** `[… key]`: a new table, or one so far only implied by a longer header. */
  private defineTable(table: Table, key: string): Table {
    if (key === '__proto__') giveUp();
    if (!Object.hasOwn(table, key)) return this.newHeaderTable(table, key, true);
    const child = table[key] as Table;
    if (this.headerTables.get(child) !== false) giveUp();
    this.headerTables.set(child, true);
    return child;
  }

  /** A new table at `table[key]` named by a header: `defined` by it, or only implied. */
  private newHeaderTable(table: Table, key: string, defined: boolean): Table {
    const made: Table = {};
    table[key] = made;
    this.headerTables.set(made, defined);
    return made;
  }

  /** `[[… key]]`: a new table at the end of an array of tables. */
  private appendTable(table: Table, key: string): Table {
    if (key === '__proto__') giveUp();
    const made: Table = {};
    if (!Object.hasOwn(table, key)) {
      const array = [made];
      table[key] = array;
      this.tableArrays.add(array);
      return made;
    }
    const child = table[key];
    if (!Array.isArray(child) || !this.tableArrays.has(child)) giveUp();
    child.push(made);
    return made;
  }

  /** One value. `inline`: inside an inline table, where values may not span lines. */
  private value(depth: number, inline: boolean): unknown {
    const c = this.code();
    if (c === QUOTE) return this.basicString();
    if (c === APOSTROPHE) return this.literalString();
    if (c === OPEN_BRACKET) return this.array(depth + 1, inline);
    if (c === OPEN_BRACE) return this.inlineTable(depth + 1);
    if (c === 116 /* t */ && this.s.startsWith('true', this.i)) return this.word(4, true);
    if (c === 102 /* f */ && this.s.startsWith('false', this.i)) return this.word(5, false);
    return this.integer();
  }

  private word(length: number, value: boolean): boolean {
    this.i += length;
    if (!endsScalar(this.code())) giveUp();
    return value;
  }

  /** A decimal integer without underscores or leading zeros, at most 15 digits; 0 unsigned only. */
  private integer(): number {
    const start = this.i;
    const sign = this.code();
    if (sign === 43 /* + */ || sign === 45 /* - */) this.i++;
    const first = this.i;
    if (this.code() === 48 /* 0 */) {
      if (first !== start) giveUp();
      this.i++;
    } else {
      while (isDigit(this.code())) this.i++;
      if (this.i === first || this.i - first > 15) giveUp();
    }
    if (!endsScalar(this.code())) giveUp();
    return Number(this.s.slice(start, this.i));
  }

  /** A one-line "basic string" (not `"""`), with TOML 1.0's escapes. */
  private basicString(): string {
    const s = this.s;
    if (s.startsWith('"""', this.i)) giveUp();
    let i = this.i + 1;
    let from = i;
    let out = '';
    for (;;) {
      const c = s.charCodeAt(i);
      if (c === QUOTE) break;
      if (c === BACKSLASH) {
        out += s.slice(from, i);
        const e = s.charCodeAt(i + 1);
        const simple = SIMPLE_ESCAPES[e];
        if (simple !== undefined) {
          out += simple;
          i += 2;
        } else if (e === 117 /* u */ || e === 85 /* U */) {
          const digits = e === 117 ? 4 : 8;
          let cp = 0;
          for (let d = 0; d < digits; d++) {
            const h = hexValue(s.charCodeAt(i + 2 + d));
            if (h < 0) giveUp();
            cp = cp * 16 + h;
          }
          if (cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) giveUp();
          out += String.fromCodePoint(cp);
          i += 2 + digits;
        } else giveUp();
        from = i;
        continue;
      }
      if (Number.isNaN(c) || (c < SPACE && c !== TAB) || c === DEL) giveUp();
      if (c >= 0xd800 && c <= 0xdfff) i = this.surrogatePair(i);
      i++;
    }
    this.i = i + 1;
    return out + s.slice(from, i);
  }

  /** A one-line 'literal string' (not `'''`). */
  private literalString(): string {
    const s = this.s;
    if (s.startsWith("'''", this.i)) giveUp();
    const from = this.i + 1;
    let i = from;
    for (;;) {
      const c = s.charCodeAt(i);
      if (c === APOSTROPHE) break;
      if (Number.isNaN(c) || (c < SPACE && c !== TAB) || c === DEL) giveUp();
      if (c >= 0xd800 && c <= 0xdfff) i = this.surrogatePair(i);
      i++;
    }
    this.i = i + 1;
    return s.slice(from, i);
  }

  /** `[a, b, …]`; members may span lines and carry comments, except inside an inline table. */
  private array(depth: number, inline: boolean): unknown[] {
    if (depth > MAX_COMMON_DEPTH) giveUp();
    this.i++;
    const out: unknown[] = [];
    const blank = inline ? () => this.skipSpaces() : () => this.skipBlank();
    for (;;) {
      blank();
      if (this.code() === CLOSE_BRACKET) break;
      out.push(this.value(depth, inline));
      blank();
      if (this.code() === COMMA) {
        this.i++;
        continue;
      }
      if (this.code() !== CLOSE_BRACKET) giveUp();
      break;
    }
    this.i++;
    return out;
  }

  /** `{ k = v, … }` on one line, no trailing comma. */
  private inlineTable(depth: number): Table {
    if (depth > MAX_COMMON_DEPTH) giveUp();
    this.i++;
    const table: Table = {};
    this.skipSpaces();
    if (this.code() === CLOSE_BRACE) {
      this.i++;
      return table;
    }
    for (;;) {
      this.skipSpaces();
      this.keyValue(table, depth, true);
      this.skipSpaces();
      const c = this.code();
      this.i++;
      if (c === CLOSE_BRACE) return table;
      if (c !== COMMA) giveUp();
    }
  }
}

/**
 * The value of a TOML text in the common form (see the module comment), or undefined when the
 * text uses anything else or has an error: then read it with the general parser.
 */
export function readCommonToml(text: string): Record<string, unknown> | undefined {
  if (text.charCodeAt(0) === 0xfeff) return undefined;
  try {
    return new CommonTomlReader(text).read();
  } catch (error) {
    if (error === GIVE_UP) return undefined;
    throw error;
  }
}
