/**
 * The fast path of the canonical byte reader: one line of UTF-8 bytes in the shape nearly every
 * canonical trace line has, parsed straight into the event `checkCanonicalObject` would give for it
 * (same fields, same key order, same values), without a string for the line or a JSON object in
 * between.
 *
 * The shape: a JSON object of `type`, `time` and the fields of its type — `tool_call`: `tool`,
 * `args`, `id`, `outcome`, `duration_ms`, `output`, `tokens`; `command`: `command`, `tool`;
 * `file_edit`: `path`, `tool`; `tokens`: `input`, `output`, `cache_read`, `cache_creation`;
 * `model_end`: `tokens`; `batch_start`, `process_start`, `continue`, `repeat`: none — each at most
 * once, in any order, with JSON whitespace between tokens; strings of printable ASCII without
 * escapes; `args` a flat object of such strings, numbers, booleans and nulls; `tokens` an object of
 * `input`, `output`, `cache_read`, `cache_creation`. Anything else — other fields, escapes,
 * non-ASCII text, nesting, an invalid or unusual value, a syntax error — gives `undefined`, and the
 * line goes through the full reader (JSON.parse and the zod schema), which gives the same event or
 * the exact error.
 *
 * A line ends at its first line feed (or at the given end): the parser finds it as it goes, so the
 * caller need not search for it first ({@link CanonicalFastLine.lineEnd}).
 *
 * The scanner is written for speed: the position lives in locals and is passed between small
 * functions (a token's other results in module variables), keys are told apart by their length and
 * bytes, strings are hashed while they are scanned and interned by that hash.
 */
import type { TraceEvent } from './events.ts';
import { asciiString } from './asciiStrings.ts';
import { parseTraceTime } from './validateEvent.ts';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const COMMA = 0x2c;
const OPEN = 0x7b;
const CLOSE = 0x7d;
const MINUS = 0x2d;
const ZERO = 0x30;
const NEWLINE = 0x0a;

/** Field bits, to refuse a field given twice (JSON.parse would keep the last; the full reader decides). */
const TYPE = 1;
const TIME = 2;
const TOOL = 4;
const ARGS = 8;
const ID = 16;
const OUTCOME = 32;
const DURATION = 64;
const OUTPUT = 128;
const TOKENS = 256;
const COMMAND = 512;
const PATH = 1024;
const INPUT = 2048;
const CACHE_READ = 4096;
const CACHE_CREATION = 8192;
const USAGE_FIELDS = INPUT | OUTPUT | CACHE_READ | CACHE_CREATION;

/** Event types of the fast path, by number, and the fields each may have. */
const T_TOOL_CALL = 0;
const T_COMMAND = 1;
const T_FILE_EDIT = 2;
const T_TOKENS = 3;
const T_MODEL_END = 4;
const T_BATCH_START = 5;
const T_PROCESS_START = 6;
const T_CONTINUE = 7;
const TYPE_NAMES = [
  'tool_call',
  'command',
  'file_edit',
  'tokens',
  'model_end',
  'batch_start',
  'process_start',
  'continue',
  'repeat',
] as const;
const FIELDS_OF = [
  TYPE | TIME | TOOL | ARGS | ID | OUTCOME | DURATION | OUTPUT | TOKENS,
  TYPE | TIME | COMMAND | TOOL,
  TYPE | TIME | PATH | TOOL,
  TYPE | TIME | USAGE_FIELDS,
  TYPE | TIME | TOKENS,
  TYPE | TIME,
  TYPE | TIME,
  TYPE | TIME,
  TYPE | TIME,
];
const TYPE_BYTES = TYPE_NAMES.map((t) => Uint8Array.from(t, (c) => c.charCodeAt(0)));
const TOOL_CALL_BYTES = TYPE_BYTES[T_TOOL_CALL] as Uint8Array;

type Usage = { input: number; output: number; cache_read?: number; cache_creation?: number };
type Flat = Record<string, string | number | boolean | null>;

/** Results of the last token scanned besides the position (one parse at a time). */
let strStart = 0;
let strEnd = 0;
let strHash = 0;
let numValue = 0;

/** JSON whitespace except the line feed, which ends the line. */
const isBlank = (c: number) => c === 0x20 || c === 0x09 || c === 0x0d;

function skipBlank(b: Uint8Array, i: number, e: number): number {
  while (i < e && isBlank(b[i] as number)) i++;
  return i;
}

/** Per byte: 0 inside a plain string, 1 the closing quote, 2 anything the fast path leaves (controls, `\\`, non-ASCII). */
const STRING_CLASS = new Uint8Array(256).fill(2);
for (let c = 0x20; c <= 0x7e; c++) STRING_CLASS[c] = 0;
STRING_CLASS[QUOTE] = 1;
STRING_CLASS[BACKSLASH] = 2;

/**
 * A string of printable ASCII without escapes starting at `i` (its quote): returns the position
 * after it, its content in `strStart`/`strEnd`; -1 for anything else.
 */
function scanString(b: Uint8Array, i: number, e: number): number {
  if (i >= e || b[i] !== QUOTE) return -1;
  const start = i + 1;
  let k = start;
  while (k < e && STRING_CLASS[b[k] as number] === 0) k++;
  if (k >= e || b[k] !== QUOTE) return -1;
  strStart = start;
  strEnd = k;
  return k + 1;
}

/** {@link scanString}, also hashing the content into `strHash` (for the table of strings). */
function scanHashed(b: Uint8Array, i: number, e: number): number {
  if (i >= e || b[i] !== QUOTE) return -1;
  const start = i + 1;
  let h = 0x811c9dc5;
  let k = start;
  for (; k < e; k++) {
    const c = b[k] as number;
    if (STRING_CLASS[c] !== 0) break;
    h = Math.imul(h ^ c, 0x01000193);
  }
  if (k >= e || b[k] !== QUOTE) return -1;
  strStart = start;
  strEnd = k;
  strHash = h ^ (k - start);
  return k + 1;
}

/**
 * The key at `i` (its quote) when it is `word` followed by its closing quote: the position after
 * it, else -1 (then the key is scanned as any string). Saves scanning and then comparing the keys
 * every line has.
 */
function knownKey(b: Uint8Array, i: number, e: number, word: Uint8Array): number {
  const n = word.length;
  if (i + n + 2 > e || b[i] !== QUOTE || b[i + n + 1] !== QUOTE) return -1;
  for (let k = 0; k < n; k++) if (b[i + 1 + k] !== word[k]) return -1;
  return i + n + 2;
}

const word = (w: string) => Uint8Array.from(w, (c) => c.charCodeAt(0));
const K_TYPE = word('type');
const K_TIME = word('time');
const K_TOOL = word('tool');
const K_TOKENS = word('tokens');
const K_ARGS = word('args');
const K_ID = word('id');
const K_INPUT = word('input');
const K_OUTCOME = word('outcome');
const K_OUTPUT = word('output');
const K_DURATION = word('duration_ms');
const K_COMMAND = word('command');
const K_CACHE_READ = word('cache_read');
const K_CACHE_CREATION = word('cache_creation');
const K_PATH = word('path');

/** Each field's key, by its bit's position. */
const KEY_BYTES: Uint8Array[] = new Array<Uint8Array>(14).fill(K_TYPE);
for (const [f, w] of [
  [TYPE, K_TYPE],
  [TIME, K_TIME],
  [TOOL, K_TOOL],
  [TOKENS, K_TOKENS],
  [ARGS, K_ARGS],
  [ID, K_ID],
  [INPUT, K_INPUT],
  [OUTCOME, K_OUTCOME],
  [OUTPUT, K_OUTPUT],
  [DURATION, K_DURATION],
  [COMMAND, K_COMMAND],
  [CACHE_READ, K_CACHE_READ],
  [CACHE_CREATION, K_CACHE_CREATION],
  [PATH, K_PATH],
] as const)
  KEY_BYTES[31 - Math.clz32(f)] = w;

/** The usual tool call's bytes up to its time's first digit, after its time's quote, and after its tool's quote. */
const USUAL_HEAD = word('{"type":"tool_call","time":"');
const USUAL_TOOL = word(',"tool":');
const USUAL_ARGS = word(',"args":');

/** Bytes (a multiple of 4) as little-endian 32-bit words, to compare 4 bytes at a time through a DataView. */
function wordsOf(bytes: Uint8Array): Int32Array {
  const v = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return Int32Array.from({ length: bytes.length >> 2 }, (_, k) => v.getInt32(4 * k, true));
}
const HEAD_WORDS = wordsOf(USUAL_HEAD);
const TOOL_WORDS = wordsOf(USUAL_TOOL);
const ARGS_WORDS = wordsOf(USUAL_ARGS);

// The usual line's constant pieces as numbers, compared without a loop over an array.
const [H0, H1, H2, H3, H4, H5, H6] = HEAD_WORDS as unknown as [number, number, number, number, number, number, number];
const [T0, T1] = TOOL_WORDS as unknown as [number, number];
const [A0, A1] = ARGS_WORDS as unknown as [number, number];

/** Whether the 28 bytes at `at` of `v` are {@link USUAL_HEAD} (the caller knows they are inside it). */
function isUsualHead(v: DataView, at: number): boolean {
  return (
    v.getInt32(at, true) === H0 &&
    v.getInt32(at + 4, true) === H1 &&
    v.getInt32(at + 8, true) === H2 &&
    v.getInt32(at + 12, true) === H3 &&
    v.getInt32(at + 16, true) === H4 &&
    v.getInt32(at + 20, true) === H5 &&
    v.getInt32(at + 24, true) === H6
  );
}

/** Whether the 8 bytes at `at` of `v` are the words `w0`, `w1` (the caller knows they are inside it). */
function isPair(v: DataView, at: number, w0: number, w1: number): boolean {
  return v.getInt32(at, true) === w0 && v.getInt32(at + 4, true) === w1;
}

/** Position after the key {@link fieldAt} matched. */
let keyEnd = 0;

/**
 * Which of the fast path's fields the key at `i` (its quote) names, its end in `keyEnd`; 0 for any
 * other key (the line then goes to the full reader).
 */
function fieldAt(b: Uint8Array, i: number, e: number): number {
  if (i + 2 >= e) return 0;
  let f: number;
  switch (b[i + 1]) {
    case 0x74: // t
      switch (b[i + 2]) {
        case 0x79:
          f = TYPE;
          break;
        case 0x69:
          f = TIME;
          break;
        case 0x6f:
          f = b[i + 3] === 0x6f ? TOOL : TOKENS;
          break;
        default:
          return 0;
      }
      break;
    case 0x61: // a
      f = ARGS;
      break;
    case 0x69: // i
      f = b[i + 2] === 0x64 ? ID : INPUT;
      break;
    case 0x6f: // o
      f = b[i + 4] === 0x63 ? OUTCOME : OUTPUT;
      break;
    case 0x64: // d
      f = DURATION;
      break;
    case 0x63: // c
      f = b[i + 2] === 0x6f ? COMMAND : b[i + 7] === 0x72 ? CACHE_READ : CACHE_CREATION;
      break;
    case 0x70: // p
      f = PATH;
      break;
    default:
      return 0;
  }
  const at = knownKey(b, i, e, KEY_BYTES[31 - Math.clz32(f)] as Uint8Array);
  if (at < 0) return 0;
  keyEnd = at;
  return f;
}

/** Whether the bytes at `s` spell `word` (the caller knows they are there). */
function same(b: Uint8Array, s: number, word: string): boolean {
  for (let k = 0; k < word.length; k++) if (b[s + k] !== word.charCodeAt(k)) return false;
  return true;
}

/** Which fast-path type `[s, e)` names, or -1. */
function typeOf(b: Uint8Array, s: number, e: number): number {
  const n = e - s;
  for (let t = 0; t < TYPE_BYTES.length; t++) {
    const word = TYPE_BYTES[t] as Uint8Array;
    if (word.length !== n) continue;
    let k = 0;
    while (k < n && word[k] === b[s + k]) k++;
    if (k === n) return t;
  }
  return -1;
}

/** The value of the two decimal digits at `at`, or -1. */
function twoDigits(b: Uint8Array, at: number): number {
  const hi = (b[at] as number) - ZERO;
  const lo = (b[at + 1] as number) - ZERO;
  return hi >= 0 && hi <= 9 && lo >= 0 && lo <= 9 ? hi * 10 + lo : -1;
}

/** The value of `count` decimal digits at `at`, or -1. */
function digits(b: Uint8Array, at: number, count: number): number {
  let v = 0;
  for (let k = 0; k < count; k++) {
    const d = (b[at + k] as number) - ZERO;
    if (d < 0 || d > 9) return -1;
    v = v * 10 + d;
  }
  return v;
}

/**
 * A JSON number at `i` (its grammar checked, finite): returns the position after it with its
 * value in `numValue`; -1 for anything else.
 */
function scanNumber(b: Uint8Array, i: number, e: number): number {
  const start = i;
  const negative = i < e && b[i] === MINUS;
  if (negative) i++;
  if (i >= e) return -1;
  let d = (b[i] as number) - ZERO;
  if (d < 0 || d > 9) return -1;
  let value = 0;
  const intStart = i;
  if (d === 0) i++;
  else
    while (d >= 0 && d <= 9) {
      value = value * 10 + d;
      if (++i >= e) break;
      d = (b[i] as number) - ZERO;
    }
  let plain = i - intStart <= 15;
  let c = i < e ? (b[i] as number) : -1;
  if (c === 0x2e) {
    plain = false;
    i++;
    if (!isDigitAt(b, i, e)) return -1;
    while (isDigitAt(b, i, e)) i++;
    c = i < e ? (b[i] as number) : -1;
  }
  if (c === 0x65 || c === 0x45) {
    plain = false;
    i++;
    const sign = i < e ? b[i] : -1;
    if (sign === 0x2b || sign === MINUS) i++;
    if (!isDigitAt(b, i, e)) return -1;
    while (isDigitAt(b, i, e)) i++;
  }
  if (plain) {
    numValue = negative ? -value : value;
    return i;
  }
  const n = Number(asciiString(b, start, i));
  if (!Number.isFinite(n)) return -1;
  numValue = n;
  return i;
}

function isDigitAt(b: Uint8Array, i: number, e: number): boolean {
  if (i >= e) return false;
  const c = b[i] as number;
  return c >= ZERO && c <= ZERO + 9;
}

/**
 * Where a time of {@link CanonicalFastLine.fastTime}'s forms starting at `start` would end (after
 * its zone): its shape only (seconds, an optional fraction, `Z`/`z` or an offset), for the caller
 * to check the quote there and `fastTime` to check the rest; -1 when it cannot be one (`< e`
 * otherwise).
 */
function timeEnd(b: Uint8Array, start: number, e: number): number {
  let i = start + 19;
  if (i >= e) return -1;
  if (b[i] === 0x2e) {
    i++;
    while (i < e && isDigitAt(b, i, e)) i++;
  }
  if (i >= e) return -1;
  const z = b[i];
  let end: number;
  if (z === 0x5a || z === 0x7a) end = i + 1;
  else if (z === 0x2b || z === MINUS) end = i + 3 < e && b[i + 3] === COLON ? i + 6 : i + 5;
  else return -1;
  return end < e ? end : -1;
}

/** After an object's member: the position after `,` and blanks, -2 after `}`, -1 for anything else. */
function afterMember(b: Uint8Array, i: number, e: number): number {
  i = skipBlank(b, i, e);
  if (i >= e) return -1;
  const c = b[i];
  if (c === CLOSE) {
    strEnd = i + 1; // where the object ends
    return -2;
  }
  if (c !== COMMA) return -1;
  return skipBlank(b, i + 1, e);
}

/** After a key: the position after `:` and blanks, or -1. */
function afterColon(b: Uint8Array, i: number, e: number): number {
  i = skipBlank(b, i, e);
  if (i >= e || b[i] !== COLON) return -1;
  return skipBlank(b, i + 1, e);
}

/** The first keys of an `args` object, to find one given twice without a property lookup. */
const SEEN_KEYS = 8;
const seenKeys: string[] = new Array<string>(SEEN_KEYS).fill('');

const EMPTY = new Uint8Array(0);

/**
 * `s` as V8's one copy of its text, the string property keys are (a key made from bytes is a fresh
 * string: each keyed store would look it up in the table of those first).
 */
function internalized(s: string): string {
  const o: Record<string, number> = {};
  o[s] = 0;
  for (const k in o) return k;
  return s;
}

/** Longest byte run the table of strings keeps. */
const MAX_INTERNED = 48;
const SLOTS = 1 << 12;
/** The table stops taking new strings at 3/4 full, so lookups stay short. */
const MAX_ENTRIES = (SLOTS >> 2) * 3;

/**
 * Strings by their bytes (tool names, argument keys and values recur on nearly every line), so
 * reading them allocates nothing after the first time. The bytes sit in one pool.
 */
class StringTable {
  private readonly hashes = new Int32Array(SLOTS);
  /** Offset in the pool + 1 (0: free slot). */
  private readonly offsets = new Int32Array(SLOTS);
  private readonly lengths = new Int32Array(SLOTS);
  private readonly values: string[] = new Array<string>(SLOTS).fill('');
  private pool = new Uint8Array(1 << 14);
  private used = 0;
  private count = 0;

  /** The string of `[s, e)` whose hash is `h` (from {@link scanHashed}). */
  get(b: Uint8Array, s: number, e: number, h: number): string {
    const n = e - s;
    if (n > MAX_INTERNED) return asciiString(b, s, e);
    const mask = SLOTS - 1;
    let slot = (h ^ (h >>> 15)) & mask;
    const pool = this.pool;
    for (;;) {
      const off = this.offsets[slot] as number;
      if (off === 0) break;
      if (this.hashes[slot] === h && this.lengths[slot] === n) {
        let k = 0;
        const at = off - 1;
        while (k < n && pool[at + k] === b[s + k]) k++;
        if (k === n) return this.values[slot] as string;
      }
      slot = (slot + 1) & mask;
    }
    const text = asciiString(b, s, e);
    if (this.count < MAX_ENTRIES) {
      if (this.used + n > this.pool.length) {
        const grown = new Uint8Array(this.pool.length * 2);
        grown.set(this.pool);
        this.pool = grown;
      }
      this.pool.set(b.subarray(s, e), this.used);
      this.hashes[slot] = h;
      this.offsets[slot] = this.used + 1;
      this.lengths[slot] = n;
      this.values[slot] = text;
      this.used += n;
      this.count++;
    }
    return text;
  }
}

/** Parses canonical lines; keeps the strings it has made and the last date it has seen. */
export class CanonicalFastLine {
  private readonly strings = new StringTable();
  /**
   * `YYYY-MM-DD` of the last time read as words (bytes 0–3, 4–7 and 8–9 little-endian; -1: none
   * yet, which no date's bytes give), and its midnight in epoch ms.
   */
  private dayHead = -1;
  private dayMid = -1;
  private dayTail = -1;
  private dayMs = Number.NaN;
  /**
   * A view of the bytes being parsed (the whole buffer of the array given, `viewBase` the array's
   * offset in it), to read four bytes at once; made again only when the buffer changes (a reader's
   * chunks are mostly views of one reused buffer).
   */
  private view: DataView<ArrayBufferLike> = new DataView(new ArrayBuffer(0));
  private viewBase = 0;
  /**
   * After a successful {@link parse}: where the line ends — the index of its line feed, or the
   * given end when there was none before it.
   */
  lineEnd = 0;
  /** Minutes east of UTC of the last time read, as written. */
  private offset = 0;
  /**
   * After a successful {@link parse}: the event's time (epoch ms) in `[0]`, for a caller to read
   * without loading it from the event (a number read from an object and passed on may be boxed).
   * Also where {@link fastTime} leaves the time it read.
   */
  readonly timeMs = new Float64Array(1);
  /** The keys of the `args` objects read last, by place, and their bytes (empty: none). */
  private readonly keys: string[] = new Array<string>(SEEN_KEYS).fill('');
  private readonly keyBytes: Uint8Array[] = new Array<Uint8Array>(SEEN_KEYS).fill(EMPTY);
  /** How many keys the last `args` object read had, when they are all kept by place (0: not known). */
  private layoutKeys = 0;

  /**
   * Makes `b` the array the next {@link parse} calls read: a view of its buffer is made when the
   * buffer is another. A reader calls it once per chunk, so `parse`, called per line, never makes
   * one (made there, the first one after `parse` was compiled threw its code away).
   */
  use(b: Uint8Array): void {
    if (b.buffer !== this.view.buffer) this.view = new DataView(b.buffer);
    this.viewBase = b.byteOffset;
  }

  /**
   * The event of the line starting at `start` (it ends at its first line feed or at `end`), or
   * undefined when the full reader must decide. A time written with an offset other than UTC
   * leaves it on the event (`utcOffset`), as the full reader does. Any array may be given; one
   * given to {@link use} first is read without a check of its buffer.
   */
  parse(b: Uint8Array, start: number, end: number): TraceEvent | undefined {
    if (b.buffer !== this.view.buffer || b.byteOffset !== this.viewBase) this.use(b);
    return this.parseUsual(b, start, end) ?? this.parseOther(b, start, end);
  }

  /**
   * {@link parse} for the line nearly every trace is made of ({@link usualCall}) only: undefined
   * for any other, which `parse` may still read. `b` must be the array last given to {@link use}
   * (checking its buffer here, per line, measured ≈ 4% of the reader). A reader's hot loop calls
   * this one, so nothing in it is first run after it was compiled (a trace's rare other lines,
   * met then, threw the code away).
   */
  parseUsual(b: Uint8Array, start: number, end: number): TraceEvent | undefined {
    this.offset = 0;
    return this.withOffset(this.usualCall(b, start, end));
  }

  private parseOther(b: Uint8Array, start: number, end: number): TraceEvent | undefined {
    this.offset = 0;
    return this.withOffset(this.parseLine(b, start, end));
  }

  /** `ev` with the offset of the time it was read from, unless UTC (`utcOffset`, as the full reader leaves it). */
  private withOffset(ev: TraceEvent | undefined): TraceEvent | undefined {
    if (ev !== undefined && this.offset !== 0) ev.utcOffset = this.offset;
    return ev;
  }

  /**
   * The line nearly every trace is made of, `{"type":"tool_call","time":"…","tool":"…"}` with or
   * without `,"args":{…}` after the tool, no blanks, matched by its bytes as one piece (no key
   * told apart, no blank skipped): the event {@link parseLine} gives for it; undefined for any
   * other line or any value the fast path does not take at once (then `parseLine` reads it all).
   */
  private usualCall(b: Uint8Array, start: number, e: number): TraceEvent | undefined {
    let i = start;
    const view = this.view;
    const base = this.viewBase;
    if (i + USUAL_HEAD.length > e || !isUsualHead(view, base + i)) return undefined;
    i = this.usualTime(b, i + USUAL_HEAD.length, e);
    if (i < 0) return undefined;
    const time = this.timeMs[0] as number;
    if (i + USUAL_TOOL.length > e || !isPair(view, base + i, T0, T1)) return undefined;
    i = scanHashed(b, i + USUAL_TOOL.length, e);
    if (i < 0) return undefined;
    const tool = this.strings.get(b, strStart, strEnd, strHash);
    let args: Flat;
    if (i < e && b[i] === CLOSE) args = {};
    else {
      if (i + USUAL_ARGS.length > e || !isPair(view, base + i, A0, A1)) return undefined;
      const a = this.sameLayout(b, i + USUAL_ARGS.length, e);
      if (a === undefined) return undefined;
      args = a;
      i = strEnd;
      if (i >= e || b[i] !== CLOSE) return undefined;
    }
    // `}` then the line's end
    i++;
    if (i < e && b[i] !== NEWLINE) return undefined;
    this.lineEnd = i;
    return { type: 'tool_call', time, tool, args, outcome: 'ok', duration_ms: 0 };
  }

  private parseLine(b: Uint8Array, start: number, end: number): TraceEvent | undefined {
    const e = end;
    let i = skipBlank(b, start, e);
    if (i >= e || b[i] !== OPEN) return undefined;
    i = skipBlank(b, i + 1, e);
    let seen = 0;
    let type = -1;
    let time = 0;
    let tool: string | undefined;
    let args: Flat | undefined;
    let id: string | undefined;
    let outcome: 'ok' | 'error' | undefined;
    let duration: number | undefined;
    /** `output`: a string on a tool call, a count on a tokens event. */
    let output: string | number | undefined;
    let tokens: Usage | undefined;
    let text: string | undefined;
    let input = 0;
    let cacheRead: number | undefined;
    let cacheCreation: number | undefined;
    const strings = this.strings;
    for (;;) {
      const field = fieldAt(b, i, e);
      if (field === 0 || (seen & field) !== 0) return undefined;
      seen |= field;
      i = afterColon(b, keyEnd, e);
      if (i < 0) return undefined;
      switch (field) {
        case TYPE: {
          // nearly every line is a tool call: matched in place, as keys are
          const at = knownKey(b, i, e, TOOL_CALL_BYTES);
          if (at >= 0) {
            type = T_TOOL_CALL;
            i = at;
            break;
          }
          i = scanString(b, i, e);
          if (i < 0) return undefined;
          type = typeOf(b, strStart, strEnd);
          if (type < 0) return undefined;
          break;
        }
        case TIME: {
          // A time of the fast path's forms is read where it lies, its end found by its shape (no
          // scan of the string first); any other goes the way of any string, then to `time`.
          const end = b[i] === QUOTE ? timeEnd(b, i + 1, e) : -1;
          if (end > 0 && b[end] === QUOTE && this.fastTime(b, i + 1, end)) {
            time = this.timeMs[0] as number;
            i = end + 1;
            break;
          }
          i = scanString(b, i, e);
          if (i < 0) return undefined;
          const ms = this.time(b, strStart, strEnd);
          if (ms === undefined) return undefined;
          time = ms;
          break;
        }
        case TOOL:
        case COMMAND:
        case PATH:
          i = scanHashed(b, i, e);
          if (i < 0) return undefined;
          if (field === TOOL) tool = strings.get(b, strStart, strEnd, strHash);
          else text = strings.get(b, strStart, strEnd, strHash);
          break;
        case ARGS:
          args = this.flatObject(b, i, e);
          if (args === undefined) return undefined;
          i = strEnd;
          break;
        case ID:
          i = scanString(b, i, e);
          if (i < 0) return undefined;
          id = asciiString(b, strStart, strEnd);
          break;
        case OUTCOME:
          i = scanString(b, i, e);
          if (i < 0) return undefined;
          if (strEnd - strStart === 2 && b[strStart] === 0x6f && b[strStart + 1] === 0x6b)
            outcome = 'ok';
          else if (strEnd - strStart === 5 && same(b, strStart, 'error')) outcome = 'error';
          else return undefined;
          break;
        case OUTPUT:
          if (b[i] === QUOTE) {
            i = scanString(b, i, e);
            if (i < 0) return undefined;
            output = asciiString(b, strStart, strEnd);
          } else {
            i = scanNumber(b, i, e);
            if (i < 0 || numValue < 0) return undefined;
            output = numValue;
          }
          break;
        case TOKENS:
          tokens = usage(b, i, e);
          if (tokens === undefined) return undefined;
          i = strEnd;
          break;
        default: {
          i = scanNumber(b, i, e);
          if (i < 0 || numValue < 0) return undefined;
          const n = numValue;
          if (field === DURATION) duration = n;
          else if (field === INPUT) input = n;
          else if (field === CACHE_READ) cacheRead = n;
          else cacheCreation = n;
        }
      }
      i = afterMember(b, i, e);
      if (i === -2) break;
      if (i < 0) return undefined;
    }
    i = skipBlank(b, strEnd, e);
    if (
      (i < e && b[i] !== NEWLINE) ||
      type < 0 ||
      (seen & TIME) === 0 ||
      (seen & ~(FIELDS_OF[type] as number)) !== 0
    )
      return undefined;
    this.lineEnd = i;
    // Keys in the order of the zod schema's output; defaults as it fills them.
    switch (type) {
      case T_TOOL_CALL: {
        if (tool === undefined || typeof output === 'number') return undefined;
        const ev: Extract<TraceEvent, { type: 'tool_call' }> =
          id === undefined
            ? {
                type: 'tool_call',
                time,
                tool,
                args: args ?? {},
                outcome: outcome ?? 'ok',
                duration_ms: duration ?? 0,
              }
            : {
                type: 'tool_call',
                time,
                tool,
                args: args ?? {},
                id,
                outcome: outcome ?? 'ok',
                duration_ms: duration ?? 0,
              };
        if (output !== undefined) ev.output = output;
        if (tokens !== undefined) ev.tokens = tokens;
        return ev;
      }
      case T_COMMAND:
        return text === undefined
          ? undefined
          : { type: 'command', time, command: text, tool: tool ?? 'Bash' };
      case T_FILE_EDIT:
        return text === undefined
          ? undefined
          : { type: 'file_edit', time, path: text, tool: tool ?? 'Edit' };
      case T_TOKENS: {
        if ((seen & INPUT) === 0 || typeof output !== 'number') return undefined;
        const ev: Extract<TraceEvent, { type: 'tokens' }> = { type: 'tokens', time, input, output };
        if (cacheRead !== undefined) ev.cache_read = cacheRead;
        if (cacheCreation !== undefined) ev.cache_creation = cacheCreation;
        return ev;
      }
      case T_MODEL_END:
        return tokens === undefined
          ? { type: 'model_end', time }
          : { type: 'model_end', time, tokens };
      case T_BATCH_START:
        return { type: 'batch_start', time };
      case T_PROCESS_START:
        return { type: 'process_start', time };
      case T_CONTINUE:
        return { type: 'continue', time };
      default: // 8: repeat
        return { type: 'repeat', time };
    }
  }

  /**
   * Epoch ms of an RFC 3339 time, read from its digits in every form the readers accept:
   * `YYYY-MM-DD`, `T`/`t`/space, `HH:MM:SS`, an optional fraction of any length (truncated to
   * ms), then `Z`/`z` or an offset `±HH:MM` / `±HHMM`. The date's midnight is remembered from the
   * last line; a new date, or anything else, goes through `parseTraceTime`. Undefined when it is
   * not a valid time (the full reader words the error).
   */
  private time(b: Uint8Array, start: number, end: number): number | undefined {
    if (this.fastTime(b, start, end)) return this.timeMs[0];
    const parsed = parseTraceTime(asciiString(b, start, end));
    if (!parsed.ok) return undefined;
    this.offset = parsed.offset;
    this.timeMs[0] = parsed.ms;
    return parsed.ms;
  }

  /**
   * {@link time}'s fast path: true with the epoch ms in `ms[0]`; false when the text is not in one
   * of its forms (the slow path decides). The number goes through a typed array: returned from a
   * call that is not inlined, it would be boxed, one heap number per line.
   */
  private fastTime(b: Uint8Array, start: number, end: number): boolean {
    // parseTraceTime refuses texts over 64 characters; so does this (the slow path words it).
    if (end - start < 20 || end - start > 64) return false;
    const sep = b[start + 10];
    if (b[start + 4] !== MINUS || b[start + 7] !== MINUS || (sep !== 0x54 && sep !== 0x74 && sep !== 0x20) || b[start + 13] !== COLON || b[start + 16] !== COLON)
      return false;
    const h = digits(b, start + 11, 2);
    const mi = digits(b, start + 14, 2);
    const s = digits(b, start + 17, 2);
    if (h < 0 || mi < 0 || s < 0 || h > 23 || mi > 59 || s > 60) return false;
    let i = start + 19;
    let ms = 0;
    if (b[i] === 0x2e) {
      const from = ++i;
      while (i < end && (b[i] as number) - ZERO >= 0 && (b[i] as number) - ZERO <= 9) i++;
      if (i === from) return false;
      // Milliseconds: the first three digits, zeros added (finer digits truncated).
      for (let k = 0; k < 3; k++) ms = ms * 10 + (from + k < i ? (b[from + k] as number) - ZERO : 0);
    }
    let offsetMin = 0;
    const z = b[i];
    if (z === 0x5a || z === 0x7a) {
      if (i + 1 !== end) return false;
    } else if (z === 0x2b || z === MINUS) {
      const colon = end - i === 6;
      if (!colon && end - i !== 5) return false;
      if (colon && b[i + 3] !== COLON) return false;
      const oh = digits(b, i + 1, 2);
      const om = digits(b, colon ? i + 4 : i + 3, 2);
      if (oh < 0 || om < 0 || oh > 23 || om > 59) return false;
      offsetMin = (z === MINUS ? -1 : 1) * (oh * 60 + om);
    } else return false;
    this.offset = offsetMin;
    if (!this.day(b, start)) return false;
    this.timeMs[0] = this.dayMs + (h * 3600 + mi * 60 + Math.min(s, 59)) * 1000 + ms - offsetMin * 60_000;
    return true;
  }

  /**
   * Whether the 10 bytes at `start` of `b` (the array given to {@link use}, with at least 20 bytes
   * from `start`) are a valid date, its midnight then in `dayMs`: compared as three words with the
   * last date read, a new one checked once through the slow path.
   */
  private day(b: Uint8Array, start: number): boolean {
    const view = this.view;
    // `viewBase`, not `b.byteOffset`: a typed array's offset is read through a getter
    const at = this.viewBase + start;
    const head = view.getInt32(at, true);
    const mid = view.getInt32(at + 4, true);
    const tail = view.getUint16(at + 8, true);
    if (head === this.dayHead && mid === this.dayMid && tail === this.dayTail) return true;
    const midnight = parseTraceTime(`${asciiString(b, start, start + 10)}T00:00:00Z`);
    if (!midnight.ok) return false;
    this.dayHead = head;
    this.dayMid = mid;
    this.dayTail = tail;
    this.dayMs = midnight.ms;
    return true;
  }

  /**
   * The usual line's time at `start` (after its opening quote) in one pass, the form nearly every
   * trace writes: `YYYY-MM-DDTHH:MM:SS`, an optional fraction of any length (truncated to ms),
   * `Z`, then the closing quote. Returns the position after the quote, the epoch ms in `timeMs[0]`
   * — what {@link fastTime} gives for it; -1 for any other text (the line is then read by
   * {@link parseLine}, which takes every form).
   */
  private usualTime(b: Uint8Array, start: number, e: number): number {
    // `SS` then `Z"` at least: every fixed place below lies before `e`
    if (start + 21 > e) return -1;
    if (b[start + 4] !== MINUS || b[start + 7] !== MINUS || b[start + 10] !== 0x54 || b[start + 13] !== COLON || b[start + 16] !== COLON) return -1;
    const h = twoDigits(b, start + 11);
    const mi = twoDigits(b, start + 14);
    const s = twoDigits(b, start + 17);
    if (h < 0 || mi < 0 || s < 0 || h > 23 || mi > 59 || s > 60) return -1;
    let i = start + 19;
    let ms = 0;
    if (b[i] === 0x2e) {
      const from = ++i;
      // milliseconds: the first three digits, zeros added; finer digits skipped
      for (; i < e; i++) {
        const d = (b[i] as number) - ZERO;
        if (d < 0 || d > 9) break;
        if (i - from < 3) ms = ms * 10 + d;
      }
      const n = i - from;
      if (n === 0) return -1;
      if (n < 3) ms *= n === 1 ? 100 : 10;
    }
    // `Z"` (the text at most 64 characters, as in `fastTime`)
    if (i + 1 >= e || b[i] !== 0x5a || b[i + 1] !== QUOTE || i + 1 - start > 64) return -1;
    if (!this.day(b, start)) return -1;
    this.timeMs[0] = this.dayMs + (h * 3600 + mi * 60 + Math.min(s, 59)) * 1000 + ms;
    return i + 2;
  }

  /**
   * `args` at `i`: a flat object of plain strings, numbers, booleans and nulls (its end in
   * `strEnd`); undefined for anything else.
   */
  private flatObject(b: Uint8Array, i: number, e: number): Flat | undefined {
    if (i >= e || b[i] !== OPEN) return undefined;
    i = skipBlank(b, i + 1, e);
    const out: Flat = {};
    if (i < e && b[i] === CLOSE) {
      strEnd = i + 1;
      return out;
    }
    const strings = this.strings;
    let count = 0;
    // the keys by place change below: the layout is known again only if this object reads
    this.layoutKeys = 0;
    /** Whether every key so far is kept by place (then the object's layout can be kept). */
    let kept = true;
    for (;;) {
      // the key the last object had at this place, matched by its bytes and closing quote (no hash
      // and no table lookup); else scanned and looked up
      let key: string;
      const last = count < SEEN_KEYS ? (this.keyBytes[count] as Uint8Array) : EMPTY;
      const n = last.length;
      let k = 0;
      if (n > 0 && i + n + 2 <= e && b[i] === QUOTE && b[i + n + 1] === QUOTE) while (k < n && b[i + 1 + k] === last[k]) k++;
      if (n > 0 && k === n && b[i + n + 1] === QUOTE) {
        key = this.keys[count] as string;
        i += n + 2;
      } else {
        i = scanHashed(b, i, e);
        if (i < 0) return undefined;
        key = strings.get(b, strStart, strEnd, strHash);
        if (count < SEEN_KEYS && strEnd - strStart <= MAX_INTERNED) {
          key = internalized(key);
          this.keys[count] = key;
          this.keyBytes[count] = b.slice(strStart, strEnd);
        } else kept = false;
      }
      // JSON.parse makes `__proto__` an own key, which assignment would not; and a key given twice
      // keeps its first place in JSON.parse: the full reader decides both.
      if (key === '__proto__') return undefined;
      if (count < SEEN_KEYS) {
        for (let k = 0; k < count; k++) if (seenKeys[k] === key) return undefined;
        seenKeys[count++] = key;
      } else if (Object.prototype.hasOwnProperty.call(out, key)) return undefined;
      i = afterColon(b, i, e);
      if (i < 0 || i >= e) return undefined;
      const c = b[i] as number;
      if (c === QUOTE) {
        i = scanHashed(b, i, e);
        if (i < 0) return undefined;
        out[key] = strings.get(b, strStart, strEnd, strHash);
      } else if (c === MINUS || (c >= ZERO && c <= ZERO + 9)) {
        i = scanNumber(b, i, e);
        if (i < 0) return undefined;
        out[key] = numValue;
      } else if (c === 0x74 && i + 4 <= e && same(b, i, 'true')) {
        out[key] = true;
        i += 4;
      } else if (c === 0x66 && i + 5 <= e && same(b, i, 'false')) {
        out[key] = false;
        i += 5;
      } else if (c === 0x6e && i + 4 <= e && same(b, i, 'null')) {
        out[key] = null;
        i += 4;
      } else return undefined;
      i = afterMember(b, i, e);
      if (i === -2) {
        // keys 0…count-1 by place are now this object's, all different, none `__proto__`
        if (kept) this.layoutKeys = count;
        return out;
      }
      if (i < 0) return undefined;
    }
  }

  /**
   * {@link flatObject} for an object written as the last one read was: the same keys in the same
   * order, no blanks, each value a plain string or a number. Its keys are matched by place, and
   * need no check for `__proto__` or a key given twice (the last object's keys passed both). Any
   * other object, or anything unexpected, is read again from its start by `flatObject`.
   */
  private sameLayout(b: Uint8Array, start: number, e: number): Flat | undefined {
    const n = this.layoutKeys;
    let i = start;
    if (n === 0 || i >= e || b[i] !== OPEN) return this.flatObject(b, start, e);
    i++;
    const out: Flat = {};
    const strings = this.strings;
    for (let p = 0; p < n; p++) {
      if (p > 0) {
        if (i >= e || b[i] !== COMMA) return this.flatObject(b, start, e);
        i++;
      }
      const bytes = this.keyBytes[p] as Uint8Array;
      const m = bytes.length;
      if (i + m + 3 > e || b[i] !== QUOTE || b[i + m + 1] !== QUOTE || b[i + m + 2] !== COLON) return this.flatObject(b, start, e);
      for (let k = 0; k < m; k++) if (b[i + 1 + k] !== bytes[k]) return this.flatObject(b, start, e);
      i += m + 3;
      const c = b[i] as number;
      if (c === QUOTE) {
        i = scanHashed(b, i, e);
        if (i < 0) return this.flatObject(b, start, e);
        out[this.keys[p] as string] = strings.get(b, strStart, strEnd, strHash);
      } else {
        i = c === MINUS || (c >= ZERO && c <= ZERO + 9) ? scanNumber(b, i, e) : -1;
        if (i < 0) return this.flatObject(b, start, e);
        out[this.keys[p] as string] = numValue;
      }
    }
    if (i >= e || b[i] !== CLOSE) return this.flatObject(b, start, e);
    strEnd = i + 1;
    return out;
  }
}

/**
 * Token usage at `i`: `input` and `output`, maybe `cache_read` and `cache_creation`, each once
 * (its end in `strEnd`); undefined otherwise.
 */
function usage(b: Uint8Array, i: number, e: number): Usage | undefined {
  if (i >= e || b[i] !== OPEN) return undefined;
  i = skipBlank(b, i + 1, e);
  let seen = 0;
  let input = 0;
  let output = 0;
  let cacheRead: number | undefined;
  let cacheCreation: number | undefined;
  for (;;) {
    const field = fieldAt(b, i, e);
    if ((field & USAGE_FIELDS) === 0 || (seen & field) !== 0) return undefined;
    seen |= field;
    i = afterColon(b, keyEnd, e);
    if (i < 0) return undefined;
    i = scanNumber(b, i, e);
    if (i < 0 || numValue < 0) return undefined;
    const n = numValue;
    if (field === INPUT) input = n;
    else if (field === OUTPUT) output = n;
    else if (field === CACHE_READ) cacheRead = n;
    else cacheCreation = n;
    i = afterMember(b, i, e);
    if (i === -2) break;
    if (i < 0) return undefined;
  }
  if ((seen & (INPUT | OUTPUT)) !== (INPUT | OUTPUT)) return undefined;
  const u: Usage = { input, output };
  if (cacheRead !== undefined) u.cache_read = cacheRead;
  if (cacheCreation !== undefined) u.cache_creation = cacheCreation;
  return u;
}
