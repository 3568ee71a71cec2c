/**
 * The decision stream written straight to UTF-8 bytes (`traces.md` §4): the same bytes as
 * `serializeDecision(d) + '\n'` encoded as UTF-8, built in one reused buffer instead of a string per
 * decision, so a replay of millions of events writes without building and re-encoding strings.
 * Handed to the sink in batches of about {@link DEFAULT_BATCH_BYTES}.
 */
import { DECISION_KEY_ORDER, DECISION_KNOWN_KEYS, type Decision, type DecisionKind } from './decisions.ts';

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
   * e.g. the CLI's escaping of terminal controls; it must keep the text valid JSON.
   */
  escape?(json: string): string;
  /** Batch size in bytes (default {@link DEFAULT_BATCH_BYTES}). */
  batchBytes?: number;
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
const BACKSLASH = 0x5c;
const NEWLINE = 0x0a;
/** Longest string kept in the table of encoded recurring strings. */
const MEMO_MAX_LENGTH = 64;
const MEMO_MAX_ENTRIES = 50_000;

const ascii = (text: string): Uint8Array => {
  const out = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) out[i] = text.charCodeAt(i);
  return out;
};

/** `,"tool":` and friends for every kind's keys, and `,"kind":"allowed"` for every kind. */
const KEY_PREFIX = new Map<string, Uint8Array>();
const KIND_BYTES = {} as Record<DecisionKind, Uint8Array>;
for (const kind of Object.keys(DECISION_KEY_ORDER) as DecisionKind[]) {
  KIND_BYTES[kind] = ascii(`,"kind":${JSON.stringify(kind)}`);
  for (const k of DECISION_KEY_ORDER[kind]) KEY_PREFIX.set(k, ascii(`,${JSON.stringify(k)}:`));
}
const SEQ = ascii('{"seq":');
const EVENT = ascii(',"event":');
const TIME = ascii(',"time":');

/** A decision writer over a reused byte buffer; see {@link DecisionWriterOptions}. */
export function createDecisionWriter(opts: DecisionWriterOptions): DecisionWriter {
  const batch = opts.batchBytes ?? DEFAULT_BATCH_BYTES;
  const escape = opts.escape;
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

  /** JSON text of anything, escaped, as UTF-8 (the general path). */
  const putJsonText = (json: string) => {
    const text = escape ? escape(json) : json;
    room(text.length * 3);
    pos += encoder.encodeInto(text, buf.subarray(pos)).written;
  };

  /**
   * A string as JSON: printable ASCII is written as it goes (`"` and `\` escaped as JSON.stringify
   * does); a string with any other character is written by the general path.
   */
  const putString = (s: string) => {
    const n = s.length;
    room(2 * n + 2);
    const start = pos;
    let p = pos;
    buf[p++] = QUOTE;
    for (let i = 0; i < n; i++) {
      const c = s.charCodeAt(i);
      if (c < 0x20 || c > 0x7e) {
        pos = start;
        putJsonText(JSON.stringify(s));
        return;
      }
      if (c === QUOTE || c === BACKSLASH) buf[p++] = BACKSLASH;
      buf[p++] = c;
    }
    buf[p++] = QUOTE;
    pos = p;
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

  return {
    write(d) {
      const rec = d as unknown as Record<string, unknown>;
      put(SEQ);
      putNumber(d.seq);
      put(EVENT);
      putNumber(d.event);
      put(TIME);
      if (typeof d.time === 'string') putString(d.time);
      else putValue(d.time);
      put(KIND_BYTES[d.kind]);
      for (const k of DECISION_KEY_ORDER[d.kind]) {
        const v = rec[k];
        if (v === undefined) continue;
        put(KEY_PREFIX.get(k) as Uint8Array);
        putValue(v);
      }
      const known = DECISION_KNOWN_KEYS[d.kind];
      for (const k in rec) {
        if (known.has(k) || rec[k] === undefined) continue;
        room(1);
        buf[pos++] = 0x2c;
        putShortString(k);
        room(1);
        buf[pos++] = 0x3a;
        putValue(rec[k]);
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
