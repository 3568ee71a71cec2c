/**
 * Characters YAML allows only escaped — DEL, the C1 controls (NEL is a line break in YAML 1.1),
 * U+FFFE and U+FFFF — and the line and paragraph separators (line breaks in YAML 1.1), which the `yaml` library writes raw. Every YAML writer double-quotes the
 * strings that hold them and writes them as `\x7F` / `\u…` escapes, so the project's own reader
 * (and any YAML reader) accepts what the writers produce. The bidi controls (U+061C, U+200E,
 * U+200F, U+202A–U+202E, U+2066–U+2069) are escaped the same way, so a written file shown in a
 * terminal or an editor cannot reorder its own text.
 */
import { Scalar, visit, type Document } from 'yaml';
import { escapeLogCommands } from '../../text/logCommands.ts';

const UNPRINTABLE_ALL = /[\u007F-\u009F\u061C\u200E\u200F\u2028-\u202E\u2066-\u2069\uFFFE\uFFFF]/g;

/**
 * Strings written double-quoted: those holding an unprintable character, a line separator (U+2028,
 * U+2029: YAML 1.1 readers break lines there), or a line that starts with `::` (a block scalar
 * would put it at the start of a line, which a GitHub Actions log runs as a workflow command), or
 * a `##[` / `##vso[` log command, which a CI runner finds anywhere in a line (its `#` is escaped).
 */
export const UNPRINTABLE = /[\u007F-\u009F\u061C\u200E\u200F\u2028-\u202E\u2066-\u2069\uFFFE\uFFFF]|(?:^|[\r\n])[\t ]*::|##(?:[vV][sS][oO])?\[/;

/** Escapes the characters of {@link UNPRINTABLE}; call on text whose strings holding them are double-quoted. */
export function escapeUnprintable(text: string): string {
  const escaped = text.replace(UNPRINTABLE_ALL, (c) => {
    const code = c.charCodeAt(0);
    // YAML's `\u` takes exactly four hex digits: U+061C is `\u061C`, not `\u61C`.
    return code <= 0xff ? `\\x${code.toString(16).toUpperCase()}` : `\\u${code.toString(16).toUpperCase().padStart(4, '0')}`;
  });
  return escapeLogCommands(escaped, '\\x23');
}

/** Marks every string scalar (keys included) that holds an unprintable character as double-quoted. */
export function quoteUnprintable(doc: Document): void {
  visit(doc, {
    Scalar(_key, node) {
      if (typeof node.value === 'string' && UNPRINTABLE.test(node.value)) node.type = Scalar.QUOTE_DOUBLE;
    },
  });
}
