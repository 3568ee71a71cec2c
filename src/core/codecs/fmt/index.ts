/**
 * `rule-studio fmt`: one normal form for every rule file, keeping its comments, the `#:schema`
 * line, the order of keys and elements, and the spelling of every key, string and number. TOML in
 * taplo's default style, JSON (Pattern JSON agents, Letta `.af`, Claude Code settings, hegel JSON)
 * and YAML in prettier's. Formatting is idempotent, and a formatted file reads to the same value
 * with the same comments: a formatted text that would not is never returned (X021).
 */
import type { Diagnostic } from '../../diagnostics/types.ts';
import { diag } from '../../diagnostics/make.ts';
import { positionAt } from '../../text/minimalReplacement.ts';
import { isNotRuleFile, loadRuleFile, parseDocument } from '../load.ts';
import type { FileFormat } from '../types.ts';
import { FmtError } from './common.ts';
import { formatJson } from './json.ts';
import { formatToml, tomlComments } from './toml.ts';
import { formatYaml, yamlComments } from './yaml.ts';

/** Diagnostic code: the formatter cannot read the text (at the place it stopped). */
export const FMT_UNREADABLE = 'X020';
/** Diagnostic code: formatting would have changed the file's value or lost a comment, so the file is left as it is. */
export const FMT_UNSAFE = 'X021';

/** What formatting one rule file gives. */
export interface FormattedRule {
  /** The formatted text, or undefined when the file was refused (see `diagnostics`); equal to the input when it already is formatted. */
  text: string | undefined;
  /** True when `text` differs from the input. */
  changed: boolean;
  /** Why the file was refused (errors), empty when it was formatted. */
  diagnostics: Diagnostic[];
}

const FORMATTERS: Record<FileFormat, (text: string) => string> = { toml: formatToml, json: formatJson, yaml: formatYaml };
const commentsOf = (format: FileFormat, text: string): string[] => (format === 'toml' ? tomlComments(text) : format === 'yaml' ? yamlComments(text) : []);
/** Key order matters here (unlike `sameTree`): the formatter must not move anything. */
const sameValue = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

const refuse = (diagnostics: Diagnostic[]): FormattedRule => ({ text: undefined, changed: false, diagnostics });

/** Reading problems that leave nothing to format: syntax errors, binary or oversized files, not a rule file. */
function blocking(loaded: ReturnType<typeof loadRuleFile>): Diagnostic[] {
  if (isNotRuleFile(loaded)) return loaded.diagnostics;
  return loaded.diagnostics.filter((d) => d.severity === 'error' && (d.code === 'F001' || d.code === 'C001'));
}

/**
 * Formats the text of one rule file (`file` names it in diagnostics and picks its format by
 * extension, else by content). Pure: the CLI's `fmt` and the language server's formatting both
 * call it. A file that does not parse, is not a rule file, or that the formatter cannot print
 * safely is refused with errors saying where, and no text.
 */
export function formatRuleText(file: string, text: string): FormattedRule {
  const loaded = loadRuleFile(file, text);
  const stop = blocking(loaded);
  if (stop.length > 0) return refuse(stop);
  const format = loaded.format;
  const bom = text.startsWith('\uFEFF') ? '\uFEFF' : '';
  const body = text.slice(bom.length);
  let out: string;
  try {
    out = bom + FORMATTERS[format](body);
  } catch (e) {
    const at = e instanceof FmtError && e.offset >= 0 ? positionAt(body, e.offset) : positionAt(body, body.length);
    const message = `Not formatted: the ${format.toUpperCase()} formatter cannot read this (${e instanceof Error ? e.message : String(e)}); the file is left as it is.`;
    return refuse([diag(FMT_UNREADABLE, 'error', message, file, { start: at, end: at })]);
  }
  const before = parseDocument(body, format);
  const after = parseDocument(out.slice(bom.length), format);
  const lost = !sameValue(before.value, after.value) || after.errors.length > 0;
  const comments = commentsOf(format, body).join('\n') !== commentsOf(format, out.slice(bom.length)).join('\n');
  if (lost || comments) {
    const what = lost ? 'would change what the file says' : 'would lose or move a comment';
    const message = `Not formatted: formatting ${what}, so the file is left as it is (please report it with the file).`;
    return refuse([diag(FMT_UNSAFE, 'error', message, file, { start: { line: 1, column: 1 }, end: { line: 1, column: 1 } })]);
  }
  return { text: out, changed: out !== text, diagnostics: [] };
}
