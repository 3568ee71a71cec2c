/**
 * `decide`: what Claude Code does with one tool call under a merged policy (permissions page,
 * "Manage permissions"): deny rules, then ask rules, then allow rules, the first match in that
 * order deciding whatever its specificity; a call no rule matches gets its mode's and tool's
 * default (permission modes page, "Available modes").
 */
import { MAX_COMMAND_CHARS, bashMatches, commandParts } from './bash.ts';
import { absolutePath, isFloating, isInside, pathMatches, patternBase } from './paths.ts';
import type { PermissionPolicy } from './settings.ts';
import {
  ACCEPT_EDITS_COMMANDS,
  EDIT_TOOLS,
  NO_APPROVAL_TOOLS,
  PROTECTED_DIRS,
  PROTECTED_EXEMPT,
  READ_TOOLS,
  canonicalTool,
  isReadOnlyCommand,
  ruleToolFor,
} from './tools.ts';
import { DecideContext, LIST_ORDER, ToolCall } from './types.ts';
import type { Decision, DecideContextInput, DecidingRule, Mode, PermissionDecision, PermissionRule, RuleList, ToolCallInput } from './types.ts';

/** Tools whose path is a directory searched, not a file read. */
const SEARCH_TOOLS: ReadonlySet<string> = new Set(['Glob', 'Grep', 'LS']);

interface Ctx {
  cwd: string;
  home: string;
  workDirs: string[];
}

function str(v: unknown): string | undefined {
  return typeof v === 'string' ? v : undefined;
}

/** The file path a file tool's call is about (Read/Edit/Write `file_path`, NotebookEdit `notebook_path`, Glob/Grep/LS `path`). */
export function callPath(call: ToolCall, cwd: string, home: string): string | undefined {
  const i = call.input;
  const raw = str(i.file_path) ?? str(i.notebook_path) ?? str(i.path);
  if (raw !== undefined) return absolutePath(raw, cwd, home);
  if (call.name === 'Glob' || call.name === 'Grep' || call.name === 'LS') return absolutePath(cwd, cwd, home);
  return undefined;
}

function hostOf(url: string): string | undefined {
  const m = /^[a-z][a-z0-9+.-]*:\/\/(?:[^@/?#]*@)?(\[[^\]]*\]|[^:/?#]*)/i.exec(url.trim());
  return m ? (m[1] as string).toLowerCase() : undefined;
}

/**
 * Whether a rule matches a call. For Bash, `part` is the one simple command being judged.
 * `Edit` rules apply to every editing tool, `Read` rules to the reading tools.
 */
export function ruleMatches(rule: PermissionRule, call: ToolCall, ctx: Ctx, part?: string): boolean {
  const p = rule.parsed;
  const tool = canonicalTool(call.name);
  switch (p.kind) {
    case 'tool':
      return p.tool === tool || (p.tool === 'Edit' && EDIT_TOOLS.has(tool)) || (p.tool === 'Read' && READ_TOOLS.has(tool));
    case 'bash':
      return p.tool === tool && part !== undefined && bashMatches(p.form, p.pattern, part);
    case 'path': {
      if (ruleToolFor(tool) !== p.tool) return false;
      const path = callPath(call, ctx.cwd, ctx.home);
      if (path === undefined) return false;
      const base = patternBase(p.anchor, { cwd: ctx.cwd, home: ctx.home, root: rule.source.root });
      const floating = isFloating(p.pattern, p.explicit);
      if (pathMatches(p.pattern, base, path, floating)) return true;
      // A search over a directory is covered when the rule covers whatever is directly in it.
      return SEARCH_TOOLS.has(tool) && pathMatches(p.pattern, base, `${path === '/' ? '' : path}/\u0000`, floating);
    }
    case 'domain': {
      if (tool !== 'WebFetch') return false;
      const host = hostOf(str(call.input.url) ?? '');
      if (host === undefined) return false;
      if (p.domain.startsWith('*.')) return host.endsWith(p.domain.slice(1));
      return host === p.domain;
    }
    case 'mcp': {
      if (!tool.startsWith(`mcp__${p.server}__`)) return false;
      return p.name === undefined || tool === `mcp__${p.server}__${p.name}`;
    }
    case 'agent':
      return tool === 'Agent' && str(call.input.subagent_type) === p.name;
    case 'skill': {
      if (tool !== 'Skill') return false;
      const s = str(call.input.skill) ?? '';
      return p.prefix ? s.startsWith(p.name) : s === p.name;
    }
    default:
      return false;
  }
}

function ruleOf(r: PermissionRule): DecidingRule {
  const { scope, file, line, col, text, list } = r.source;
  return { scope, file, line, col, text, list };
}

function firstMatch(rules: readonly PermissionRule[], list: RuleList, call: ToolCall, ctx: Ctx, part?: string): PermissionRule | undefined {
  for (const r of rules) if (r.source.list === list && ruleMatches(r, call, ctx, part)) return r;
  return undefined;
}

/** Whether an absolute path is a protected path (permission modes page, "Protected paths"). */
export function isProtected(path: string): boolean {
  const segs = path.split('/');
  for (let i = 0; i < segs.length; i++) {
    if (!PROTECTED_DIRS.includes(segs[i] as string)) continue;
    const rest = segs.slice(i).join('/');
    if (PROTECTED_EXEMPT.some((e) => rest === e || rest.startsWith(e + '/'))) continue;
    return true;
  }
  return false;
}

function inWorkDirs(path: string, ctx: Ctx): boolean {
  return ctx.workDirs.some((d) => isInside(path, d));
}

/** Path-like words of a Bash part, made absolute. */
function pathArgs(part: string, ctx: Ctx): string[] {
  return part
    .split(/\s+/)
    .slice(1)
    .filter((w) => w !== '' && !w.startsWith('-'))
    .map((w) => absolutePath(w.replace(/^['"]|['"]$/g, ''), ctx.cwd, ctx.home));
}

/** What a call no rule decided gets in `mode` (permission modes page; tools reference). */
function modeDefault(call: ToolCall, mode: Mode, ctx: Ctx, part?: string): { decision: PermissionDecision; reason: string; classifier?: true } {
  const tool = canonicalTool(call.name);
  if (mode === 'bypassPermissions') return { decision: 'allow', reason: 'bypassPermissions mode approves every call no deny or ask rule matched' };
  if (EDIT_TOOLS.has(tool)) {
    if (mode === 'plan') return { decision: 'deny', reason: 'plan mode does not edit files' };
    const path = callPath(call, ctx.cwd, ctx.home);
    const inside = path !== undefined && inWorkDirs(path, ctx);
    if ((mode === 'acceptEdits' || mode === 'auto') && inside && path !== undefined && !isProtected(path))
      return { decision: 'allow', reason: `${mode} mode approves edits in the working directories` };
    if (mode === 'auto') return { decision: 'ask', reason: 'auto mode: Claude Code\'s classifier approves or blocks this edit; Rule Studio cannot run it', classifier: true };
    if (path !== undefined && isProtected(path)) return { decision: 'ask', reason: 'writes to protected paths are never auto-approved in this mode' };
    return { decision: 'ask', reason: 'file edits prompt when no rule allows them' };
  }
  if (READ_TOOLS.has(tool)) {
    const path = callPath(call, ctx.cwd, ctx.home);
    if (path === undefined || inWorkDirs(path, ctx)) return { decision: 'allow', reason: 'reads in the working directories need no approval' };
    return { decision: 'ask', reason: 'reads outside the working directories and additional directories prompt' };
  }
  if (NO_APPROVAL_TOOLS.has(tool)) return { decision: 'allow', reason: `${tool} needs no approval` };
  if ((tool === 'Bash' || tool === 'PowerShell') && part !== undefined) {
    if (tool === 'Bash' && isReadOnlyCommand(part)) return { decision: 'allow', reason: `\`${part}\` is a read-only command, which runs without a prompt` };
    const head = part.split(/\s+/)[0] ?? '';
    if ((mode === 'acceptEdits' || mode === 'auto') && ACCEPT_EDITS_COMMANDS.has(head)) {
      const args = pathArgs(part, ctx);
      if (args.every((a) => inWorkDirs(a, ctx) && !isProtected(a))) return { decision: 'allow', reason: `${mode} mode approves \`${head}\` on paths in the working directories` };
    }
  }
  if (mode === 'auto') return { decision: 'ask', reason: 'auto mode: Claude Code\'s classifier approves or blocks this call; Rule Studio cannot run it', classifier: true };
  return { decision: 'ask', reason: `${tool} prompts when no rule allows it` };
}

function finish(d: Omit<Decision, 'mode'>, mode: Mode, modeNote: string): Decision {
  const note = modeNote === '' ? '' : ` (${modeNote})`;
  if (mode === 'dontAsk' && d.decision === 'ask') {
    const { classifier: _c, ...rest } = d;
    return { ...rest, decision: 'deny', reason: `dontAsk mode denies what would prompt: ${d.reason}${note}`, mode };
  }
  return { ...d, reason: d.reason + note, mode };
}

/** The mode a call is judged in, and a note when the requested one was refused. */
export function effectiveMode(policy: PermissionPolicy, requested?: Mode): { mode: Mode; note: string } {
  const mode = requested ?? policy.defaultMode?.value ?? 'default';
  if (mode === 'bypassPermissions' && policy.disableBypassPermissionsMode)
    return { mode: 'default', note: 'bypassPermissions is disabled by disableBypassPermissionsMode, so default applies' };
  return { mode, note: '' };
}

/**
 * What Claude Code does with `call` under `policy`. Deny rules are consulted first, then ask
 * rules, then allow rules; the first matching rule decides and is returned with its scope, file
 * and position. A Bash command is split into its simple commands (process wrappers stripped): a
 * deny or ask rule matching any part decides for the whole command, and an allow applies only
 * when every part is allowed (by a rule, or as a read-only command). `dontAsk` turns every `ask`
 * into `deny`; `bypassPermissions` approves what no deny or ask rule matched.
 */
export function decide(policy: PermissionPolicy, callInput: ToolCallInput, contextInput: DecideContextInput): Decision {
  const call = ToolCall.parse(callInput);
  const context = DecideContext.parse(contextInput);
  const { mode, note } = effectiveMode(policy, context.mode);
  const ctx: Ctx = {
    cwd: context.cwd,
    home: context.home,
    workDirs: [context.cwd, ...context.additionalDirectories, ...policy.additionalDirectories].map((d) => absolutePath(d, context.cwd, context.home)),
  };
  const tool = canonicalTool(call.name);
  const rules = policy.rules;
  if (tool === 'Bash' || tool === 'PowerShell') {
    const command = str(call.input.command) ?? '';
    if (command.length > MAX_COMMAND_CHARS) {
      // Not split (bounded work): deny and ask rules see the whole text; no allow rule can approve it.
      const r = firstMatch(rules, 'deny', call, ctx, command) ?? firstMatch(rules, 'ask', call, ctx, command);
      const why = `the command is longer than ${MAX_COMMAND_CHARS} characters, so Rule Studio does not split it and applies no allow rule`;
      if (r) return finish({ decision: r.source.list, rule: ruleOf(r), reason: `${r.source.list} rule \`${r.source.text}\` matches; ${why}` }, mode, note);
      return finish({ decision: 'ask', reason: why }, mode, note);
    }
    const parts = commandParts(command);
    for (const list of ['deny', 'ask'] as const) {
      for (const part of parts) {
        const r = firstMatch(rules, list, call, ctx, part);
        if (r) {
          const whole = parts.length > 1 ? ` (part \`${part}\` of the command)` : '';
          return finish({ decision: list, rule: ruleOf(r), reason: `${list} rule \`${r.source.text}\` matches${whole}`, parts }, mode, note);
        }
      }
    }
    let firstAllow: PermissionRule | undefined;
    let undecided: { part: string; d: ReturnType<typeof modeDefault> } | undefined;
    const reasons: string[] = [];
    for (const part of parts) {
      const r = firstMatch(rules, 'allow', call, ctx, part);
      if (r) {
        firstAllow ??= r;
        continue;
      }
      const d = modeDefault(call, mode, ctx, part);
      if (d.decision !== 'allow') {
        undecided ??= { part, d };
        break;
      }
      reasons.push(d.reason);
    }
    if (undecided) {
      const which = parts.length > 1 ? `no allow rule matches part \`${undecided.part}\`; ` : '';
      return finish({ decision: undecided.d.decision, reason: which + undecided.d.reason, parts, ...(undecided.d.classifier ? { classifier: true as const } : {}) }, mode, note);
    }
    if (firstAllow) return finish({ decision: 'allow', rule: ruleOf(firstAllow), reason: parts.length > 1 ? `every part is allowed (first by \`${firstAllow.source.text}\`)` : `allow rule \`${firstAllow.source.text}\` matches`, parts }, mode, note);
    return finish({ decision: 'allow', reason: reasons.join('; '), parts }, mode, note);
  }
  for (const list of LIST_ORDER) {
    const r = firstMatch(rules, list, call, ctx);
    if (r) {
      if (list === 'allow' && mode === 'plan' && EDIT_TOOLS.has(tool)) return finish({ decision: 'deny', reason: 'plan mode does not edit files, whatever the allow rules say' }, mode, note);
      const removed = list === 'deny' && r.parsed.kind === 'tool' ? '; a bare tool name in deny removes the tool from Claude\'s context, so Claude never calls it' : '';
      return finish({ decision: list, rule: ruleOf(r), reason: `${list} rule \`${r.source.text}\` matches${removed}` }, mode, note);
    }
  }
  return finish(modeDefault(call, mode, ctx), mode, note);
}
