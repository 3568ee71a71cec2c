/**
 * Test helpers: read TOML, JSON and YAML through the project's parsers (with positions), plus a
 * position-less adapter for values built in the test.
 */
import { parseJson } from '../../src/core/codecs/parse/json.ts';
import { parseYaml } from '../../src/core/codecs/parse/yaml.ts';
import { parseToml } from '../../src/core/codecs/parse/toml.ts';
import { readAgents } from '../../src/core/codecs/read/agents.ts';
import type { FileFormat, ParsedDoc } from '../../src/core/codecs/types.ts';
import type { Diagnostic } from '../../src/core/diagnostics/types.ts';

/** A ParsedDoc for an already parsed value, without positions. */
export function plainDoc(value: unknown, format: FileFormat): ParsedDoc {
  return { format, value, errors: [], locate: () => undefined };
}

export const jsonDoc = (text: string): ParsedDoc => parseJson(text);
export const yamlDoc = (text: string): ParsedDoc => parseYaml(text);

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
