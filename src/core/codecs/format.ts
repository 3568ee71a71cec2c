/**
 * The light part of reading a rule file: its format from its name or its first lines, binary
 * refusals, and the size limit. Kept apart from the parsers and readers (`load.ts`) so the page can
 * use them before the codecs have loaded (the first load carries no parser).
 */
import { describeBinary } from '../text/decodeBytes.ts';
import type { Diagnostic } from '../diagnostics/types.ts';
import type { FileFormat } from './types.ts';

/** Rule files larger than this are refused with a clear error rather than parsed. */
export const MAX_RULE_FILE_BYTES = 10 * 1024 * 1024;

/** The format a file name implies, if any. */
export function formatFromName(file: string): FileFormat | undefined {
  const lower = file.toLowerCase();
  if (lower.endsWith('.toml')) return 'toml';
  if (lower.endsWith('.yaml') || lower.endsWith('.yml')) return 'yaml';
  if (lower.endsWith('.json') || lower.endsWith('.af')) return 'json';
  return undefined;
}

/** Guesses the format of text with no telling extension. */
export function sniffFormat(text: string): FileFormat {
  const head = text.trimStart();
  if (head.startsWith('{') || head.startsWith('[{') || head.startsWith('[\n') || head === '[]') return 'json';
  if (/^\s*\[\[?[A-Za-z_"'][^\]\n]*\]\]?\s*$/m.test(text) || /^\s*[A-Za-z_][\w.-]*\s*=/m.test(text)) return 'toml';
  return 'yaml';
}

/** The share of a text's first 8 KiB that is no text: control characters and replacement marks. */
function oddShare(sample: string): number {
  let odd = 0;
  for (let i = 0; i < sample.length; i++) {
    const c = sample.charCodeAt(i);
    if (c === 0xfffd || (c < 32 && c !== 9 && c !== 10 && c !== 13)) odd++;
  }
  return sample.length > 0 ? odd / sample.length : 0;
}

/** True when the text looks like binary data rather than a text file. */
export function looksBinary(text: string): boolean {
  const sample = text.slice(0, 8192);
  return sample.includes('\u0000') || oddShare(sample) > 0.1;
}

/**
 * Where a text that reads as text holds a NUL character (a paste that carried one), so it is
 * told as that, at its place, rather than as a binary file; undefined when it has none or is binary.
 */
export function strayNul(text: string): number | undefined {
  const at = text.indexOf('\u0000');
  return at >= 0 && oddShare(text.slice(0, 8192)) <= 0.1 ? at : undefined;
}

/**
 * What a text that {@link looksBinary} is, said after its name: UTF-16 without a byte-order mark
 * is named, with what to do (with the mark it is read); anything else is binary.
 */
export function binaryKind(text: string): string {
  return describeBinary(text) === 'utf-16-without-bom'
    ? 'is UTF-16 text without a byte-order mark (save it as UTF-8, or as UTF-16 with its BOM)'
    : 'is binary';
}

/** What every F001 that reports a syntax error says after the format's name. */
export const SYNTAX_ERROR = ' syntax error: ';

/** True for an F001 that says where the file's TOML, YAML or JSON syntax breaks (not a refusal of the whole file). */
export function isSyntaxError(d: Diagnostic): boolean {
  return d.code === 'F001' && d.message.includes(SYNTAX_ERROR);
}
