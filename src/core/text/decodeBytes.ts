/**
 * Bytes to text for every file the studio and the CLI read: UTF-8, or UTF-16 (little or big
 * endian) when the file starts with its byte-order mark, as editors on Windows save it. The mark is
 * not part of the text. Without a mark bytes are UTF-8 (invalid sequences become U+FFFD, which the
 * binary check then counts); UTF-16 without a mark is told apart from binary by {@link describeBinary}.
 */

export type TextEncodingName = 'utf-8' | 'utf-16le' | 'utf-16be';

/** The encoding the first bytes of a file announce (UTF-8 when there is no UTF-16 mark). */
export function encodingOf(head: Uint8Array): TextEncodingName {
  if (head.length >= 2 && head[0] === 0xff && head[1] === 0xfe) return 'utf-16le';
  if (head.length >= 2 && head[0] === 0xfe && head[1] === 0xff) return 'utf-16be';
  return 'utf-8';
}

/**
 * A streaming decoder for a file whose first bytes are `head`: feed it the chunks in order with
 * `{ stream: true }`, then once more with no arguments. The byte-order mark is dropped.
 */
export function decoderFor(head: Uint8Array): TextDecoder {
  return new TextDecoder(encodingOf(head));
}

/** A whole file's text (see the module comment). */
export function decodeBytes(bytes: Uint8Array): string {
  return decoderFor(bytes).decode(bytes);
}

/** Where a UTF-8 file first breaks UTF-8: the byte, its 1-based line, and its column in characters. */
export interface InvalidUtf8 {
  byte: number;
  line: number;
  column: number;
}

/**
 * The first byte of `bytes` that is not valid UTF-8, or undefined when the file is valid UTF-8 (or
 * starts with a UTF-16 mark). Pattern's and hegel's loaders read files with Rust's
 * `read_to_string`, which refuses such a file; decoding would silently turn the byte into U+FFFD.
 */
export function invalidUtf8(bytes: Uint8Array): InvalidUtf8 | undefined {
  if (encodingOf(bytes) !== 'utf-8') return undefined;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return undefined;
  } catch {
    // fall through: find where
  }
  let lineStart = 0;
  let line = 1;
  for (let i = 0; i < bytes.length; ) {
    const b = bytes[i] as number;
    const need = b < 0x80 ? 0 : b >= 0xc2 && b <= 0xdf ? 1 : b >= 0xe0 && b <= 0xef ? 2 : b >= 0xf0 && b <= 0xf4 ? 3 : -1;
    const ok = need >= 0 && i + need < bytes.length && isSequence(bytes, i, need);
    if (!ok) {
      const column = new TextDecoder('utf-8').decode(bytes.subarray(lineStart, i)).length + 1;
      return { byte: b, line, column };
    }
    if (b === 0x0a) {
      line++;
      lineStart = i + 1;
    }
    i += need + 1;
  }
  return undefined;
}

/** Whether the `need` continuation bytes after `bytes[i]` make a valid sequence (no overlong form, no surrogate, ≤ U+10FFFF). */
function isSequence(bytes: Uint8Array, i: number, need: number): boolean {
  const b = bytes[i] as number;
  for (let k = 1; k <= need; k++) if (((bytes[i + k] as number) & 0xc0) !== 0x80) return false;
  const c1 = bytes[i + 1] as number;
  if (b === 0xe0 && c1 < 0xa0) return false;
  if (b === 0xed && c1 > 0x9f) return false;
  if (b === 0xf0 && c1 < 0x90) return false;
  if (b === 0xf4 && c1 > 0x8f) return false;
  return true;
}

/**
 * Why text that failed the binary check is not readable, for the refusal message: UTF-16 without
 * a byte-order mark (every other code unit NUL in mostly ASCII text) is named as such, with what
 * to do; anything else is binary.
 */
export function describeBinary(text: string): 'utf-16-without-bom' | 'binary' {
  const sample = text.slice(0, 4096);
  if (sample.length < 4) return 'binary';
  let evenNul = 0;
  let oddNul = 0;
  for (let i = 0; i < sample.length; i++)
    if (sample.charCodeAt(i) === 0) {
      if (i % 2 === 0) evenNul++;
      else oddNul++;
    }
  const half = sample.length / 2;
  // Mostly ASCII: nearly every high byte is NUL, and few low bytes are (U+xx00 characters).
  const utf16 = (high: number, low: number) => high > half * 0.9 && low < half * 0.05;
  return utf16(evenNul, oddNul) || utf16(oddNul, evenNul) ? 'utf-16-without-bom' : 'binary';
}
