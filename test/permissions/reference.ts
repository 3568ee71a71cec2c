/**
 * A plain reference model of Claude Code's documented permission semantics, written apart from
 * `src/core/permissions/claude` for the property test: regular expressions instead of the
 * core's matcher, a regex split instead of its shell scanner, and only what the generators
 * produce (no quotes, no subshells, one project settings file).
 *
 * Sources: code.claude.com/docs/en/permissions ("Manage permissions", "Wildcard patterns",
 * "Bash", "Read and Edit"), /en/permission-modes ("Available modes").
 */

export type RefDecision = { decision: 'allow' | 'ask' | 'deny'; list?: 'allow' | 'ask' | 'deny' };
export type RefMode = 'default' | 'dontAsk' | 'bypassPermissions';
export interface RefRules {
  allow: string[];
  ask: string[];
  deny: string[];
}

const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** A Bash specifier as a regex over one simple command. */
function bashRegex(spec: string): RegExp {
  if (spec.endsWith(':*')) return new RegExp(`^${esc(spec.slice(0, -2))}( .*)?$`);
  const pieces = spec.split('*');
  if (pieces.length === 2 && spec.endsWith(' *')) return new RegExp(`^${esc(spec.slice(0, -2))}( .*)?$`);
  return new RegExp(`^${pieces.map(esc).join('.*')}$`);
}

/** A path glob (already absolute) as a regex over absolute paths, a matched directory covering its contents. */
function pathRegex(absGlob: string): RegExp {
  let src = '';
  for (let i = 0; i < absGlob.length; i++) {
    if (absGlob.startsWith('**/', i)) {
      src += '(?:[^]*/)?';
      i += 2;
    } else if (absGlob.startsWith('**', i)) {
      src += '[^]*';
      i += 1;
    } else if (absGlob[i] === '*') src += '[^/]*';
    else src += esc(absGlob[i] as string);
  }
  return new RegExp(`^${src}(?:/[^]*)?$`);
}

export interface RefCtx {
  cwd: string;
  home: string;
}

function pathRuleRegex(spec: string, ctx: RefCtx): RegExp {
  if (spec.startsWith('//')) return pathRegex(spec.slice(1));
  if (spec.startsWith('~/')) return pathRegex(ctx.home + spec.slice(1));
  if (spec.startsWith('/')) return pathRegex(ctx.cwd + spec); // the settings file is <cwd>/.claude/settings.json
  if (spec.startsWith('./')) return pathRegex(`${ctx.cwd}/${spec.slice(2)}`);
  return pathRegex(spec.includes('/') ? `${ctx.cwd}/${spec}` : `${ctx.cwd}/**/${spec}`);
}

const EDITORS = ['Edit', 'Write'];
const READERS = ['Read', 'Glob'];

function matches(rule: string, tool: string, arg: string, ctx: RefCtx): boolean {
  const m = /^(\w+)(?:\((.*)\))?$/.exec(rule);
  if (!m) return false;
  const [, rtool, spec] = m as unknown as [string, string, string | undefined];
  const family = EDITORS.includes(tool) ? 'Edit' : READERS.includes(tool) ? 'Read' : tool;
  if (spec === undefined || spec === '*') return rtool === tool || rtool === family;
  if (rtool !== family) return false;
  if (family === 'Bash') return bashRegex(spec).test(arg);
  const re = pathRuleRegex(spec, ctx);
  // Rule Studio's reading of "best effort" for a search: a directory whose contents the rule covers.
  return re.test(arg) || (tool === 'Glob' && re.test(`${arg}/child`));
}

/** The simple commands of a generated command line, wrappers removed. */
export function refParts(command: string): string[] {
  return command
    .split(/\s*(?:&&|\|\||;|\|)\s*/)
    .map((p) => p.trim().replace(/^(?:(?:timeout \d+|nohup|nice|time) )+/, ''))
    .filter((p) => p !== '');
}

function readOnly(part: string): boolean {
  const [head, sub] = part.split(' ');
  return head === 'ls' || (head === 'git' && ['status', 'log', 'diff', 'show'].includes(sub ?? ''));
}

function defaultFor(tool: string, arg: string, ctx: RefCtx): 'allow' | 'ask' {
  if (tool === 'Bash') return readOnly(arg) ? 'allow' : 'ask';
  if (READERS.includes(tool)) return arg === ctx.cwd || arg.startsWith(ctx.cwd + '/') ? 'allow' : 'ask';
  return 'ask';
}

/** The reference decision for a call of `tool` on `arg` (a command, or an absolute path). */
export function refDecide(rules: RefRules, tool: string, arg: string, mode: RefMode, ctx: RefCtx): RefDecision {
  const units = tool === 'Bash' ? refParts(arg) : [arg];
  const hit = (list: string[], unit: string) => list.some((r) => matches(r, tool, unit, ctx));
  let out: RefDecision;
  if (units.some((u) => hit(rules.deny, u))) out = { decision: 'deny', list: 'deny' };
  else if (units.some((u) => hit(rules.ask, u))) out = { decision: 'ask', list: 'ask' };
  else {
    // bypassPermissions approves whatever reaches it; an allow rule that matches is still named.
    const byRule = units.map((u) => hit(rules.allow, u));
    const allAllowed = units.every((u, i) => byRule[i] || mode === 'bypassPermissions' || defaultFor(tool, u, ctx) === 'allow');
    out = allAllowed ? { decision: 'allow', ...(byRule.some(Boolean) ? { list: 'allow' as const } : {}) } : { decision: 'ask' };
  }
  if (mode === 'dontAsk' && out.decision === 'ask') return { decision: 'deny', ...(out.list ? { list: out.list } : {}) };
  return out;
}
