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
 * `input`, `output`, `cache_read`, `cache_creation`. Anything else — other fields, escapes, non-ASCII text, nesting, an invalid or unusual
 * value, a syntax error — gives `undefined`, and the line goes through the full reader (JSON.parse
 * and the zod schema), which gives the same event or the exact error.
 */
import type { TraceEvent } from './events.ts';
import { AsciiStrings, asciiString } from './asciiStrings.ts';
import { parseTraceTime } from './validateEvent.ts';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const COMMA = 0x2c;
const OPEN = 0x7b;
const CLOSE = 0x7d;
const MINUS = 0x2d;
const ZERO = 0x30;
const NINE = 0x39;

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

/** The fields each event type may have on the fast path. */
const FIELDS_OF = {
  tool_call: TYPE | TIME | TOOL | ARGS | ID | OUTCOME | DURATION | OUTPUT | TOKENS,
  command: TYPE | TIME | COMMAND | TOOL,
  file_edit: TYPE | TIME | PATH | TOOL,
  tokens: TYPE | TIME | INPUT | OUTPUT | CACHE_READ | CACHE_CREATION,
  model_end: TYPE | TIME | TOKENS,
  batch_start: TYPE | TIME,
  process_start: TYPE | TIME,
  continue: TYPE | TIME,
  repeat: TYPE | TIME,
} as const;
type FastType = keyof typeof FIELDS_OF;
const FAST_TYPES = Object.keys(FIELDS_OF) as FastType[];

type Usage = { input: number; output: number; cache_read?: number; cache_creation?: number };
const FAST_TYPE_BYTES = FAST_TYPES.map((t) => Uint8Array.from(t, (c) => c.charCodeAt(0)));

const isWhitespace = (c: number) => c === 0x20 || c === 0x09 || c === 0x0d || c === 0x0a;
const isDigit = (c: number) => c >= ZERO && c <= NINE;

/** Parses canonical lines; keeps the strings it has made and the last date it has seen. */
export class CanonicalFastLine {
  private readonly strings = new AsciiStrings();
  /** `YYYY-MM-DD` of the last 24-byte time read, and its midnight in epoch ms. */
  private readonly day = new Uint8Array(10);
  private dayMs = Number.NaN;
  /** Scan position and line end while parsing. */
  private b: Uint8Array = new Uint8Array(0);
  private i = 0;
  private e = 0;
  /** End of the last string token's content (the closing quote's index). */
  private strEnd = 0;

  /** The event of line bytes `[start, end)` (no newline), or undefined when the full reader must decide. */
  parse(bytes: Uint8Array, start: number, end: number): TraceEvent | undefined {
    this.b = bytes;
    this.i = start;
    this.e = end;
    if (!this.expect(OPEN)) return undefined;
    let seen = 0;
    let type: FastType | undefined;
    let time = 0;
    let tool: string | undefined;
    let args: Record<string, string | number | boolean | null> | undefined;
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
    for (;;) {
      const keyStart = this.stringToken();
      if (keyStart < 0 || !this.expect(COLON)) return undefined;
      const field = this.field(keyStart, this.strEnd);
      if (field === 0 || (seen & field) !== 0) return undefined;
      seen |= field;
      this.skipWhitespace();
      switch (field) {
        case TYPE: {
          const at = this.stringToken();
          if (at < 0) return undefined;
          type = this.fastType(at, this.strEnd);
          if (type === undefined) return undefined;
          break;
        }
        case TIME: {
          const at = this.stringToken();
          if (at < 0) return undefined;
          const ms = this.time(at, this.strEnd);
          if (ms === undefined) return undefined;
          time = ms;
          break;
        }
        case TOOL: {
          const at = this.stringToken();
          if (at < 0) return undefined;
          tool = this.strings.get(this.b, at, this.strEnd);
          break;
        }
        case ARGS:
          args = this.flatObject();
          if (args === undefined) return undefined;
          break;
        case ID:
        case COMMAND:
        case PATH: {
          const at = this.stringToken();
          if (at < 0) return undefined;
          const value = field === ID ? asciiString(this.b, at, this.strEnd) : this.strings.get(this.b, at, this.strEnd);
          if (field === ID) id = value;
          else text = value;
          break;
        }
        case OUTCOME: {
          const at = this.stringToken();
          if (at < 0) return undefined;
          const word = this.strings.get(this.b, at, this.strEnd);
          if (word !== 'ok' && word !== 'error') return undefined;
          outcome = word;
          break;
        }
        case OUTPUT: {
          if (this.peek(this.i) === QUOTE) {
            const at = this.stringToken();
            if (at < 0) return undefined;
            output = asciiString(this.b, at, this.strEnd);
          } else {
            const n = this.count();
            if (n === undefined) return undefined;
            output = n;
          }
          break;
        }
        case TOKENS:
          tokens = this.usage();
          if (tokens === undefined) return undefined;
          break;
        default: {
          const n = this.count();
          if (n === undefined) return undefined;
          if (field === DURATION) duration = n;
          else if (field === INPUT) input = n;
          else if (field === CACHE_READ) cacheRead = n;
          else cacheCreation = n;
        }
      }
      const more = this.more();
      if (more === undefined) return undefined;
      if (!more) break;
    }
    this.skipWhitespace();
    if (this.i !== this.e || type === undefined || (seen & TIME) === 0 || (seen & ~FIELDS_OF[type]) !== 0) return undefined;
    // Keys in the order of the zod schema's output; defaults as it fills them.
    switch (type) {
      case 'tool_call': {
        if (tool === undefined || typeof output === 'number') return undefined;
        const e: Extract<TraceEvent, { type: 'tool_call' }> =
          id === undefined
            ? { type, time, tool, args: args ?? {}, outcome: outcome ?? 'ok', duration_ms: duration ?? 0 }
            : { type, time, tool, args: args ?? {}, id, outcome: outcome ?? 'ok', duration_ms: duration ?? 0 };
        if (output !== undefined) e.output = output;
        if (tokens !== undefined) e.tokens = tokens;
        return e;
      }
      case 'command':
        return text === undefined ? undefined : { type, time, command: text, tool: tool ?? 'Bash' };
      case 'file_edit':
        return text === undefined ? undefined : { type, time, path: text, tool: tool ?? 'Edit' };
      case 'tokens': {
        if ((seen & INPUT) === 0 || typeof output !== 'number') return undefined;
        const e: Extract<TraceEvent, { type: 'tokens' }> = { type, time, input, output };
        if (cacheRead !== undefined) e.cache_read = cacheRead;
        if (cacheCreation !== undefined) e.cache_creation = cacheCreation;
        return e;
      }
      case 'model_end':
        return tokens === undefined ? { type, time } : { type, time, tokens };
      default:
        return { type, time };
    }
  }

  /** The byte at `k`, or -1 past the line's end (the bytes there belong to no line). */
  private peek(k: number): number {
    return k < this.e ? (this.b[k] as number) : -1;
  }

  private skipWhitespace(): void {
    while (this.i < this.e && isWhitespace(this.b[this.i] as number)) this.i++;
  }

  /** After an object's member: true after `,` (another follows), false after `}` (the object ends), undefined for anything else. */
  private more(): boolean | undefined {
    this.skipWhitespace();
    const c = this.peek(this.i++);
    if (c === CLOSE) return false;
    if (c !== COMMA) return undefined;
    this.skipWhitespace();
    return true;
  }

  /** Skips whitespace, then consumes `c`; false when the next byte is another. */
  private expect(c: number): boolean {
    this.skipWhitespace();
    if (this.i >= this.e || this.b[this.i] !== c) return false;
    this.i++;
    this.skipWhitespace();
    return true;
  }

  /**
   * A string of printable ASCII without escapes at the position: returns where its content starts
   * (it ends at `strEnd`) and moves past it; -1 for anything else.
   */
  private stringToken(): number {
    const b = this.b;
    if (this.i >= this.e || b[this.i] !== QUOTE) return -1;
    const start = ++this.i;
    for (let i = start; i < this.e; i++) {
      const c = b[i] as number;
      if (c === QUOTE) {
        this.strEnd = i;
        this.i = i + 1;
        return start;
      }
      if (c < 0x20 || c > 0x7e || c === BACKSLASH) return -1;
    }
    return -1;
  }

  private same(start: number, end: number, word: string): boolean {
    if (end - start !== word.length || end > this.e) return false;
    for (let k = 0; k < word.length; k++) if (this.b[start + k] !== word.charCodeAt(k)) return false;
    return true;
  }

  private field(start: number, end: number): number {
    switch (end - start) {
      case 4:
        // told apart by their second letter, then checked whole
        switch (this.b[start + 1]) {
          case 0x79: // tYpe
            return this.same(start, end, 'type') ? TYPE : 0;
          case 0x69: // tIme
            return this.same(start, end, 'time') ? TIME : 0;
          case 0x6f: // tOol
            return this.same(start, end, 'tool') ? TOOL : 0;
          case 0x72: // aRgs
            return this.same(start, end, 'args') ? ARGS : 0;
          case 0x61: // pAth
            return this.same(start, end, 'path') ? PATH : 0;
          default:
            return 0;
        }
      case 2:
        return this.same(start, end, 'id') ? ID : 0;
      case 5:
        return this.same(start, end, 'input') ? INPUT : 0;
      case 6:
        if (this.same(start, end, 'output')) return OUTPUT;
        return this.same(start, end, 'tokens') ? TOKENS : 0;
      case 7:
        if (this.same(start, end, 'outcome')) return OUTCOME;
        return this.same(start, end, 'command') ? COMMAND : 0;
      case 10:
        return this.same(start, end, 'cache_read') ? CACHE_READ : 0;
      case 11:
        return this.same(start, end, 'duration_ms') ? DURATION : 0;
      case 14:
        return this.same(start, end, 'cache_creation') ? CACHE_CREATION : 0;
      default:
        return 0;
    }
  }

  private fastType(start: number, end: number): FastType | undefined {
    const n = end - start;
    for (let t = 0; t < FAST_TYPES.length; t++) {
      const word = FAST_TYPE_BYTES[t] as Uint8Array;
      if (word.length !== n) continue;
      let k = 0;
      while (k < n && word[k] === this.b[start + k]) k++;
      if (k === n) return FAST_TYPES[t];
    }
    return undefined;
  }

  /**
   * Epoch ms of an RFC 3339 time: `YYYY-MM-DDTHH:MM:SS.mmmZ` read from its digits (the date's
   * midnight remembered from the last line), any other form through `parseTraceTime`; undefined when
   * it is not a valid time (the full reader words the error).
   */
  private time(start: number, end: number): number | undefined {
    const b = this.b;
    if (
      end - start === 24 &&
      b[start + 4] === MINUS &&
      b[start + 7] === MINUS &&
      b[start + 10] === 0x54 &&
      b[start + 13] === COLON &&
      b[start + 16] === COLON &&
      b[start + 19] === 0x2e &&
      b[start + 23] === 0x5a
    ) {
      const h = this.digits(start + 11, 2);
      const mi = this.digits(start + 14, 2);
      const s = this.digits(start + 17, 2);
      const ms = this.digits(start + 20, 3);
      if (h < 0 || mi < 0 || s < 0 || ms < 0 || h > 23 || mi > 59 || s > 60) return undefined;
      const day = this.day;
      let sameDay = true;
      for (let k = 0; k < 10; k++)
        if (day[k] !== b[start + k]) {
          sameDay = false;
          break;
        }
      const clock = (h * 3600 + mi * 60 + Math.min(s, 59)) * 1000 + ms;
      if (sameDay) return this.dayMs + clock;
      const parsed = parseTraceTime(asciiString(b, start, end));
      if (!parsed.ok) return undefined;
      day.set(b.subarray(start, start + 10));
      this.dayMs = parsed.ms - clock;
      return parsed.ms;
    }
    const parsed = parseTraceTime(asciiString(b, start, end));
    return parsed.ok ? parsed.ms : undefined;
  }

  /** The value of `count` decimal digits at `at`, or -1. */
  private digits(at: number, count: number): number {
    let v = 0;
    for (let k = 0; k < count; k++) {
      const c = this.b[at + k] as number;
      if (!isDigit(c)) return -1;
      v = v * 10 + (c - ZERO);
    }
    return v;
  }

  /** A JSON number at the position (its grammar checked), finite; undefined otherwise. */
  private number(): number | undefined {
    const start = this.i;
    let i = start;
    const negative = this.peek(i) === MINUS;
    if (negative) i++;
    if (!isDigit(this.peek(i))) return undefined;
    let value = 0;
    const intStart = i;
    if (this.peek(i) === ZERO) i++;
    else
      for (let c = this.peek(i); isDigit(c); c = this.peek(++i)) value = value * 10 + (c - ZERO);
    let plain = i - intStart <= 15;
    if (this.peek(i) === 0x2e) {
      plain = false;
      i++;
      if (!isDigit(this.peek(i))) return undefined;
      while (isDigit(this.peek(i))) i++;
    }
    const exp = this.peek(i);
    if (exp === 0x65 || exp === 0x45) {
      plain = false;
      i++;
      const sign = this.peek(i);
      if (sign === 0x2b || sign === MINUS) i++;
      if (!isDigit(this.peek(i))) return undefined;
      while (isDigit(this.peek(i))) i++;
    }
    this.i = i;
    if (plain) return negative ? -value : value;
    const n = Number(asciiString(this.b, start, i));
    return Number.isFinite(n) ? n : undefined;
  }

  /** A non-negative JSON number (counts, durations), or undefined. */
  private count(): number | undefined {
    const n = this.number();
    return n === undefined || n < 0 ? undefined : n;
  }

  /** Token usage: `input` and `output`, maybe `cache_read` and `cache_creation`, each once; undefined otherwise. */
  private usage(): Usage | undefined {
    if (this.peek(this.i) !== OPEN) return undefined;
    this.i++;
    this.skipWhitespace();
    let seen = 0;
    let input = 0;
    let output = 0;
    let cacheRead: number | undefined;
    let cacheCreation: number | undefined;
    for (;;) {
      const keyStart = this.stringToken();
      if (keyStart < 0 || !this.expect(COLON)) return undefined;
      const field = this.field(keyStart, this.strEnd);
      if ((field & (INPUT | OUTPUT | CACHE_READ | CACHE_CREATION)) === 0 || (seen & field) !== 0) return undefined;
      seen |= field;
      const n = this.count();
      if (n === undefined) return undefined;
      if (field === INPUT) input = n;
      else if (field === OUTPUT) output = n;
      else if (field === CACHE_READ) cacheRead = n;
      else cacheCreation = n;
      const more = this.more();
      if (more === undefined) return undefined;
      if (!more) break;
    }
    if ((seen & (INPUT | OUTPUT)) !== (INPUT | OUTPUT)) return undefined;
    const usage: Usage = { input, output };
    if (cacheRead !== undefined) usage.cache_read = cacheRead;
    if (cacheCreation !== undefined) usage.cache_creation = cacheCreation;
    return usage;
  }

  /** `args`: a flat object of plain strings, numbers, booleans and nulls; undefined for anything else. */
  private flatObject(): Record<string, string | number | boolean | null> | undefined {
    if (this.peek(this.i) !== OPEN) return undefined;
    this.i++;
    this.skipWhitespace();
    const out: Record<string, string | number | boolean | null> = {};
    if (this.peek(this.i) === CLOSE) {
      this.i++;
      return out;
    }
    for (;;) {
      const keyStart = this.stringToken();
      if (keyStart < 0 || !this.expect(COLON)) return undefined;
      const key = this.strings.get(this.b, keyStart, this.strEnd);
      // JSON.parse makes `__proto__` an own key, which assignment would not; and a key given twice
      // keeps its first place in JSON.parse: the full reader decides both.
      if (key === '__proto__' || Object.prototype.hasOwnProperty.call(out, key)) return undefined;
      const c = this.peek(this.i);
      if (c === QUOTE) {
        const at = this.stringToken();
        if (at < 0) return undefined;
        out[key] = this.strings.get(this.b, at, this.strEnd);
      } else if (c === MINUS || isDigit(c)) {
        const n = this.number();
        if (n === undefined) return undefined;
        out[key] = n;
      } else if (this.same(this.i, this.i + 4, 'true')) {
        out[key] = true;
        this.i += 4;
      } else if (this.same(this.i, this.i + 5, 'false')) {
        out[key] = false;
        this.i += 5;
      } else if (this.same(this.i, this.i + 4, 'null')) {
        out[key] = null;
        this.i += 4;
      } else return undefined;
      const more = this.more();
      if (more === undefined) return undefined;
      if (!more) return out;
    }
  }
}
