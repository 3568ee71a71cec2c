/**
 * The decision stream written straight to UTF-8 bytes (`traces.md` §4): the same bytes as
 * `serializeDecision(d) + '\n'` encoded as UTF-8, built in one reused buffer instead of a string per
 * decision, so a replay of millions of events writes without building and re-encoding strings.
 * Handed to the sink in batches of about {@link DEFAULT_BATCH_BYTES}.
 */
import { DECISION_KEY_ORDER, DECISION_KNOWN_KEYS, type Decision, type DecisionKind } from './decisions.ts';
import { unbuiltMessage, type LazyText } from './lazyMessage.ts';
import { viewIdAt, type CalledView } from './tools/calledHistory.ts';
import { HistoryListMessage } from './tools/historyMessage.ts';
import { formatIso } from '../time.ts';

/** Bytes collected before the writer hands a batch to its sink. */
export const DEFAULT_BATCH_BYTES = 1 << 16;

export interface DecisionWriterOptions {
  /**
   * Takes each batch: whole lines, about `batchBytes` long (longer when one line is). The bytes are
   * the writer's own buffer, reused after the call returns: write them out (or copy them) first.
   */
  sink(bytes: Uint8Array): void;
  /**
   * Rewrites the JSON text of any value that is not plain printable ASCII (after `JSON.stringify`),
   * e.g. the CLI's escaping of terminal controls; it must keep the text valid JSON, leave printable
   * ASCII as it is (but a `#`: strings holding one are passed to it too, for the `##[` of a CI log
   * command) and rewrite each character on its own (a long message is escaped piece by piece).
   */
  escape?(json: string): string;
  /** Batch size in bytes (default {@link DEFAULT_BATCH_BYTES}). */
  batchBytes?: number;
  /**
   * The epoch ms a decision's `time` text stands for, when known cheaply (a replay's
   * `timeMsOf`): then the time's digits are written from the number, not read from the text.
   * It must give `ms` only for a `time` equal to `formatIso(ms)`, or left empty by a replay with
   * `timesAsMs` for the event it was made for.
   */
  timeMsOf?(time: string): number | undefined;
  /**
   * Where the epoch ms of a decision whose `time` is `''` is read (a replay with `timesAsMs`: its
   * `timeClock`), when it is written: the number goes from array to array, never boxed.
   */
  clock?: Float64Array;
}

/** Writes decisions (and ready-made lines) as JSONL bytes. */
export interface DecisionWriter {
  /** Appends `serializeDecision(d)` and a newline. */
  write(d: Decision): void;
  /** Appends a line of JSON text (escaped like values) and a newline. */
  writeLine(json: string): void;
  /** Hands what is collected to the sink. */
  flush(): void;
}

const QUOTE = 0x22;
const HASH = 0x23;
const BACKSLASH = 0x5c;
const NEWLINE = 0x0a;
/** Longest string kept in the table of encoded recurring strings. */
const MEMO_MAX_LENGTH = 64;
const MEMO_MAX_ENTRIES = 50_000;
/** Slots of the writer's cache of recent tools' allowed pieces (a power of two). */
const RECENT_TOOLS = 256;
/** Longest message whose decision's fields are kept as one piece (see `putRepeatedFields`). */
const REPEATED_MAX_LENGTH = 1024;
/** Bytes of pieces kept for repeated decisions, at most (texts that never repeat stop filling it there). */
const REPEATED_MAX_BYTES = 4 << 20;

const ascii = (text: string): Uint8Array => {
  const out = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) out[i] = text.charCodeAt(i);
  return out;
};

/** A kind's own key with its `,"key":` bytes. */
interface Field {
  key: string;
  prefix: Uint8Array;
}

/**
 * Per kind: `,"kind":"allowed"`, its own fields in the spec's order, and every key it is written
 * with in the order the engine creates them (base keys first), which `for…in` meets first.
 */
const KIND_BYTES = {} as Record<DecisionKind, Uint8Array>;
const FIELDS = {} as Record<DecisionKind, readonly Field[]>;
const CREATION_ORDER = {} as Record<DecisionKind, readonly string[]>;
for (const kind of Object.keys(DECISION_KEY_ORDER) as DecisionKind[]) {
  KIND_BYTES[kind] = ascii(`,"kind":${JSON.stringify(kind)}`);
  FIELDS[kind] = DECISION_KEY_ORDER[kind].map((key) => ({ key, prefix: ascii(`,${JSON.stringify(key)}:`) }));
  CREATION_ORDER[kind] = ['seq', 'event', 'time', 'kind', ...DECISION_KEY_ORDER[kind]];
}
const SEQ = ascii('{"seq":');
/** Kinds with a `message` field (their text may repeat). */
const HAS_MESSAGE = Object.fromEntries(Object.entries(DECISION_KEY_ORDER).map(([kind, keys]) => [kind, keys.includes('message')])) as Record<DecisionKind, boolean>;
/** The fields a repeated decision's piece is checked against, read by name (besides its message). */
const REPEATED_KEYS = ['tool', 'code', 'rule', 'reason', 'pending'] as const;
/** Kinds whose own fields are all among {@link REPEATED_KEYS} and `message`: their pieces can be kept. */
const REPEATABLE = Object.fromEntries(
  Object.entries(DECISION_KEY_ORDER).map(([kind, keys]) => [kind, keys.every((k) => k === 'message' || (REPEATED_KEYS as readonly string[]).includes(k))]),
) as Record<DecisionKind, boolean>;
/** A decision's fields as {@link putRepeatedFields} reads them. */
type RepeatedFields = { readonly [K in (typeof REPEATED_KEYS)[number] | 'message']?: unknown };
/** A kept piece: `,"kind":…` to the last field, and the kind and field values it was written from. */
interface RepeatedPiece {
  kind: DecisionKind;
  tool: unknown;
  code: unknown;
  rule: unknown;
  reason: unknown;
  pending: unknown;
  bytes: Uint8Array;
}
const EVENT = ascii(',"event":');
const TIME = ascii(',"time":');
/** The creation order of the kind nine decisions in ten have (no keyed lookup by kind). */
const ALLOWED_ORDER = CREATION_ORDER.allowed;
const TOOL = ascii(',"tool":');
const OUTCOME = ascii(',"outcome":');
const FLOW = ascii(',"flow":');
const CONSENT = ascii(',"consent":');
const MESSAGE = ascii(',"message":');
const LIST_SEPARATOR = ascii(', ');

/** Whether `v` is written by {@link smallIntInto}. */
const isSmallInt = (v: unknown): v is number => typeof v === 'number' && v >= 0 && v <= 0x7fffffff && (v | 0) === v;

/*
 * Bytes written four at a time: a DataView's 32-bit little-endian stores (any alignment) are
 * single machine stores once optimised, where a loop stores and bounds-checks each byte. A piece
 * of n bytes is written as whole words, so up to 3 bytes past its end are written too: the caller
 * makes room for them, and what comes next writes over them (nothing past the write position is
 * ever handed to the sink).
 */

/** The 32-bit little-endian word of bytes `i`…`i + 3` of `b` (zeros past its end). */
const wordAt = (b: Uint8Array, i: number): number => ((b[i] ?? 0) | ((b[i + 1] ?? 0) << 8) | ((b[i + 2] ?? 0) << 16) | ((b[i + 3] ?? 0) << 24)) >>> 0;

/** The words of `b`, zero-padded (see {@link wordsInto}). */
function wordsOf(b: Uint8Array): Uint32Array {
  const w = new Uint32Array((b.length + 3) >> 2);
  for (let k = 0; k < w.length; k++) w[k] = wordAt(b, 4 * k);
  return w;
}

/** Writes `w` (the words of `n` bytes) at `p` through `v`; the position after the `n` bytes (up to 3 written past it). */
function wordsInto(v: DataView, p: number, w: Uint32Array, n: number): number {
  for (let k = 0; k < w.length; k++) v.setUint32(p + 4 * k, w[k] as number, true);
  return p + n;
}

/** Room past a piece written by words. */
const WORD_SLACK = 3;

/** Bytes kept to be copied as words ({@link wordsInto}). */
interface Piece {
  readonly words: Uint32Array;
  readonly length: number;
}

const pieceOf = (bytes: Uint8Array): Piece => ({ words: wordsOf(bytes), length: bytes.length });

/*
 * The base keys as constant words (room made by the caller; the position after them returned):
 * a copy loop over their bytes cost several times as much, per decision.
 */
const [SEQ0, SEQ1] = wordsOf(ascii('{"seq":')) as unknown as [number, number];
const [EVENT0, EVENT1, EVENT2] = wordsOf(ascii(',"event":')) as unknown as [number, number, number];
const [TIME0, TIME1] = wordsOf(ascii(',"time":')) as unknown as [number, number];

/** `{"seq":` ({@link SEQ}; 1 byte past it written). */
function seqKeyInto(v: DataView, p: number): number {
  v.setUint32(p, SEQ0, true);
  v.setUint32(p + 4, SEQ1, true);
  return p + 7;
}

/** `,"event":` ({@link EVENT}; 3 bytes past it written). */
function eventKeyInto(v: DataView, p: number): number {
  v.setUint32(p, EVENT0, true);
  v.setUint32(p + 4, EVENT1, true);
  v.setUint32(p + 8, EVENT2, true);
  return p + 9;
}

/** `,"time":` ({@link TIME}). */
function timeKeyInto(v: DataView, p: number): number {
  v.setUint32(p, TIME0, true);
  v.setUint32(p + 4, TIME1, true);
  return p + 8;
}

/** The digits of an integer in [0, 2^31) at `p` (room for 10 made by the caller); the position after. */
function smallIntInto(b: Uint8Array, p: number, v: number): number {
  if (v < 10) {
    b[p] = 0x30 + v;
    return p + 1;
  }
  let digits = 1;
  for (let m = 10; m <= v && digits < 10; m *= 10) digits++;
  const end = p + digits;
  let k = v | 0;
  for (let at = end; k > 0; ) {
    const q = (k / 10) | 0;
    b[--at] = 0x30 + (k - q * 10);
    k = q;
  }
  return end;
}

/**
 * The decimal digits of the last integer written, kept so that the next one — a sequence number or
 * event index, one more than the last or the same — costs an increment of its digits, not a division
 * per digit, and is written as words.
 */
class DigitCounter {
  /** The integer whose digits {@link digits} holds (-2: none yet, so 0 is not taken for its successor). */
  private value = -2;
  /** Its digits, most significant first (12 bytes: three whole words). */
  private readonly digits = new Uint8Array(12);
  private readonly words = new DataView(this.digits.buffer);
  private length = 0;

  /**
   * The digits of `v` (an integer in [0, 2^31)) at `p` (room for 12 made by the caller: all three
   * words are written, whatever the digits' count); the position after.
   */
  into(out: DataView, p: number, v: number): number {
    const d = this.digits;
    if (v === this.value + 1) {
      let i = this.length - 1;
      while (i >= 0 && d[i] === 0x39) d[i--] = 0x30;
      // 9…9 + 1 (i = -1) takes one more digit: a 1 before the zeros, and a zero more. Written
      // without a branch of its own: a branch first taken at 10,000 had no type feedback, and
      // taking it threw the compiled writer away.
      const carry = i < 0 ? 1 : 0;
      d[this.length] = 0x30; // past the digits unless the carry takes it
      this.length += carry;
      const at = i + carry;
      d[at] = (d[at] as number) + 1;
      this.value = v;
    } else if (v !== this.value) {
      this.length = smallIntInto(d, 0, v);
      this.value = v;
    }
    const n = this.length;
    const w = this.words;
    // All three words: the second first needed at 10,000 had no type feedback in the compiled
    // writer, and taking it threw the code away.
    out.setUint32(p, w.getUint32(0, true), true);
    out.setUint32(p + 4, w.getUint32(4, true), true);
    out.setUint32(p + 8, w.getUint32(8, true), true);
    return p + n;
  }
}

/**
 * A 24-character time of plain printable ASCII (no quote or backslash) as its JSON string at `p` (room
 * for 26 made by the caller): the position after; -1 when it has any other character.
 */
function plainTimeInto(b: Uint8Array, p: number, s: string): number {
  b[p] = QUOTE;
  for (let k = 0; k < 24; k++) {
    const c = s.charCodeAt(k);
    if (c < 0x20 || c > 0x7e || c === QUOTE || c === BACKSLASH) return -1;
    b[p + 1 + k] = c;
  }
  b[p + 25] = QUOTE;
  return p + 26;
}

const MS_PER_DAY = 86_400_000;

/**
 * Times written from their epoch ms: `"YYYY-MM-DDTHH:MM:SS.` of the second, kept as words (the
 * day's date taken from `formatIso` once per day, so it is its own), and the ms digits.
 */
class IsoTimes {
  /**
   * The day's first ms and the next day's (an empty range until a day is read). Not a small
   * integer at first: a field that holds one and then an epoch ms changes representation, and the
   * code compiled for the first is thrown away.
   */
  private dayStart = Number.NEGATIVE_INFINITY;
  private dayEnd = Number.NEGATIVE_INFINITY;
  /** The second's first ms and the next second's. */
  private secondStart = Number.NEGATIVE_INFINITY;
  private secondEnd = Number.NEGATIVE_INFINITY;
  /** `"YYYY-MM-DDTHH:MM:SS.` of the second (24 bytes: six whole words). */
  private readonly head = new Uint8Array(24);
  private readonly headWords = new DataView(this.head.buffer);
  private w0 = 0;
  private w1 = 0;
  private w2 = 0;
  private w3 = 0;
  private w4 = 0;
  private w5 = 0;

  /** The epoch ms {@link ready} and {@link timeInto} write (a typed array: read and stored without boxing). */
  readonly ms = new Float64Array(1);

  /** Whether {@link ms} can be written by {@link timeInto}: a whole ms in a year of four digits. */
  ready(): boolean {
    const ms = this.ms[0] as number;
    if (ms >= this.secondStart && ms < this.secondEnd && Number.isInteger(ms)) return true;
    if (!Number.isInteger(ms)) return false;
    const head = this.head;
    if (!(ms >= this.dayStart && ms < this.dayEnd)) {
      const start = Math.floor(ms / MS_PER_DAY) * MS_PER_DAY;
      const iso = formatIso(start);
      if (iso.length !== 24 || iso.charCodeAt(10) !== 0x54) return false;
      head[0] = QUOTE;
      for (let k = 0; k < 11; k++) head[k + 1] = iso.charCodeAt(k);
      this.dayStart = start;
      this.dayEnd = start + MS_PER_DAY;
    }
    // all in 32-bit integers (a day has fewer than 2^27 ms)
    const t = ((ms - this.dayStart) / 1000) | 0;
    const h = (t / 3600) | 0;
    const r = t - h * 3600;
    const mi = (r / 60) | 0;
    twoDigits(head, 12, h);
    head[14] = 0x3a;
    twoDigits(head, 15, mi);
    head[17] = 0x3a;
    twoDigits(head, 18, r - mi * 60);
    head[20] = 0x2e;
    const w = this.headWords;
    this.w0 = w.getUint32(0, true);
    this.w1 = w.getUint32(4, true);
    this.w2 = w.getUint32(8, true);
    this.w3 = w.getUint32(12, true);
    this.w4 = w.getUint32(16, true);
    this.w5 = w.getUint32(20, true);
    this.secondStart = this.dayStart + t * 1000;
    this.secondEnd = this.secondStart + 1000;
    return true;
  }

  /** `"YYYY-MM-DDTHH:MM:SS.mmmZ"` of {@link ms} (made {@link ready}) at `p`; the position after. */
  timeInto(v: DataView, b: Uint8Array, p: number): number {
    const ms = this.ms[0] as number;
    v.setUint32(p, this.w0, true);
    v.setUint32(p + 4, this.w1, true);
    v.setUint32(p + 8, this.w2, true);
    v.setUint32(p + 12, this.w3, true);
    v.setUint32(p + 16, this.w4, true);
    v.setUint32(p + 20, this.w5, true);
    const milli = (ms - this.secondStart) | 0;
    const hundreds = (milli / 100) | 0;
    b[p + 21] = 0x30 + hundreds;
    twoDigits(b, p + 22, milli - hundreds * 100);
    b[p + 24] = 0x5a;
    b[p + 25] = QUOTE;
    return p + 26;
  }
}

/** Two decimal digits of `v` (0–99) at `p`. */
function twoDigits(b: Uint8Array, p: number, v: number): void {
  const tens = (v / 10) | 0;
  b[p] = 0x30 + tens;
  b[p + 1] = 0x30 + (v - tens * 10);
}

/** A decision writer over a reused byte buffer; see {@link DecisionWriterOptions}. */
export function createDecisionWriter(opts: DecisionWriterOptions): DecisionWriter {
  const batch = opts.batchBytes ?? DEFAULT_BATCH_BYTES;
  const escape = opts.escape;
  const timeMsOf = opts.timeMsOf;
  const clock = opts.clock;
  const days = new IsoTimes();
  const seqDigits = new DigitCounter();
  const eventDigits = new DigitCounter();
  const encoder = new TextEncoder();
  /** JSON of recurring short strings (tool names, codes, flows), as bytes. */
  const memo = new Map<string, Uint8Array>();
  let buf = new Uint8Array(batch * 2);
  /** `buf` seen as words (see {@link wordsInto}). */
  let bufWords = new DataView(buf.buffer);
  let pos = 0;

  const flush = () => {
    if (pos > 0) opts.sink(buf.subarray(0, pos));
    pos = 0;
  };
  /** Room for `n` more bytes; a line longer than the free space grows the buffer (batches hold whole lines). */
  const room = (n: number) => {
    if (pos + n <= buf.length) return;
    let size = buf.length * 2;
    while (size < pos + n) size *= 2;
    const grown = new Uint8Array(size);
    grown.set(buf.subarray(0, pos));
    buf = grown;
    bufWords = new DataView(buf.buffer);
  };
  const put = (bytes: Uint8Array) => {
    const n = bytes.length;
    room(n);
    if (n < 24) for (let i = 0; i < n; i++) buf[pos + i] = bytes[i] as number;
    else buf.set(bytes, pos);
    pos += n;
  };

  /** A few constant bytes (a key and its punctuation). */
  const putKey = (bytes: Uint8Array) => {
    const n = bytes.length;
    if (pos + n > buf.length) room(n);
    const p = pos;
    for (let i = 0; i < n; i++) buf[p + i] = bytes[i] as number;
    pos = p + n;
  };

  /** JSON text of anything, escaped, as UTF-8 (the general path). */
  const putJsonText = (json: string) => {
    const text = escape ? escape(json) : json;
    room(text.length * 3);
    pos += encoder.encodeInto(text, buf.subarray(pos)).written;
  };

  /**
   * What goes between the quotes of a string's JSON: printable ASCII is written as it goes (`"`
   * and `\` escaped as JSON.stringify does); a string with any other character is written by the
   * general path.
   */
  const putStringContent = (s: string) => {
    const n = s.length;
    room(2 * n);
    let p = pos;
    for (let i = 0; i < n; i++) {
      const c = s.charCodeAt(i);
      if (c < 0x20 || c > 0x7e || (c === HASH && escape)) {
        const json = JSON.stringify(s);
        const text = escape ? escape(json) : json;
        room(text.length * 3);
        pos += encoder.encodeInto(text.slice(1, -1), buf.subarray(pos)).written;
        return;
      }
      if (c === QUOTE || c === BACKSLASH) buf[p++] = BACKSLASH;
      buf[p++] = c;
    }
    pos = p;
  };

  /** A string as JSON. */
  const putString = (s: string) => {
    room(1);
    buf[pos++] = QUOTE;
    putStringContent(s);
    room(1);
    buf[pos++] = QUOTE;
  };

  /** A recurring short string, from the table of encoded strings. */
  const putShortString = (s: string) => {
    let bytes = memo.get(s);
    if (bytes === undefined) {
      const at = pos;
      putString(s);
      bytes = buf.slice(at, pos);
      if (memo.size < MEMO_MAX_ENTRIES) memo.set(s, bytes);
      return;
    }
    put(bytes);
  };

  const putNumber = (v: number) => {
    if (!Number.isSafeInteger(v)) {
      putJsonText(JSON.stringify(v));
      return;
    }
    room(17);
    let n = v;
    if (n < 0) {
      buf[pos++] = 0x2d;
      n = -n;
    }
    if (n < 10) {
      buf[pos++] = 0x30 + n;
      return;
    }
    if (n <= 0x7fffffff) {
      // small integers (sequence numbers, event indexes, rules) in 32-bit arithmetic
      let digits = 1;
      for (let m = 10; m <= n && digits < 10; m *= 10) digits++;
      let p = pos + digits;
      pos = p;
      let k = n | 0;
      while (k > 0) {
        const q = (k / 10) | 0;
        buf[--p] = 0x30 + (k - q * 10);
        k = q;
      }
      return;
    }
    let digits = 0;
    for (let m = n; m > 0; m = Math.floor(m / 10)) digits++;
    let p = pos + digits;
    pos = p;
    while (n > 0) {
      const q = Math.floor(n / 10);
      buf[--p] = 0x30 + (n - q * 10);
      n = q;
    }
  };

  const putValue = (v: unknown) => {
    if (typeof v === 'string') {
      if (v.length <= MEMO_MAX_LENGTH) putShortString(v);
      else putString(v);
    } else if (typeof v === 'number') putNumber(v);
    else putJsonText(`${JSON.stringify(v)}`);
  };

  /** The JSON string content of recurring strings (a history's tool names), as bytes. */
  const contents = new Map<string, Uint8Array>();
  const contentOf = (s: string): Uint8Array => {
    let bytes = contents.get(s);
    if (bytes === undefined) {
      const at = pos;
      putStringContent(s);
      bytes = buf.slice(at, pos);
      pos = at;
      if (contents.size < MEMO_MAX_ENTRIES) contents.set(s, bytes);
    }
    return bytes;
  };

  /**
   * The list of a history message as bytes, kept for the history last written and extended by the
   * calls made since: messages come in the order they were made, so each costs the new calls and
   * one copy, however long the list. Each entry is kept with the `, ` before it, the first too.
   */
  let listScope: CalledView['scope'] | undefined;
  let listNameOf: ((id: number) => string) | undefined;
  let listIds = 0;
  let list = new Uint8Array(0);
  let listLength = 0;
  /** `list` seen as words. */
  let listWords = new DataView(list.buffer);
  /**
   * Per tool id of `listNameOf`: `, ` and its name's string content, as words (no name lookup and
   * no table of strings per entry; a typed array's `set` costs more than the few bytes of a name).
   */
  let entryOf: (Piece | undefined)[] = [];
  const entryPiece = (id: number, nameOf: (id: number) => string): Piece => {
    const content = contentOf(nameOf(id));
    const bytes = new Uint8Array(LIST_SEPARATOR.length + content.length);
    bytes.set(LIST_SEPARATOR);
    bytes.set(content, LIST_SEPARATOR.length);
    const piece = pieceOf(bytes);
    if (id < MEMO_MAX_ENTRIES) entryOf[id] = piece;
    return piece;
  };
  const putHistory = (view: CalledView, nameOf: (id: number) => string) => {
    if (nameOf !== listNameOf) entryOf = [];
    if (view.scope !== listScope || nameOf !== listNameOf) {
      listScope = view.scope;
      listNameOf = nameOf;
      listIds = 0;
      listLength = 0;
    }
    if (view.length < listIds) {
      // an older view of this history (written out of order): formatted on its own
      for (let i = 0; i < view.length; i++) {
        if (i > 0) put(LIST_SEPARATOR);
        put(contentOf(nameOf(viewIdAt(view, i))));
      }
      return;
    }
    for (; listIds < view.length; listIds++) {
      const id = viewIdAt(view, listIds);
      const entry = entryOf[id] ?? entryPiece(id, nameOf);
      const n = entry.length;
      if (listLength + n + WORD_SLACK > list.length) {
        const grown = new Uint8Array(Math.max(4096, 2 * (listLength + n + WORD_SLACK)));
        grown.set(list.subarray(0, listLength));
        list = grown;
        listWords = new DataView(list.buffer);
      }
      listLength = wordsInto(listWords, listLength, entry.words, n);
    }
    // The first entry is kept with its separator too, and written from after it: a branch of its
    // own for it was first taken after the writer was compiled (at the second history's start),
    // which threw the code away.
    const from = listLength > 0 ? LIST_SEPARATOR.length : 0;
    room(listLength - from);
    buf.set(list.subarray(from, listLength), pos);
    pos += listLength - from;
  };

  /** A message not built yet, formatted from its parts (the same bytes as its text's JSON). */
  const putMessage = (parts: LazyText) => {
    if (!(parts instanceof HistoryListMessage)) {
      putValue(parts.text());
      return;
    }
    room(1);
    buf[pos++] = QUOTE;
    putStringContent(parts.head);
    putHistory(parts.view, parts.debugNameOf);
    putStringContent(parts.tail);
    room(1);
    buf[pos++] = QUOTE;
  };

  /**
   * `,"kind":"allowed","tool":…,"outcome":…,"flow":…` as one piece per tool, outcome and flow (a
   * slot per outcome × flow for each short tool name); false when the fields are not of that shape
   * (then they are written one by one).
   */
  const allowedPieces = new Map<string, (Uint8Array | undefined)[]>();
  /**
   * The pieces of the tools met last, by a hash of the name's length and last two characters (a
   * slot holds one tool; another tool of the same hash goes to the map): most calls find theirs
   * with two character reads and an identity check instead of a map lookup.
   */
  const recentTools: (string | undefined)[] = new Array<string | undefined>(RECENT_TOOLS).fill(undefined);
  const recentPieces: ((Uint8Array | undefined)[] | undefined)[] = new Array<(Uint8Array | undefined)[] | undefined>(RECENT_TOOLS).fill(undefined);
  const putAllowed = (tool: unknown, outcome: unknown, flow: unknown): boolean => {
    const slot = (outcome === 'ok' ? 0 : outcome === 'error' ? 4 : -8) + (flow === 'continue' ? 0 : flow === 'end' ? 1 : flow === 'exit' ? 2 : flow === 'heartbeat' ? 3 : -8);
    if (slot < 0 || typeof tool !== 'string' || tool.length > MEMO_MAX_LENGTH || tool.length === 0) return false;
    const n = tool.length;
    const recent = (n * 7 + tool.charCodeAt(n - 1) * 31 + (n > 1 ? tool.charCodeAt(n - 2) : 0)) & (RECENT_TOOLS - 1);
    let pieces = recentTools[recent] === tool ? recentPieces[recent] : allowedPieces.get(tool);
    const piece = pieces?.[slot];
    if (piece !== undefined) {
      put(piece);
      recentTools[recent] = tool;
      recentPieces[recent] = pieces;
      return true;
    }
    const at = pos;
    put(KIND_BYTES.allowed);
    put(TOOL);
    putShortString(tool);
    put(OUTCOME);
    putShortString(outcome as string);
    put(FLOW);
    putShortString(flow as string);
    if (pieces === undefined && allowedPieces.size < MEMO_MAX_ENTRIES) allowedPieces.set(tool, (pieces = new Array<Uint8Array | undefined>(8).fill(undefined)));
    if (pieces !== undefined) pieces[slot] = buf.slice(at, pos);
    return true;
  };

  /**
   * A decision whose text repeats (every `deduplicated` of a tool, a refusal met again): its own
   * fields from `,"kind"` to the last, as one piece per message text, with the field values it
   * was made from (read by name: a kind's fields are among {@link REPEATED_KEYS}), so a repeat
   * costs one lookup, a few comparisons and one copy instead of each field escaped again.
   */
  const repeated = new Map<string, RepeatedPiece>();
  let repeatedBytes = 0;
  /** Writes the kind's own fields from the cache or writes and caches them; false when the message is not a plain string. */
  const putRepeatedFields = (d: Decision, rec: RepeatedFields): boolean => {
    if (unbuiltMessage(d) !== undefined) return false;
    const message = rec.message;
    if (typeof message !== 'string' || message.length > REPEATED_MAX_LENGTH) return false;
    const kind = d.kind;
    const hit = repeated.get(message);
    if (hit !== undefined && hit.kind === kind && rec.tool === hit.tool && rec.code === hit.code && rec.rule === hit.rule && rec.reason === hit.reason && rec.pending === hit.pending) {
      put(hit.bytes);
      return true;
    }
    const at = pos;
    putFields(d, rec as unknown as Record<string, unknown>);
    const { tool, code, rule, reason, pending } = rec;
    // Only plain values are compared by identity; anything else is written each time.
    if (repeatedBytes < REPEATED_MAX_BYTES && REPEATABLE[kind] && [tool, code, rule, reason, pending].every((v) => v === undefined || typeof v === 'string' || typeof v === 'number')) {
      repeated.set(message, { kind, tool, code, rule, reason, pending, bytes: buf.slice(at, pos) });
      repeatedBytes += pos - at + 2 * message.length;
    }
    return true;
  };

  /** `,"kind":…` and the kind's own fields, in the spec's order. */
  const putFields = (d: Decision, rec: Record<string, unknown>) => {
    put(KIND_BYTES[d.kind]);
    for (const f of FIELDS[d.kind]) {
      if (f.key === 'message') {
        // read without building the text: the writer formats the parts
        const parts = unbuiltMessage(d);
        if (parts !== undefined) {
          put(MESSAGE);
          putMessage(parts);
          continue;
        }
      }
      const v = rec[f.key];
      if (v === undefined) continue;
      put(f.prefix);
      putValue(v);
    }
  };

  /** `,"key":value` for a key that is not one of the kind's own (left out when undefined). */
  const putExtra = (rec: Record<string, unknown>, k: string, known: ReadonlySet<string>) => {
    if (known.has(k) || rec[k] === undefined) return;
    room(1);
    buf[pos++] = 0x2c;
    putShortString(k);
    room(1);
    buf[pos++] = 0x3a;
    putValue(rec[k]);
  };

  return {
    write(d) {
      const rec = d as unknown as Record<string, unknown>;
      const { seq, event } = d;
      // A time known as its ms is written from the number; one known only so (a replay with
      // `timesAsMs` leaves the text empty) that cannot be written from it is formatted here.
      let time: unknown = d.time;
      let fast = false;
      if (clock !== undefined && time === '') {
        days.ms[0] = clock[0] as number;
        fast = days.ready();
        if (!fast) time = formatIso(clock[0] as number);
      } else if (timeMsOf !== undefined && typeof time === 'string') {
        const ms = timeMsOf(time);
        if (ms !== undefined) {
          days.ms[0] = ms;
          fast = days.ready();
          if (!fast) time = formatIso(ms);
        }
      }
      let done = false;
      if (isSmallInt(seq) && isSmallInt(event) && (fast || (typeof time === 'string' && time.length === 24))) {
        // `{"seq":N,"event":N,"time":"…"` in locals: the usual decision
        room(80);
        const b = buf;
        const v = bufWords;
        let p = seqKeyInto(v, pos);
        p = seqDigits.into(v, p, seq);
        p = eventKeyInto(v, p);
        p = eventDigits.into(v, p, event);
        p = timeKeyInto(v, p);
        p = fast ? days.timeInto(v, b, p) : plainTimeInto(b, p, time as string);
        if (p >= 0) {
          pos = p;
          done = true;
        }
      }
      if (!done) {
        putKey(SEQ);
        putNumber(seq);
        putKey(EVENT);
        putNumber(event);
        putKey(TIME);
        if (typeof time === 'string') putString(time);
        else putValue(time);
      }
      const kind = d.kind;
      if (kind === 'allowed' && putAllowed(d.tool, d.outcome, d.flow)) {
        // nine decisions in ten: kind, tool, outcome and flow came as one piece
        if (d.consent !== undefined) {
          put(CONSENT);
          putValue(d.consent);
        }
      } else if (!HAS_MESSAGE[kind] || !putRepeatedFields(d, rec as RepeatedFields)) putFields(d, rec);
      // Any other key, in insertion order: the engine's keys come first and in creation order
      // (some of a kind's keys left out: a deduplicated call has no rule), so each is found by a
      // comparison or two further on in that order; anything else is looked up.
      const order = kind === 'allowed' ? ALLOWED_ORDER : CREATION_ORDER[kind];
      let next = 0;
      for (const k in rec) {
        if (k === order[next]) next++;
        else {
          let at = next + 1;
          while (at < order.length && order[at] !== k) at++;
          if (at < order.length) next = at + 1;
          else putExtra(rec, k, DECISION_KNOWN_KEYS[kind]);
        }
      }
      room(2);
      buf[pos++] = 0x7d;
      buf[pos++] = NEWLINE;
      if (pos >= batch) flush();
    },
    writeLine(json) {
      putJsonText(json);
      room(1);
      buf[pos++] = NEWLINE;
      if (pos >= batch) flush();
    },
    flush,
  };
}
