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
