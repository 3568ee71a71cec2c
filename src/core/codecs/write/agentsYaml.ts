/**
 * Agents → YAML (`convert --to yaml`): the same shape as Pattern's TOML main config,
 * `agents: [{ name, tools, tool_rules: [...] }]`, built by the shared config-form builder.
 */
import { Document } from 'yaml';
import type { Diagnostic } from '../../diagnostics/types.ts';
import type { Agent } from '../../model/toolRules.ts';
import { agentsToConfigObject } from './agentsConfig.ts';
import { escapeUnprintable, quoteUnprintable } from './yamlEscape.ts';

/** All agents as YAML in config form, with the export warnings of that form. */
export function writeAgentsYaml(agents: readonly Agent[]): { text: string; diagnostics: Diagnostic[] } {
  const { value, diagnostics } = agentsToConfigObject(agents);
  const doc = new Document(value, { aliasDuplicateObjects: false });
  quoteUnprintable(doc);
  return { text: escapeUnprintable(doc.toString({ lineWidth: 0, doubleQuotedMinMultiLineLength: Infinity })), diagnostics };
}
