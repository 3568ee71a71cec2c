/**
 * Strings made from ASCII bytes without a decoder, and a bounded table that hands back the same
 * string for bytes seen before (tool names, argument keys and values recur on nearly every line of
 * a trace, so reading them allocates nothing after the first time).
 */

/** The string of bytes `[start, end)`, all below 0x80. */
export function asciiString(bytes: Uint8Array, start: number, end: number): string {
  const n = end - start;
  if (n <= 0) return '';
  if (n <= 8192) return String.fromCharCode.apply(null, bytes.subarray(start, end) as unknown as number[]);
  let out = '';
  for (let at = start; at < end; at += 8192) out += asciiString(bytes, at, Math.min(end, at + 8192));
  return out;
}

/** Longest byte run the table keeps. */
const MAX_INTERNED = 48;
const SLOTS = 1 << 12;
/** The table stops taking new strings at 3/4 full, so lookups stay short. */
const MAX_ENTRIES = (SLOTS >> 2) * 3;

/** A table of strings by their ASCII bytes: one string per distinct byte run (short runs only). */
export class AsciiStrings {
  private readonly keys: (Uint8Array | undefined)[] = new Array<Uint8Array | undefined>(SLOTS).fill(undefined);
  private readonly values: string[] = new Array<string>(SLOTS).fill('');
  private count = 0;

  /** The string of bytes `[start, end)` (all below 0x80): the table's when seen before. */
  get(bytes: Uint8Array, start: number, end: number): string {
    const n = end - start;
    if (n > MAX_INTERNED) return asciiString(bytes, start, end);
    let h = 0x811c9dc5 ^ n;
    for (let i = start; i < end; i++) h = Math.imul(h ^ (bytes[i] as number), 0x01000193);
    let slot = (h ^ (h >>> 15)) & (SLOTS - 1);
    for (;;) {
      const key = this.keys[slot];
      if (key === undefined) break;
      if (key.length === n) {
        let same = true;
        for (let i = 0; i < n; i++)
          if (key[i] !== bytes[start + i]) {
            same = false;
            break;
          }
        if (same) return this.values[slot] as string;
      }
      slot = (slot + 1) & (SLOTS - 1);
    }
    const text = asciiString(bytes, start, end);
    if (this.count < MAX_ENTRIES) {
      this.keys[slot] = bytes.slice(start, end);
      this.values[slot] = text;
      this.count++;
    }
    return text;
  }
}
