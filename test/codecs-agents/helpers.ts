/**
 * Test helpers: read TOML through the real parser; JSON and YAML through a small adapter
 * (the project's own JSON/YAML parsers live in another area and may not exist yet), whose
 * `locate` knows no positions, so diagnostics fall back to the file start.
 */
import { parse as parseYamlText } from 'yaml';
import { parseToml } from '../../src/core/codecs/parse/toml.ts';
import { readAgents } from '../../src/core/codecs/read/agents.ts';
import type { FileFormat, ParsedDoc } from '../../src/core/codecs/types.ts';
import type { Diagnostic } from '../../src/core/diagnostics/types.ts';

/** A ParsedDoc for an already parsed value, without positions. */
export function plainDoc(value: unknown, format: FileFormat): ParsedDoc {
  return { format, value, errors: [], locate: () => undefined };
}

export const jsonDoc = (text: string): ParsedDoc => plainDoc(JSON.parse(text), 'json');
export const yamlDoc = (text: string): ParsedDoc => plainDoc(parseYamlText(text), 'yaml');

/** Parses and reads TOML text. */
export function readToml(text: string, file = 'agent.toml') {
  return readAgents(parseToml(text), file);
}

/** `code severity line:column` of each diagnostic, for compact assertions. */
export function brief(list: readonly Diagnostic[]): string[] {
  return list.map((d) => `${d.code} ${d.severity} ${d.range.start.line}:${d.range.start.column}`);
}

/** The diagnostics with a given code. */
export const withCode = (list: readonly Diagnostic[], code: string): Diagnostic[] => list.filter((d) => d.code === code);
