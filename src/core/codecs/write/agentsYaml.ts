/**
 * Agents → YAML (`convert --to yaml`): the same shape as Pattern's TOML main config,
 * `agents: [{ name, tools, tool_rules: [...] }]`, built by the shared config-form builder.
 */
import { stringify } from 'yaml';
import type { Diagnostic } from '../../diagnostics/types.ts';
import type { Agent } from '../../model/toolRules.ts';
import { agentsToConfigObject } from './agentsConfig.ts';

/** All agents as YAML in config form, with the export warnings of that form. */
export function writeAgentsYaml(agents: readonly Agent[]): { text: string; diagnostics: Diagnostic[] } {
  const { value, diagnostics } = agentsToConfigObject(agents);
  return { text: stringify(value, { aliasDuplicateObjects: false, lineWidth: 0 }), diagnostics };
}
