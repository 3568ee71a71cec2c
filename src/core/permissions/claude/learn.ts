/**
 * Learning a least-privilege allow list from sessions (issue 23, item 5). From the calls that
 * prompted under the current settings (replayed by the engine), it proposes allow rules: Bash
 * commands grouped by program and subcommand (an interpreter only by its exact command, since a
 * prefix on it allows anything), edited and read paths by directory, fetches by domain, MCP tools
 * one by one under their server. Each proposal says how many calls it covers and its risk class.
 * Calls the current rules deny or ask for are never learned from: deny and ask rules are evaluated before
 * allow rules, so no proposal can open what they close, and each proposal is checked by deciding
 * its calls again under the settings plus the proposals.
 */
import { commandParts } from './bash.ts';
import { callPath, decide } from './decide.ts';
import { isInside, normalizePath } from './paths.ts';
import { mergeSettings, type PermissionPolicy } from './settings.ts';
import { EDIT_TOOLS, INTERPRETERS, READ_TOOLS, canonicalTool, isReadOnlyCommand } from './tools.ts';
import type { DecideContextInput, SettingsInput, ToolCallInput } from './types.ts';

/** How much a proposed rule lets through. */
export type Risk = 'read-only' | 'local write' | 'network' | 'runs arbitrary code';

export interface Proposal {
  /** The allow rule, as written in settings. */
  rule: string;
  /** What the output groups it under: the tool, or `mcp__<server>`. */
  group: string;
  /** Prompted calls it covers (a Bash call counts once per part it allows). */
  calls: number;
  risk: Risk;
  /** Up to three of the calls it covers, as their command, path or URL. */
  examples: string[];
}

export interface Learned {
  proposals: Proposal[];
  /** Calls that prompted under the current settings. */
  prompted: number;
  /** Of those, calls the settings plus the proposals allow. */
  covered: number;
  /** Calls the current settings deny (never learned from). */
  denied: number;
  /** Calls an ask rule prompts for (never learned from: an ask rule is evaluated before allow rules). */
  askedByRule: number;
}

/** Programs whose first word after the program is a subcommand worth keeping in the rule. */
const NETWORK_PROGRAMS: ReadonlySet<string> = new Set(['curl', 'wget', 'ssh', 'scp', 'rsync', 'gh', 'http', 'nc']);
const NETWORK_SUBCOMMANDS = /^(git (push|pull|fetch|clone)|npm (install|i|publish|ci)|pnpm (install|add|publish)|yarn (add|install)|pip3? install|cargo (install|publish)|mix deps\.get|docker (pull|push))$/;
/** Package runners whose next word names a script: kept in the rule (`npm run build *`). */
const SCRIPT_RUNNERS = /^(npm|pnpm|yarn|bun) run$/;

const SUBCOMMAND = /^[a-z][\w:.-]*$/i;

/**
 * Commands that only read, whatever their arguments (`ls`, `cat`, `git status` …): read-only
 * unless the command redirects its output (`cat > notes.md`). Kept short on purpose: a program
 * with a writing option (`sed -i`, `find -delete`, `git branch -D`) is not in it.
 */
const READ_ONLY_PROGRAMS: ReadonlySet<string> = new Set(['ls', 'cat', 'head', 'tail', 'wc', 'pwd', 'which', 'stat', 'du', 'df', 'tree', 'file', 'diff', 'grep', 'rg', 'less', 'echo']);
const READ_ONLY_GIT = /^git (status|log|diff|show|blame|rev-parse|ls-files)$/;

/** The allow rule and risk for one simple command (wrappers already stripped). */
export function bashProposal(part: string): { rule: string; risk: Risk } {
  const words = part.trim().split(/\s+/);
  const program = words[0] ?? '';
  if (INTERPRETERS.has(program) && !NETWORK_PROGRAMS.has(program)) return { rule: `Bash(${part.trim()})`, risk: 'runs arbitrary code' };
  if (NETWORK_PROGRAMS.has(program)) return { rule: words.length > 1 ? `Bash(${part.trim()})` : `Bash(${program})`, risk: 'network' };
  const sub = words[1] !== undefined && SUBCOMMAND.test(words[1]) ? words[1] : undefined;
  let prefix = sub ? `${program} ${sub}` : program;
  if (sub && SCRIPT_RUNNERS.test(prefix) && words[2] !== undefined && SUBCOMMAND.test(words[2])) prefix += ` ${words[2]}`;
  const reads = !part.includes('>') && (READ_ONLY_PROGRAMS.has(program) || READ_ONLY_GIT.test(prefix));
  const risk: Risk = NETWORK_SUBCOMMANDS.test(prefix) ? 'network' : SCRIPT_RUNNERS.test(prefix.split(' ').slice(0, 2).join(' ')) ? 'runs arbitrary code' : reads ? 'read-only' : 'local write';
  return { rule: `Bash(${prefix} *)`, risk };
}

/** The path rule for a file call: by directory, relative (`./dir/**`) inside the working directory, else absolute (`//dir/**`). */
export function pathProposal(tool: 'Read' | 'Edit', path: string, cwd: string): string {
  const dir = normalizePath(path.slice(0, Math.max(1, path.lastIndexOf('/'))));
  if (isInside(dir, cwd)) {
    const base = normalizePath(cwd);
    // Inside `/`, the directory's path less its leading slash (not one character more).
    const rel = dir === base ? '' : dir.slice(base === '/' ? 1 : base.length + 1);
    return `${tool}(./${rel === '' ? '' : `${rel}/`}**)`;
  }
  return `${tool}(/${dir}/**)`;
}

function hostOf(url: unknown): string | undefined {
  if (typeof url !== 'string') return undefined;
  const m = /^[a-z][a-z0-9+.-]*:\/\/(?:[^@/?#]*@)?([^:/?#[\]]+)/i.exec(url.trim());
  return m ? (m[1] as string).toLowerCase() : undefined;
}

/** The proposals one prompted call suggests (one per Bash part that still prompts). */
function proposalsFor(call: ToolCallInput, policy: PermissionPolicy, ctx: DecideContextInput & { cwd: string; home: string }): { rule: string; group: string; risk: Risk; example: string }[] {
  const tool = canonicalTool(call.name);
  const input = call.input ?? {};
  if (tool === 'Bash') {
    const command = typeof input.command === 'string' ? input.command : '';
    return commandParts(command)
      .filter((part) => {
        if (isReadOnlyCommand(part)) return false;
        const d = decide(policy, { name: 'Bash', input: { command: part } }, ctx);
        return d.decision === 'ask' && d.rule === undefined;
      })
      .map((part) => ({ ...bashProposal(part), group: 'Bash', example: part }));
  }
  if (EDIT_TOOLS.has(tool) || READ_TOOLS.has(tool)) {
    const path = callPath({ name: tool, input }, ctx.cwd, ctx.home);
    if (!path) return [{ rule: tool, group: tool, risk: EDIT_TOOLS.has(tool) ? 'local write' : 'read-only', example: tool }];
    const ruleTool = EDIT_TOOLS.has(tool) ? 'Edit' : 'Read';
    return [{ rule: pathProposal(ruleTool, path, ctx.cwd), group: ruleTool, risk: ruleTool === 'Edit' ? 'local write' : 'read-only', example: path }];
  }
  if (tool === 'WebFetch') {
    const host = hostOf(input.url);
    return [{ rule: host ? `WebFetch(domain:${host})` : 'WebFetch', group: 'WebFetch', risk: 'network', example: typeof input.url === 'string' ? input.url : 'WebFetch' }];
  }
  if (tool.startsWith('mcp__')) {
    const server = tool.split('__')[1] ?? '';
    return [{ rule: tool, group: `mcp__${server}`, risk: 'network', example: tool }];
  }
  if (tool === 'Skill' && typeof input.skill === 'string') return [{ rule: `Skill(${input.skill})`, group: 'Skill', risk: 'runs arbitrary code', example: input.skill }];
  return [{ rule: tool, group: tool, risk: tool === 'WebSearch' ? 'network' : 'runs arbitrary code', example: tool }];
}

/**
 * Proposes allow rules for the calls that prompt under `settings` (each call as its transcript
 * records it), judged in `ctx`. Proposals are sorted by group, then by calls covered.
 */
export function learnAllowList(calls: readonly ToolCallInput[], settings: readonly SettingsInput[], ctx: DecideContextInput & { cwd: string; home: string }): Learned {
  const policy = mergeSettings(settings, ctx.cwd);
  const byRule = new Map<string, Proposal>();
  const prompted: ToolCallInput[] = [];
  let denied = 0;
  let askedByRule = 0;
  for (const call of calls) {
    const d = decide(policy, call, ctx);
    if (d.decision === 'deny') denied++;
    if (d.decision !== 'ask') continue;
    if (d.rule) {
      askedByRule++;
      continue;
    }
    prompted.push(call);
    for (const p of proposalsFor(call, policy, ctx)) {
      const entry = byRule.get(p.rule) ?? { rule: p.rule, group: p.group, calls: 0, risk: p.risk, examples: [] };
      byRule.set(p.rule, entry);
      entry.calls++;
      if (entry.examples.length < 3 && !entry.examples.includes(p.example)) entry.examples.push(p.example);
    }
  }
  const proposals = [...byRule.values()].sort((a, b) => (a.group < b.group ? -1 : a.group > b.group ? 1 : b.calls - a.calls || (a.rule < b.rule ? -1 : 1)));
  // Checked: with the proposals added (a scope below every given one), which prompted calls run now.
  const withProposals = mergeSettings([...settings, { scope: 'user', path: '(proposed allow list)', text: JSON.stringify({ permissions: { allow: proposals.map((p) => p.rule) } }) }], ctx.cwd);
  const covered = prompted.filter((c) => decide(withProposals, c, ctx).decision === 'allow').length;
  return { proposals, prompted: prompted.length, covered, denied, askedByRule };
}
