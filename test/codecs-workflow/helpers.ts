/** Shared test helpers for the workflow codecs. */
import { parseYaml } from '../../src/core/codecs/parse/yaml.ts';
import { parseJson } from '../../src/core/codecs/parse/json.ts';
import { readWorkflow } from '../../src/core/codecs/read/workflow.ts';
import type { Diagnostic } from '../../src/core/diagnostics/types.ts';

/** Reads workflow YAML text as the loader would. */
export function readYaml(text: string, file = 'flow.yaml') {
  const doc = parseYaml(text);
  if (doc.errors.length > 0) throw new Error(`unexpected syntax error: ${doc.errors[0]?.message}`);
  return readWorkflow(doc, file);
}

/** Reads workflow JSON text as the loader would. */
export function readJson(text: string, file = 'flow.json') {
  const doc = parseJson(text);
  if (doc.errors.length > 0) throw new Error(`unexpected syntax error: ${doc.errors[0]?.message}`);
  return readWorkflow(doc, file);
}

/** `code@line:column` of each diagnostic, in order, for compact assertions. */
export function where(list: readonly Diagnostic[]): string[] {
  return list.map((d) => `${d.code}@${d.range.start.line}:${d.range.start.column}`);
}
