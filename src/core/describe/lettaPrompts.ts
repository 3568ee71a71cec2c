/**
 * What Letta tells the model about its tool rules: each rule's `render_prompt()` text and the
 * `tool_usage_rules` block `ToolRulesSolver.compile_tool_rule_prompts()` builds from them
 * (`letta/schemas/tool_rule.py`, `letta/helpers/tool_rule_solver.py`, letta-ai/letta @ `56ba9c25`).
 * Letta ignores a rule's `prompt_template`: the built-in text is always used, and so it is here.
 */
import type { LettaToolRule } from '../model/lettaRules.ts';

/** The block's label in the agent's memory. */
export const LETTA_USAGE_BLOCK_LABEL = 'tool_usage_rules';

/** The description line Letta gives the block (`COMPILED_PROMPT_DESCRIPTION`). */
export const LETTA_USAGE_BLOCK_DESCRIPTION =
  'The following constraints define rules for tool usage and guide desired behavior. These rules must be followed to ensure proper tool execution and workflow. A single response may contain multiple tool calls.';

const wrap = (text: string) => `<tool_rule>\n${text}\n</tool_rule>`;

/**
 * A rule's rendered prompt (`render_prompt()`), or `undefined` for the types Letta renders
 * nothing for (`run_first`, `requires_approval`).
 */
export function renderLettaRule(rule: LettaToolRule): string | undefined {
  const t = rule.tool_name;
  switch (rule.type) {
    case 'constrain_child_tools':
      return wrap(`After using ${t}, you must use one of these tools: ${rule.children.join(', ')}`);
    case 'parent_last_tool':
      return wrap(`${rule.children.join(', ')} can only be used after ${t}`);
    case 'conditional':
      return wrap(`${t} will determine which tool to use next based on its output`);
    case 'exit_loop':
      return wrap(`${t} ends your response (yields control) when called`);
    case 'continue_loop':
      return wrap(`${t} requires continuing your response when called`);
    case 'required_before_exit':
      return `<tool_rule>${t} must be called before ending the conversation</tool_rule>`;
    case 'max_count_per_step':
      return wrap(`${t}: at most ${rule.max_count_limit} use(s) per response`);
    case 'run_first':
    case 'requires_approval':
      return undefined;
  }
}

/** The order `compile_tool_rule_prompts` walks the rules in: by category, file order inside one. */
const CATEGORY: Record<LettaToolRule['type'], number | undefined> = {
  run_first: 0,
  continue_loop: 1,
  constrain_child_tools: 2,
  conditional: 2,
  max_count_per_step: 2,
  parent_last_tool: 3,
  exit_loop: 4,
  // Not part of the block: Letta leaves these categories out of it.
  required_before_exit: undefined,
  requires_approval: undefined,
};

/** One rule's line in the block, with its index in the agent's rule list. */
export interface LettaPromptLine {
  rule: number;
  text: string;
}

/** The rules that make up the block, in the block's order, each with its text. */
export function lettaPromptLines(rules: readonly LettaToolRule[]): LettaPromptLine[] {
  const lines: (LettaPromptLine & { category: number })[] = [];
  rules.forEach((r, rule) => {
    const category = CATEGORY[r.type];
    const text = renderLettaRule(r);
    if (category !== undefined && text !== undefined) lines.push({ rule, text, category });
  });
  return lines.sort((a, b) => a.category - b.category || a.rule - b.rule).map(({ rule, text }) => ({ rule, text }));
}

/** The `tool_usage_rules` block as Letta compiles it into the agent's context. */
export interface LettaUsageBlock {
  label: typeof LETTA_USAGE_BLOCK_LABEL;
  description: string;
  value: string;
}

/** `compile_tool_rule_prompts()`: the block, or `undefined` when no rule renders any text. */
export function lettaUsageBlock(rules: readonly LettaToolRule[]): LettaUsageBlock | undefined {
  const lines = lettaPromptLines(rules);
  if (lines.length === 0) return undefined;
  return { label: LETTA_USAGE_BLOCK_LABEL, description: LETTA_USAGE_BLOCK_DESCRIPTION, value: lines.map((l) => l.text).join('\n') };
}

/**
 * The block as it appears in the agent's system prompt (`Memory.compile`: the tag, the
 * description, a blank line, the rendered rules), or a note when no rule renders text.
 */
export function describeLettaRules(rules: readonly LettaToolRule[]): string {
  const block = lettaUsageBlock(rules);
  if (!block) return '(no rule renders a prompt: Letta adds no tool_usage_rules block)';
  return `<${block.label}>\n${block.description}\n\n${block.value}\n</${block.label}>`;
}

/**
 * `guess_rule_violation(tool)`: the rendered prompts of the block's rules about `tool` or about
 * the previous tool, which Letta appends to a refused call's error as hints. `lines` may be passed
 * in when the block was computed already.
 */
export function lettaViolationHints(
  rules: readonly LettaToolRule[],
  tool: string,
  previous: string | undefined,
  lines: readonly LettaPromptLine[] = lettaPromptLines(rules),
): string[] {
  return lines
    .filter((l) => {
      const name = (rules[l.rule] as LettaToolRule).tool_name;
      return name === tool || (previous !== undefined && name === previous);
    })
    .map((l) => l.text);
}
