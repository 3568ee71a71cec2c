/**
 * The one escaping path for everything the CLI prints, per output format:
 * - human text (diagnostics, reports, descriptions): every value from an input (names, paths,
 *   messages, echoed arguments) passes through {@link termSafe} — or {@link termSafeData} for a
 *   whole report's data — *before* it is placed in a line, so no control character reaches the
 *   terminal raw (no colour changes, window titles, rewritten lines, bidi reversals) and no value
 *   starts a line of its own: a CI runner reading stdout never sees a `::command` or a forged
 *   TAP point that a name brought in, and no value holds a `##[` or `##vso[` log command (which
 *   the GitHub and Azure runners find anywhere in a line: `core/text/logCommands.ts`);
 * - JSON: {@link jsonTermSafe}; JUnit XML: the core's `xmlEscape` (CR and LF as references) and
 *   {@link xmlTermSafe}; GitHub annotations: `formats/github.ts`; TOML and YAML files: their
 *   writers escape what the format allows only escaped, and line separators.
 */
import { escapeLogCommands } from '../core/text/logCommands.ts';

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

/** A GitHub Actions workflow command, should the text start a line (the runner trims spaces first). */
const COMMAND_START = /^([\t ]*)::/;

/** A value starting `#[` or `#vso[`: after a `#` of the line it is placed in, a log command. */
const HALF_LOG_COMMAND = /^#(?=(?:vso)?\[)/i;

/**
 * `text` with every unsafe character written as a visible escape (`\n`, `\e`, `\u009b`, …), a
 * leading `::` (a GitHub Actions workflow command, should the text start a line) as `\u003a:`,
 * and the first `#` of a `##[` or `##vso[` log command anywhere in it (or of a leading `#[`) as
 * `\u0023`.
 */
export function termSafe(text: string): string {
  UNSAFE.lastIndex = 0;
  let safe = UNSAFE.test(text) ? text.replace(UNSAFE, (ch) => NAMED[ch] ?? hex(ch)) : text;
  if (safe.includes('::')) safe = safe.replace(COMMAND_START, '$1\\u003a:');
  return safe.includes('#') ? escapeLogCommands(safe, '\\u0023').replace(HALF_LOG_COMMAND, '\\u0023') : safe;
}

/**
 * A copy of plain data (arrays and objects, as parsed from files or built by the core) with every
 * string passed through {@link termSafe}: a report built from it holds no value that breaks or
 * starts a line. Keys are kept.
 */
export function termSafeData<T>(value: T): T {
  if (typeof value === 'string') return termSafe(value) as T;
  if (Array.isArray(value)) return value.map((v: unknown) => termSafeData(v)) as T;
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, termSafeData(v)])) as T;
  return value;
}

/**
 * Keeps machine-readable JSON text safe to show in a terminal: JSON already escapes C0, and this
 * escapes DEL, C1, bidi controls and separators the same way (`\u009b`), which JSON readers read
 * back as the same characters, and writes the `#` starting a `##[` or `##vso[` log command as
 * `\u0023`. Only for JSON text: every such character sits inside a string.
 */
const JSON_UNSAFE = /[\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/g;
export function jsonTermSafe(json: string): string {
  JSON_UNSAFE.lastIndex = 0;
  return escapeLogCommands(JSON_UNSAFE.test(json) ? json.replace(JSON_UNSAFE, hex) : json, '\\u0023');
}

/**
 * Keeps XML text (JUnit reports) safe to show in a terminal: DEL, C1, bidi controls and separators
 * become numeric character references (`&#x9b;`), which XML readers read back as the same
 * characters, as does the `#` starting a `##[` or `##vso[` log command (`&#x23;`). Only for XML
 * without CDATA sections (references are not read inside CDATA) or comments.
 */
export function xmlTermSafe(xml: string): string {
  JSON_UNSAFE.lastIndex = 0;
  return escapeLogCommands(JSON_UNSAFE.test(xml) ? xml.replace(JSON_UNSAFE, (c) => `&#x${c.charCodeAt(0).toString(16)};`) : xml, '&#x23;');
}
