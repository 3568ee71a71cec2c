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
 * The base keys written byte by byte as constants (room made by the caller; the position after
 * them returned): a copy loop over their bytes cost several times as much, per decision.
 */

/** `{"seq":` ({@link SEQ}). */
function seqKeyInto(b: Uint8Array, p: number): number {
  b[p] = 0x7b;
  b[p + 1] = QUOTE;
  b[p + 2] = 0x73;
  b[p + 3] = 0x65;
  b[p + 4] = 0x71;
  b[p + 5] = QUOTE;
  b[p + 6] = 0x3a;
  return p + 7;
}

/** `,"event":` ({@link EVENT}). */
function eventKeyInto(b: Uint8Array, p: number): number {
  b[p] = 0x2c;
  b[p + 1] = QUOTE;
  b[p + 2] = 0x65;
  b[p + 3] = 0x76;
  b[p + 4] = 0x65;
  b[p + 5] = 0x6e;
  b[p + 6] = 0x74;
  b[p + 7] = QUOTE;
  b[p + 8] = 0x3a;
  return p + 9;
}

/** `,"time":` ({@link TIME}). */
function timeKeyInto(b: Uint8Array, p: number): number {
  b[p] = 0x2c;
  b[p + 1] = QUOTE;
  b[p + 2] = 0x74;
  b[p + 3] = 0x69;
  b[p + 4] = 0x6d;
  b[p + 5] = 0x65;
  b[p + 6] = QUOTE;
  b[p + 7] = 0x3a;
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
 * Times written from their epoch ms: the `"YYYY-MM-DDT` of the day (taken from `formatIso` once per
 * day, so the date is its own) and the clock's digits.
 */
class IsoDays {
  /** The day's first ms and the next day's (an empty range until a day is read). */
  private start = 0;
  private end = 0;
  /** `"YYYY-MM-DDT` of the day. */
  private readonly head = new Uint8Array(12);

  /** Whether `ms` can be written by {@link timeInto}: a whole ms in a year of four digits. */
  ready(ms: number): boolean {
    if (ms >= this.start && ms < this.end && Number.isInteger(ms)) return true;
    if (!Number.isInteger(ms)) return false;
    const start = Math.floor(ms / MS_PER_DAY) * MS_PER_DAY;
    const iso = formatIso(start);
    if (iso.length !== 24 || iso.charCodeAt(10) !== 0x54) return false;
    this.head[0] = QUOTE;
    for (let k = 0; k < 11; k++) this.head[k + 1] = iso.charCodeAt(k);
    this.start = start;
    this.end = start + MS_PER_DAY;
    return true;
  }

  /** `"YYYY-MM-DDTHH:MM:SS.mmmZ"` of `ms` (made {@link ready}) at `p`; the position after. */
  timeInto(b: Uint8Array, p: number, ms: number): number {
    const head = this.head;
    for (let k = 0; k < 12; k++) b[p + k] = head[k] as number;
    // all in 32-bit integers (a day has fewer than 2^27 ms): divisions by constants are multiplications
    const rem = (ms - this.start) | 0;
    const t = (rem / 1000) | 0;
    const milli = rem - t * 1000;
    const h = (t / 3600) | 0;
    const r = t - h * 3600;
    const mi = (r / 60) | 0;
    const s = r - mi * 60;
    twoDigits(b, p + 12, h);
    b[p + 14] = 0x3a;
    twoDigits(b, p + 15, mi);
    b[p + 17] = 0x3a;
    twoDigits(b, p + 18, s);
    b[p + 20] = 0x2e;
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
  const days = new IsoDays();
  const encoder = new TextEncoder();
  /** JSON of recurring short strings (tool names, codes, flows), as bytes. */
  const memo = new Map<string, Uint8Array>();
  let buf = new Uint8Array(batch * 2);
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
   * one copy, however long the list.
   */
  let listScope: CalledView['scope'] | undefined;
  let listNameOf: ((id: number) => string) | undefined;
  let listIds = 0;
  let list = new Uint8Array(0);
  let listLength = 0;
  /**
   * Per tool id of `listNameOf`: `, ` and its name's string content, as bytes (no name lookup and
   * no table of strings per entry; copied byte by byte, as a typed array's `set` costs more than
   * the few bytes of a name).
   */
  let entryOf: (Uint8Array | undefined)[] = [];
  const entryBytes = (id: number, nameOf: (id: number) => string): Uint8Array => {
    const content = contentOf(nameOf(id));
    const bytes = new Uint8Array(LIST_SEPARATOR.length + content.length);
    bytes.set(LIST_SEPARATOR);
    bytes.set(content, LIST_SEPARATOR.length);
    if (id < MEMO_MAX_ENTRIES) entryOf[id] = bytes;
    return bytes;
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
    const sep = LIST_SEPARATOR.length;
    for (; listIds < view.length; listIds++) {
      const id = viewIdAt(view, listIds);
      const entry = entryOf[id] ?? entryBytes(id, nameOf);
      // the first entry has no separator
      const from = listIds === 0 ? sep : 0;
      const n = entry.length - from;
      if (listLength + n > list.length) {
        const grown = new Uint8Array(Math.max(4096, 2 * (listLength + n)));
        grown.set(list.subarray(0, listLength));
        list = grown;
      }
      const l = list;
      let at = listLength;
      for (let k = from; k < entry.length; k++) l[at++] = entry[k] as number;
      listLength = at;
    }
    room(listLength);
    buf.set(list.subarray(0, listLength), pos);
    pos += listLength;
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
  const putAllowed = (tool: unknown, outcome: unknown, flow: unknown): boolean => {
    const slot = (outcome === 'ok' ? 0 : outcome === 'error' ? 4 : -8) + (flow === 'continue' ? 0 : flow === 'end' ? 1 : flow === 'exit' ? 2 : flow === 'heartbeat' ? 3 : -8);
    if (slot < 0 || typeof tool !== 'string' || tool.length > MEMO_MAX_LENGTH) return false;
    let pieces = allowedPieces.get(tool);
    const piece = pieces?.[slot];
    if (piece !== undefined) {
      put(piece);
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
   * was made from, so a repeat costs one lookup and one copy instead of each field escaped again.
   */
  const repeated = new Map<string, { kind: DecisionKind; values: readonly unknown[]; bytes: Uint8Array }>();
  let repeatedBytes = 0;
  /** Writes the kind's own fields from the cache or writes and caches them; false when the message is not a plain string. */
  const putRepeatedFields = (d: Decision, rec: Record<string, unknown>): boolean => {
    if (unbuiltMessage(d) !== undefined) return false;
    const message = rec.message;
    if (typeof message !== 'string' || message.length > REPEATED_MAX_LENGTH) return false;
    const kind = d.kind;
    const fields = FIELDS[kind];
    const hit = repeated.get(message);
    if (hit !== undefined && hit.kind === kind) {
      let same = true;
      for (let i = 0; i < fields.length; i++)
        if (rec[(fields[i] as Field).key] !== hit.values[i]) {
          same = false;
          break;
        }
      if (same) {
        put(hit.bytes);
        return true;
      }
    }
    const at = pos;
    putFields(d, rec);
    const values = fields.map((f) => rec[f.key]);
    // Only plain values are compared by identity; anything else is written each time.
    if (repeatedBytes < REPEATED_MAX_BYTES && values.every((v) => v === undefined || typeof v === 'string' || typeof v === 'number')) {
      repeated.set(message, { kind, values, bytes: buf.slice(at, pos) });
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
      const ms = timeMsOf !== undefined && typeof d.time === 'string' ? timeMsOf(d.time) : undefined;
      const fast = ms !== undefined && days.ready(ms);
      // a time known only as its ms (a replay with `timesAsMs` leaves the text empty) that cannot
      // be written from the number is formatted here
      const time = ms === undefined || fast ? d.time : formatIso(ms);
      let done = false;
      if (isSmallInt(seq) && isSmallInt(event) && (fast || (typeof time === 'string' && time.length === 24))) {
        // `{"seq":N,"event":N,"time":"…"` in locals: the usual decision
        room(80);
        const b = buf;
        let p = seqKeyInto(b, pos);
        p = smallIntInto(b, p, seq);
        p = eventKeyInto(b, p);
        p = smallIntInto(b, p, event);
        p = timeKeyInto(b, p);
        p = fast ? days.timeInto(b, p, ms) : plainTimeInto(b, p, time);
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
      } else if (!HAS_MESSAGE[kind] || !putRepeatedFields(d, rec)) putFields(d, rec);
      // Any other key, in insertion order: the engine's keys come first and in creation order,
      // so each is skipped by one comparison; anything else is looked up.
      const order = kind === 'allowed' ? ALLOWED_ORDER : CREATION_ORDER[kind];
      let next = 0;
      for (const k in rec) {
        if (k === order[next]) next++;
        else putExtra(rec, k, DECISION_KNOWN_KEYS[kind]);
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
