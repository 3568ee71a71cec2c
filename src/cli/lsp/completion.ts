/**
 * Completion from the line before the cursor: tool names where a tool is named (`tool_name`,
 * `conditions`, …), rule types where a type is named, and a rule's fields at the start of a key.
 */
import { CompletionItemKind, type CompletionItem } from 'vscode-languageserver';
import type { LoadedFile } from '../../core/codecs/types.ts';
import {
  TOOL_RULE_HINTS,
  TOOL_RULE_NAMES,
  WORKFLOW_RULE_NAMES,
} from '../../core/describe/ruleNames.ts';
import { TOOL_RULE_TYPES } from '../../core/model/toolRules.ts';

/** The fields of a Pattern tool rule, with what each holds. */
const RULE_FIELDS: Readonly<Record<string, string>> = {
  tool_name: 'The tool the rule is about; "*" is every tool.',
  rule_type: 'The rule type, with its value where it has one.',
  conditions: 'Tool names; their meaning depends on the rule type.',
  priority: '0–255, higher is checked first (default 5).',
};

/** The fields of a hegel workflow rule. */
const WORKFLOW_RULE_FIELDS: Readonly<Record<string, string>> = {
  type: 'The rule type (repeated_command, repeated_file_edit, phase_timeout, token_budget, require_commits).',
  pattern: 'repeated_command: the regular expression a command must match.',
  path_pattern: 'repeated_file_edit: the regular expression a file path must match.',
  threshold: 'How many repeats within the window trigger the rule.',
  window: 'The window in seconds.',
  max_duration: 'phase_timeout: seconds the phase may last.',
  max_tokens: 'token_budget: tokens the phase may use.',
  lookback_phases: 'require_commits: how many phases back a commit must exist.',
};

/** Every tool an agent of the file declares or names in a rule. */
function toolNames(loaded: LoadedFile): string[] {
  const names = new Set<string>();
  for (const a of loaded.agents) {
    for (const t of a.tools) names.add(t.name);
    for (const r of a.rules)
      for (const n of [r.tool_name, ...r.conditions]) if (n !== '*') names.add(n);
  }
  return [...names].sort();
}

/** The completion items for the text of the line up to the cursor. */
export function completionsAt(loaded: LoadedFile, linePrefix: string): CompletionItem[] {
  if (/\b(type|rule_type)\b\s*[=:]\s*(\{\s*type\s*[=:]\s*)?["']?\w*$/.test(linePrefix)) {
    const tools = TOOL_RULE_TYPES.map((t) => ({
      label: t,
      kind: CompletionItemKind.EnumMember,
      detail: TOOL_RULE_NAMES[t],
      documentation: TOOL_RULE_HINTS[t],
    }));
    const workflow = Object.entries(WORKFLOW_RULE_NAMES).map(([t, name]) => ({
      label: t,
      kind: CompletionItemKind.EnumMember,
      detail: name,
    }));
    return loaded.workflows.length > 0 ? [...workflow, ...tools] : [...tools, ...workflow];
  }
  if (
    /\b(tool_name|tool|conditions|tools|groups?)\b\s*[=:]\s*.*["'\w-]*$/.test(linePrefix) ||
    /^\s*-\s*["']?[\w-]*$/.test(linePrefix)
  )
    return toolNames(loaded).map((label) => ({
      label,
      kind: CompletionItemKind.Function,
      detail: 'tool',
    }));
  if (/^\s*(-\s*)?[a-z_]*$/.test(linePrefix))
    return Object.entries(loaded.workflows.length > 0 ? WORKFLOW_RULE_FIELDS : RULE_FIELDS).map(
      ([label, documentation]) => ({
        label,
        kind: CompletionItemKind.Field,
        documentation,
      }),
    );
  return [];
}
