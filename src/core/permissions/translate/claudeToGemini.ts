/**
 * Claude Code permission rules to Gemini CLI policy rules (`[[rule]]` tables of a policy TOML
 * file). Gemini can say more than Codex: a Bash prefix becomes `commandPrefix`, an exact command
 * or a wildcard a `commandRegex` over the command's JSON text (anchored at its closing quote), a
 * bare tool its Gemini tool name, an MCP rule `mcpName`. Claude Code's order (deny, then ask, then
 * allow) becomes three priorities. Path and domain specifiers, and tools Gemini has no
 * counterpart for, are named with the reason.
 */
import type { PermissionPolicy } from '../claude/settings.ts';
import type { PermissionRule, RuleList } from '../claude/types.ts';
import { isSafePattern } from '../gemini/policy.ts';
import type { SourceRule, Translation, TranslationNote } from './types.ts';

const DECISION: Record<RuleList, 'deny' | 'ask_user' | 'allow'> = { deny: 'deny', ask: 'ask_user', allow: 'allow' };
/** Claude Code consults deny, then ask, then allow rules: Gemini takes the highest priority first. */
export const GEMINI_PRIORITY: Record<RuleList, number> = { deny: 300, ask: 200, allow: 100 };

/** Claude Code's tool names that have a Gemini CLI counterpart, and whether the match is only approximate. */
const TOOLS: Record<string, { names: string[]; approximate?: string }> = {
  Bash: { names: ['run_shell_command'] },
  Read: { names: ['read_file', 'read_many_files'], approximate: "Claude Code's Read rules also cover Grep and Glob, which Gemini names apart (grep_search, glob)" },
  Edit: { names: ['replace', 'write_file'], approximate: "Claude Code's Edit rules also cover NotebookEdit, which Gemini does not have" },
  Write: { names: ['write_file'] },
  Grep: { names: ['grep_search'] },
  Glob: { names: ['glob'] },
  WebFetch: { names: ['web_fetch'] },
  WebSearch: { names: ['google_web_search'] },
};

const sourceOf = (r: PermissionRule): SourceRule => ({ file: r.source.file, line: r.source.line, col: r.source.col, text: r.source.text });

/** A TOML basic string (JSON's escapes are TOML's). */
const tomlString = (s: string) => JSON.stringify(s);

/** `s` with the regular expression metacharacters escaped. */
const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** The text of `s` as it stands inside a JSON string (without the quotes). */
const jsonInner = (s: string) => JSON.stringify(s).slice(1, -1);

/**
 * A shell rule without a command pattern leaves the command to Gemini's own heuristics
 * (`gemini/heuristics.ts`): a "dangerous" command is asked for, a known-safe read-only one allowed,
 * whatever such a rule says (a deny stays a deny). Found on the shared transcripts: the bare `Bash`
 * allow allowed `find … -exec … \;`, which Gemini asks for.
 */
const SHELL_HEURISTICS: Partial<Record<RuleList, string>> = {
  allow:
    'Gemini CLI still asks for the commands its built-in check calls dangerous (`rm -f` or `-rf`, `ln -s`, `find` with `-exec` or `-delete`, git commands that write, …) when the rule names no command',
  ask: 'Gemini CLI allows the read-only commands it knows as safe (`ls`, `cat`, `git status`, …) on workspace paths when the rule names no command',
};

type Table = { fields: [string, string][]; approximate?: string } | { why: string };

/** The fields of one `[[rule]]` table for a Claude Code rule (without decision and priority), or why there is none. */
function tableOf(r: PermissionRule): Table {
  const p = r.parsed;
  switch (p.kind) {
    case 'bash': {
      if (p.tool === 'PowerShell') return { why: 'Gemini CLI runs POSIX shell commands (run_shell_command), not PowerShell' };
      const shell: [string, string] = ['toolName', tomlString('run_shell_command')];
      const stars = [...p.pattern].filter((c) => c === '*').length;
      if (p.form === 'prefix') return { fields: [shell, ['commandPrefix', tomlString(p.pattern)]] };
      if (p.form === 'wildcard' && stars === 1 && p.pattern.endsWith(' *')) return { fields: [shell, ['commandPrefix', tomlString(p.pattern.slice(0, -2))]] };
      // The whole command: the pieces between stars as written, any text for each star, then the closing quote.
      const pieces = p.form === 'exact' ? [p.pattern.trim()] : p.pattern.split('*');
      // A star of an allow rule stops at a quote (it never reaches the call's other arguments, so it
      // allows no more than Claude Code); of a deny or ask rule it may run on (it denies no less).
      const allow = r.source.list === 'allow';
      const regex = `${pieces.map((x) => escapeRegex(jsonInner(x))).join(allow ? '[^"]*' : '.*')}"`;
      if (!isSafePattern(`"command":"${regex}`)) return { why: "the command's pattern is one Gemini refuses as a possible ReDoS (a quantified group)" };
      const fields: [string, string][] = [shell, ['commandRegex', tomlString(regex)]];
      if (pieces.length === 1) return { fields };
      return {
        fields,
        approximate: allow
          ? 'Gemini matches the command inside the JSON of its arguments: a `*` of this allow rule does not match text with a quote in it'
          : "Gemini matches the command inside the JSON of its arguments: a `*` of this rule can also reach the call's other arguments (description, dir_path)",
      };
    }
    case 'tool': {
      const t = TOOLS[p.tool];
      if (!t) return { why: `Gemini CLI has no tool that matches Claude Code's ${p.tool}` };
      const approximate = p.tool === 'Bash' ? SHELL_HEURISTICS[r.source.list] : t.approximate;
      return { fields: [['toolName', t.names.length === 1 ? tomlString(t.names[0] as string) : `[${t.names.map(tomlString).join(', ')}]`]], ...(approximate ? { approximate } : {}) };
    }
    case 'mcp':
      // A whole server: Gemini requires a tool name, `*` for every tool of the server.
      return { fields: [['mcpName', tomlString(p.server)], ['toolName', tomlString(p.name ?? '*')]] };
    case 'path':
      return { why: "Gemini matches a call's arguments as written; Claude Code resolves the path against the working directory first" };
    case 'domain':
      return { why: 'Gemini CLI\'s web_fetch takes URLs inside its prompt, so a rule cannot name the domain it fetches' };
    case 'inert':
      return { why: 'Claude Code never consults this rule' };
    case 'invalid':
      return { why: `not a rule (${p.why})` };
    default:
      return { why: `Gemini CLI has no tool that matches Claude Code's ${p.tool}` };
  }
}

/** Translates a Claude Code policy into one Gemini CLI policy file; names what cannot be said. */
export function claudeToGemini(policy: PermissionPolicy): Translation {
  const approximate: TranslationNote[] = [];
  const untranslated: TranslationNote[] = [];
  const lines = ['# Translated by Rule Studio from Claude Code permission rules.', '# Rules that could not be said here are listed in the translation report.'];
  let translated = 0;
  for (const r of policy.rules) {
    const t = tableOf(r);
    if ('why' in t) {
      untranslated.push({ rule: sourceOf(r), why: t.why });
      continue;
    }
    if (t.approximate) approximate.push({ rule: sourceOf(r), why: t.approximate });
    translated++;
    const from = `${r.source.list} \`${r.source.text}\` (${r.source.file}:${r.source.line})`;
    lines.push('', `# from ${[...from].map((c) => (c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f ? ' ' : c)).join('')}`, '[[rule]]');
    for (const [k, v] of t.fields) lines.push(`${k} = ${v}`);
    lines.push(`decision = ${tomlString(DECISION[r.source.list])}`, `priority = ${GEMINI_PRIORITY[r.source.list]}`);
    // Gemini asks for an allowed command that redirects (`2>/dev/null`, `> out`) unless the rule
    // says otherwise; Claude Code's allow rule allows it, so the translation says so.
    if (r.source.list === 'allow' && t.fields.some(([k, v]) => k === 'toolName' && v === tomlString('run_shell_command'))) lines.push('allowRedirection = true');
  }
  return { from: 'claude', to: 'gemini', text: `${lines.join('\n')}\n`, translated, approximate, untranslated };
}
