/**
 * Gemini CLI policy rules to Claude Code permission rules: a `run_shell_command` rule with a
 * `commandPrefix` becomes `Bash(<prefix>:*)`, one without a command field `Bash`; Gemini tool
 * names become Claude Code's (read_file → Read, write_file → Write, replace → Edit, …); an MCP
 * rule `mcp__<server>__<tool>`. The decisions go to the lists Claude Code consults (deny, ask,
 * allow). What Claude Code cannot say is named with why: `commandRegex` and `argsPattern` (Claude
 * Code matches prefixes and wildcards of a command, not regular expressions over a call's JSON),
 * `*` and tools it has no counterpart for, and an allow limited to approval modes, to
 * non-interactive or interactive runs, to a subagent or to tool annotations (said always, it would
 * allow more than the source: a translation never widens an allow that way). Said only more
 * broadly (named too): a deny or ask_user with such a limit (Claude Code applies it always, which
 * is stricter), and an allow that Gemini lets win over a lower-priority deny
 * or ask_user of the same tool (Claude Code lets deny, then ask, win whatever the order).
 */
import type { GeminiRule } from '../gemini/policy.ts';
import type { SourceRule, Translation, TranslationNote } from './types.ts';

const LIST = { deny: 'deny', ask_user: 'ask', allow: 'allow' } as const;
const RANK = { allow: 0, ask_user: 1, deny: 2 } as const;

/** Gemini CLI's tool names that Claude Code has, and when Claude's tool covers more. */
const TOOLS: Record<string, { name: string; broader?: string }> = {
  read_file: { name: 'Read' },
  read_many_files: { name: 'Read' },
  write_file: { name: 'Write' },
  replace: {
    name: 'Edit',
    broader:
      "Claude Code's Edit rules cover every file-editing tool (Write and NotebookEdit too), not only replace",
  },
  grep_search: { name: 'Grep' },
  search_file_content: { name: 'Grep' },
  glob: { name: 'Glob' },
  web_fetch: { name: 'WebFetch' },
  google_web_search: { name: 'WebSearch' },
};

const SHELL = new Set(['run_shell_command', 'ShellTool']);

const sourceOf = (r: GeminiRule): SourceRule => {
  const fields = [`toolName = ${JSON.stringify(r.toolName)}`];
  if (r.commandPrefix !== undefined)
    fields.push(`commandPrefix = ${JSON.stringify(r.commandPrefix)}`);
  if (r.commandRegex !== undefined) fields.push(`commandRegex = ${JSON.stringify(r.commandRegex)}`);
  if (r.argsPatternText !== undefined)
    fields.push(`argsPattern = ${JSON.stringify(r.argsPatternText)}`);
  fields.push(`decision = "${r.decision}"`, `priority = ${r.rawPriority}`);
  return {
    file: r.file,
    line: r.range.start.line,
    col: r.range.start.column,
    text: `[[rule]] ${fields.join(', ')}`,
  };
};

/** The Claude Code rule for one Gemini rule, or why there is none. */
function ruleOf(r: GeminiRule): { rule: string; broader?: string } | { why: string } {
  if (r.commandRegex !== undefined)
    return {
      why: "Claude Code's Bash rules match a prefix or a wildcard pattern of the command, not a regular expression",
    };
  if (
    r.argsPatternText !== undefined ||
    (r.argsPattern !== undefined && r.commandPrefix === undefined)
  )
    return {
      why: "Claude Code matches a tool's own specifier (a command, a path, a domain), not a regular expression over the call's arguments",
    };
  if (!SHELL.has(r.toolName) && r.commandPrefix !== undefined)
    return {
      why: `Gemini matches the prefix against a \`command\` argument ${r.toolName} does not have (G003): the rule never matches, so there is nothing to say`,
    };
  if (SHELL.has(r.toolName)) {
    if (r.commandPrefix === undefined) return { rule: 'Bash' };
    if (/[()]/.test(r.commandPrefix))
      return {
        why: 'the prefix holds a parenthesis, which a Claude Code Bash specifier cannot hold',
      };
    const trimmed = r.commandPrefix.trim();
    if (trimmed === '') return { rule: 'Bash' };
    return {
      rule: `Bash(${trimmed}:*)`,
      ...(trimmed.includes('*')
        ? { broader: 'the prefix holds `*`, a wildcard to Claude Code and a literal to Gemini' }
        : {}),
    };
  }
  if (r.toolName === '*') return { why: 'Claude Code has no rule for every tool' };
  const mcp = /^mcp_([^_*]+)_(.+)$/.exec(r.toolName);
  if (r.mcpName !== undefined || mcp) {
    const server = r.mcpName ?? (mcp?.[1] as string);
    const tool =
      r.mcpName !== undefined ? r.toolName.slice(`mcp_${r.mcpName}_`.length) : (mcp?.[2] as string);
    if (server === '*' || server.includes('*'))
      return { why: 'Claude Code names one MCP server per rule; it has no rule for every server' };
    return { rule: tool === '*' ? `mcp__${server}` : `mcp__${server}__${tool}` };
  }
  if (r.toolName.startsWith('mcp_'))
    return { why: 'Claude Code names one MCP server per rule; it has no rule for every server' };
  const t = TOOLS[r.toolName];
  if (!t) return { why: `Claude Code has no tool that matches Gemini CLI's ${r.toolName}` };
  return { rule: t.name, ...(t.broader ? { broader: t.broader } : {}) };
}

/** Whether Gemini's rule `a` can decide a call that rule `b` would also match (same tool; shell prefixes nested). */
function overlaps(a: GeminiRule, b: GeminiRule): boolean {
  if (a.toolName !== b.toolName && a.toolName !== '*' && b.toolName !== '*') return false;
  const pa = a.commandPrefix;
  const pb = b.commandPrefix;
  if (pa === undefined || pb === undefined) return true;
  const starts = (x: string, y: string) => x === y || x.startsWith(`${y} `);
  return starts(pa, pb) || starts(pb, pa);
}

/** What narrows a rule to some calls only, which Claude Code has no way to say. */
function limits(r: GeminiRule): string | undefined {
  if (r.modes !== undefined)
    return `it applies only in the approval modes ${r.modes.join(', ')}; Claude Code applies it in every mode`;
  if (r.interactive !== undefined)
    return `it applies only to ${r.interactive ? 'interactive' : 'non-interactive'} runs; Claude Code applies it always`;
  if (r.subagent !== undefined)
    return `it applies only to the subagent ${r.subagent}; Claude Code applies it to every agent`;
  if (r.toolAnnotations !== undefined)
    return 'it applies only to tools with the given annotations; Claude Code cannot test annotations';
  return undefined;
}

/** Translates Gemini CLI policy rules (as loaded, every tier) into Claude Code settings; names what cannot be said. */
export function geminiToClaude(rules: readonly GeminiRule[]): Translation {
  const lists: Record<'deny' | 'ask' | 'allow', string[]> = { deny: [], ask: [], allow: [] };
  const approximate: TranslationNote[] = [];
  const untranslated: TranslationNote[] = [];
  let translated = 0;
  // Gemini takes the first rule by priority; Claude Code deny, then ask, then allow.
  const byPriority = [...rules].sort((a, b) => b.priority - a.priority || a.index - b.index);
  for (const r of rules) {
    const source = sourceOf(r);
    const t = ruleOf(r);
    if ('why' in t) {
      untranslated.push({ rule: source, why: t.why });
      continue;
    }
    const notes: string[] = [];
    if (t.broader) notes.push(t.broader);
    const limit = limits(r);
    if (limit && r.decision === 'allow') {
      untranslated.push({ rule: source, why: `${limit}: said always, the allow would let through more than the source does` });
      continue;
    }
    if (limit) notes.push(limit);
    // A stricter rule of lower priority that this one shadows in Gemini wins in Claude Code.
    const shadowed = byPriority.find(
      (o) =>
        o !== r && o.priority < r.priority && RANK[o.decision] > RANK[r.decision] && overlaps(r, o),
    );
    if (shadowed)
      notes.push(
        `Gemini lets this ${r.decision} win over the ${shadowed.decision} at ${shadowed.file}:${shadowed.range.start.line} (lower priority); Claude Code always lets ${shadowed.decision === 'deny' ? 'deny' : 'ask'} win`,
      );
    if (notes.length > 0) approximate.push({ rule: source, why: notes.join('; ') });
    lists[LIST[r.decision]].push(t.rule);
    translated++;
  }
  const dedupe = (xs: string[]) => [...new Set(xs)];
  const settings = {
    permissions: { deny: dedupe(lists.deny), ask: dedupe(lists.ask), allow: dedupe(lists.allow) },
  };
  return {
    from: 'gemini',
    to: 'claude',
    text: `${JSON.stringify(settings, null, 2)}\n`,
    translated,
    approximate,
    untranslated,
  };
}
