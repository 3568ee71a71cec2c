/**
 * The one escaping function for every human-readable line the CLI prints: names, paths, messages
 * and echoed arguments pass through {@link termSafe}, so no control character from an input (a
 * file, a file name, an argument) reaches the terminal raw — no colour changes, no window titles,
 * no lines that rewrite earlier ones, no text reversed by a bidi override.
 */

/**
 * C0 controls (U+0000–U+001F, including tab and newline), DEL (U+007F), C1 controls
 * (U+0080–U+009F, U+009B is a one-byte CSI), the bidi controls (U+061C, U+200E, U+200F,
 * U+202A–U+202E, U+2066–U+2069), the line and paragraph separators (U+2028, U+2029), and lone
 * surrogates.
 */
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t', '\u001b': '\\e' };

const hex = (ch: string) => `\\u${(ch.charCodeAt(0)).toString(16).padStart(4, '0')}`;

/** `text` with every unsafe character written as a visible escape (`\n`, `\e`, `\u009b`, …). */
export function termSafe(text: string): string {
  UNSAFE.lastIndex = 0;
  if (!UNSAFE.test(text)) return text;
  return text.replace(UNSAFE, (ch) => NAMED[ch] ?? hex(ch));
}

/**
 * Keeps machine-readable JSON text safe to show in a terminal: JSON already escapes C0, and this
 * escapes DEL, C1, bidi controls and separators the same way (`\u009b`), which JSON readers read
 * back as the same characters. Only for JSON text: every such character sits inside a string.
 */
const JSON_UNSAFE = /[\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/g;
export function jsonTermSafe(json: string): string {
  JSON_UNSAFE.lastIndex = 0;
  return JSON_UNSAFE.test(json) ? json.replace(JSON_UNSAFE, hex) : json;
}

/**
 * Keeps XML text (JUnit reports) safe to show in a terminal: DEL, C1, bidi controls and separators
 * become numeric character references (`&#x9b;`), which XML readers read back as the same
 * characters. Only for XML without CDATA sections (references are not read inside CDATA).
 */
export function xmlTermSafe(xml: string): string {
  JSON_UNSAFE.lastIndex = 0;
  return JSON_UNSAFE.test(xml) ? xml.replace(JSON_UNSAFE, (c) => `&#x${c.charCodeAt(0).toString(16)};`) : xml;
}
