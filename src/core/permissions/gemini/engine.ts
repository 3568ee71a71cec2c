/**
 * Gemini CLI's decision for one tool call, as its `PolicyEngine.check` makes it (gemini-cli-core
 * 0.61.0) with no sandbox manager, a trusted folder and no safety-checker runner: the first rule
 * by priority that matches decides, and shell commands are split into parts that each must be
 * allowed (a denied part denies the whole; redirections downgrade allow to ask_user).
 */
import type { ApprovalMode, GeminiDecision, GeminiRule } from './policy.ts';
import { formatMcpToolName } from './policy.ts';
import { hasRedirection, parseShell, REDIRECTION_NAMES, stripShellWrapper } from './shell.ts';
import { applyShellHeuristics } from './heuristics.ts';

/** A tool call: the tool's name and its arguments (for `run_shell_command`, `{command, dir_path?}`). */
export interface GeminiToolCall {
  name: string;
  args?: Record<string, unknown>;
  /** The MCP server, when known from the tool registry (else taken from an `mcp_<server>_<tool>` name). */
  serverName?: string;
  /** Tool annotations, for rules with `toolAnnotations`. */
  annotations?: Record<string, unknown>;
  /** The subagent making the call, for rules with `subagent`. */
  subagent?: string;
}

export interface GeminiCheckOptions {
  /** The approval mode (default `default`). */
  mode?: ApprovalMode;
  /** Non-interactive runs (`gemini -p`): the default decision becomes deny. */
  nonInteractive?: boolean;
  /** The workspace folder commands run in, for the shell heuristics' path checks (default `/workspace`). */
  workspace?: string;
}

/** A synthetic rule Gemini reports when it protects a build file. */
export interface BuildFileProtection {
  source: 'Build File Protection';
  decision: GeminiDecision;
}

export interface GeminiEvaluation {
  decision: GeminiDecision;
  /** The rule Gemini reports as deciding (none for the default decision or an inherent downgrade). */
  rule?: GeminiRule | BuildFileProtection;
}

const SHELL_TOOL_NAMES = ['run_shell_command', 'ShellTool'];
const LEGACY_ALIASES: Record<string, string> = { search_file_content: 'grep_search' };
const AGENT_TOOL_NAME = 'invoke_agent';
const EDIT_TOOL_NAMES = new Set(['replace', 'write_file']);
const EDIT_KEYWORDS = new Set([
  'write',
  'edit',
  'replace',
  'patch',
  'update',
  'create',
  'append',
  'save',
]);
const BUILD_FILES = new Set([
  'BUILD',
  'BUILD.bazel',
  'WORKSPACE',
  'WORKSPACE.bazel',
  'MODULE.bazel',
  '.bazelrc',
  '.blazerc',
  'Makefile',
  'makefile',
  'GNUmakefile',
  'CMakeLists.txt',
  'package.json',
  'package-lock.json',
  'pnpm-lock.yaml',
  'yarn.lock',
  'bun.lockb',
  'setup.py',
  'setup.cfg',
  'pyproject.toml',
  'go.mod',
  'go.sum',
  'Cargo.toml',
  'Cargo.lock',
  'pom.xml',
  'build.gradle',
  'build.gradle.kts',
  'settings.gradle',
  'settings.gradle.kts',
  'Dockerfile',
  'Containerfile',
]);
const BUILD_EXTENSIONS = new Set(['.bzl', '.bazel', '.bzlmod', '.mk', '.cmake']);
const MAX_DEPTH = 32;

/** Gemini's stable stringification of arguments: keys sorted, each top-level pair wrapped in NUL characters. */
export function stableStringify(value: unknown): string {
  const go = (v: unknown, seen: Set<object>, top: boolean): string => {
    if (v === undefined || v === null || typeof v === 'function' || typeof v === 'symbol')
      return 'null';
    if (typeof v !== 'object') return JSON.stringify(v) ?? 'null';
    if (seen.has(v)) return '"[Circular]"';
    seen.add(v);
    try {
      if (Array.isArray(v)) return `[${v.map((x) => go(x, seen, false)).join(',')}]`;
      const o = v as Record<string, unknown>;
      const pairs: string[] = [];
      for (const k of Object.keys(o).sort()) {
        const x = o[k];
        if (x === undefined || typeof x === 'function' || typeof x === 'symbol') continue;
        const pair = `${JSON.stringify(k)}:${go(x, seen, false)}`;
        pairs.push(top ? `\0${pair}\0` : pair);
      }
      return `{${pairs.join(',')}}`;
    } finally {
      seen.delete(v);
    }
  };
  return go(value, new Set(), true);
}

/** `{serverName}` of an `mcp_<server>_<tool>` name (server without `_`, tool non-empty). */
export function parseMcpToolName(name: string): { serverName?: string; toolName?: string } {
  if (!name.startsWith('mcp_')) return {};
  const m = /^([^_]+)_(.+)$/.exec(name.slice(4));
  return m === null ? {} : { serverName: m[1] as string, toolName: m[2] as string };
}

function toolAliases(name: string): string[] {
  const out = new Set([name]);
  const canonical = LEGACY_ALIASES[name] ?? name;
  out.add(canonical);
  for (const [legacy, current] of Object.entries(LEGACY_ALIASES))
    if (current === canonical) out.add(legacy);
  return [...out];
}

/**
 * Whether Gemini CLI reads a rule's `toolName` as a wildcard: `*`, `mcp_*` or `mcp_<server>_*`.
 * Any other name with a `*` (`read_*`) matches only a tool named exactly so (check G104).
 */
export const isGeminiWildcard = (name: string): boolean => name === '*' || name === 'mcp_*' || (name.startsWith('mcp_') && name.endsWith('_*'));

function matchesWildcard(pattern: string, name: string, server: string | undefined): boolean {
  if (pattern === '*') return true;
  if (pattern === 'mcp_*') return server !== undefined;
  if (pattern.startsWith('mcp_') && pattern.endsWith('_*')) {
    const expected = pattern.slice(4, -2);
    if (server === undefined || server !== expected) return false;
    return name.startsWith(`mcp_${expected}_`);
  }
  return name === pattern;
}

interface Ctx {
  mode: ApprovalMode;
  nonInteractive: boolean;
  rules: readonly GeminiRule[];
  defaultDecision: GeminiDecision;
  anyPattern: boolean;
  workspace: string;
}

function ruleMatches(
  rule: GeminiRule,
  name: string,
  args: Record<string, unknown> | undefined,
  stringified: string | undefined,
  server: string | undefined,
  call: GeminiToolCall,
  ctx: Ctx,
): boolean {
  if (rule.modes !== undefined && rule.modes.length > 0 && !rule.modes.includes(ctx.mode))
    return false;
  if (rule.subagent !== undefined && rule.subagent !== call.subagent) return false;
  if (rule.mcpName !== undefined) {
    if (rule.mcpName === '*') {
      if (server === undefined) return false;
    } else if (server !== rule.mcpName) return false;
  }
  if (rule.toolName !== '*') {
    if (rule.toolName.includes('*')) {
      if (name === '' || !matchesWildcard(rule.toolName, name, server)) return false;
    } else if (name !== rule.toolName) {
      let mcp = false;
      if (server !== undefined && server !== '' && name !== '') {
        if (
          rule.mcpName !== undefined &&
          rule.mcpName !== '' &&
          !rule.toolName.startsWith('mcp_') &&
          name === formatMcpToolName(rule.mcpName, rule.toolName)
        )
          mcp = true;
        if (
          !mcp &&
          rule.toolName.startsWith('mcp_') &&
          rule.toolName === formatMcpToolName(server, name)
        )
          mcp = true;
      }
      if (!mcp) return false;
    }
  }
  if (rule.toolAnnotations !== undefined) {
    if (call.annotations === undefined) return false;
    for (const [k, v] of Object.entries(rule.toolAnnotations))
      if (call.annotations[k] !== v) return false;
  }
  if (rule.argsPattern !== undefined) {
    if (args === undefined || stringified === undefined || !rule.argsPattern.test(stringified))
      return false;
  }
  if (rule.interactive !== undefined) {
    if (rule.interactive && ctx.nonInteractive) return false;
    if (!rule.interactive && !ctx.nonInteractive) return false;
  }
  return true;
}

function downgradeForRedirection(command: string, allow: boolean | undefined, ctx: Ctx): boolean {
  if (allow === true) return false;
  if (!hasRedirection(command)) return false;
  return ctx.mode !== 'autoEdit' && ctx.mode !== 'yolo';
}

function checkShell(
  name: string,
  command: string,
  ruleDecision: GeminiDecision,
  rule: GeminiRule | undefined,
  call: GeminiToolCall,
  ctx: Ctx,
  depth: number,
): GeminiEvaluation {
  const withRule = (decision: GeminiDecision, r: GeminiRule | undefined): GeminiEvaluation =>
    r === undefined ? { decision } : { decision, rule: r };
  if (command === '') return withRule(ruleDecision, rule);
  const parsed = parseShell(command);
  if (parsed.details.length === 0 || parsed.hasError) {
    if (ruleDecision === 'deny') return withRule('deny', rule);
    if (ctx.mode === 'yolo')
      return withRule(rule?.argsPattern !== undefined ? 'deny' : 'allow', rule);
    return withRule(ctx.defaultDecision, rule);
  }
  if (ruleDecision === 'deny') return withRule('deny', rule);
  let aggregate = ruleDecision;
  let responsible: GeminiEvaluation['rule'] =
    rule !== undefined && ruleDecision === rule.decision ? rule : undefined;
  const allowRedirection = rule?.allowRedirection;
  if (downgradeForRedirection(command, allowRedirection, ctx) && aggregate === 'allow') {
    aggregate = 'ask_user';
    responsible = undefined;
  }
  const sub = (text: string): GeminiEvaluation =>
    checkCall({ ...call, name, args: { command: text } }, ctx, depth + 1, true);
  for (const d of parsed.details) {
    if (REDIRECTION_NAMES.has(d.name)) continue;
    const subCmd = d.text.trim();
    const atomic = subCmd === command || (d.startIndex === 0 && d.text.length === command.length);
    const stripped = stripShellWrapper(subCmd);
    if (stripped !== subCmd) {
      const w = sub(stripped);
      if (w.decision === 'deny') return w;
      if (w.decision === 'ask_user') {
        if (aggregate === 'allow') responsible = w.rule;
        else responsible ??= w.rule;
        aggregate = 'ask_user';
      }
    }
    if (!atomic) {
      const s = sub(subCmd);
      if (s.decision === 'deny') return s;
      if (s.decision === 'ask_user') {
        if (aggregate === 'allow') responsible = s.rule;
        else responsible ??= s.rule;
        aggregate = 'ask_user';
      }
      if (
        s.decision === 'allow' &&
        downgradeForRedirection(subCmd, allowRedirection, ctx) &&
        aggregate === 'allow'
      ) {
        aggregate = 'ask_user';
        responsible = undefined;
      }
    }
  }
  const r = aggregate === ruleDecision ? rule : responsible;
  return r === undefined ? { decision: aggregate } : { decision: aggregate, rule: r };
}

function baseNameOf(p: string): string {
  const parts = p
    .replace(/\0/g, '')
    .replace(/\\/g, '/')
    .split('/')
    .filter((x) => x !== '' && x !== '.');
  return parts[parts.length - 1] ?? '';
}

/** Gemini's build-file test (by base name: exact names, `Dockerfile.*`, build extensions). */
export function isBuildFile(p: string): boolean {
  if (p === '') return false;
  const base = baseNameOf(p);
  if (BUILD_FILES.has(base) || base.startsWith('Dockerfile.') || base.startsWith('Containerfile.'))
    return true;
  const dot = base.lastIndexOf('.');
  return dot > 0 && BUILD_EXTENSIONS.has(base.slice(dot).toLowerCase());
}

function checkCall(
  call: GeminiToolCall,
  ctx: Ctx,
  depth: number,
  skipHeuristics: boolean,
): GeminiEvaluation {
  if (depth > MAX_DEPTH) return { decision: ctx.defaultDecision };
  const server = call.serverName ?? parseMcpToolName(call.name).serverName;
  const args = call.args;
  const stringified = args !== undefined && ctx.anyPattern ? stableStringify(args) : undefined;
  const name = call.name;
  const isShell = SHELL_TOOL_NAMES.includes(name);
  const rawCommand = isShell ? args?.command : undefined;
  const command = typeof rawCommand === 'string' ? rawCommand : undefined;
  const names = name === '' ? [] : toolAliases(name);
  if (name === AGENT_TOOL_NAME && typeof args?.agent_name === 'string') names.push(args.agent_name);
  let decision: GeminiDecision | undefined;
  let matched: GeminiEvaluation['rule'];
  for (const rule of ctx.rules) {
    if (!names.some((n) => ruleMatches(rule, n, args, stringified, server, call, ctx))) continue;
    if (isShell) {
      const ruleDecision =
        !skipHeuristics && command !== undefined && command !== '' && rule.argsPattern === undefined
          ? applyShellHeuristics(command, rule.decision, ctx.mode, ctx.workspace)
          : rule.decision;
      const r = checkShell(name, command ?? '', ruleDecision, rule, call, ctx, depth);
      decision = r.decision;
      matched = r.rule;
    } else {
      decision = rule.decision;
      matched = rule;
    }
    break;
  }
  if (decision === undefined) {
    if (ctx.mode === 'yolo') decision = 'allow';
    else if (isShell) {
      const start =
        !skipHeuristics && command !== undefined && command !== ''
          ? applyShellHeuristics(command, ctx.defaultDecision, ctx.mode, ctx.workspace)
          : ctx.defaultDecision;
      const r = checkShell(name, command ?? '', start, undefined, call, ctx, depth);
      decision = r.decision;
      matched = r.rule;
    } else decision = ctx.defaultDecision;
  }
  if (decision === 'allow') {
    const editTool = names.some(
      (n) =>
        EDIT_TOOL_NAMES.has(n) ||
        n
          .toLowerCase()
          .split(/[^a-z0-9]+/)
          .some((t) => EDIT_KEYWORDS.has(t)),
    );
    if (editTool && args !== undefined) {
      const target = args.file_path ?? args.path ?? args.filePath ?? args.file;
      if (typeof target === 'string' && isBuildFile(target.trim())) {
        decision = ctx.nonInteractive ? 'deny' : 'ask_user';
        matched = { source: 'Build File Protection', decision };
      }
    }
  }
  return matched === undefined ? { decision } : { decision, rule: matched };
}

/**
 * Decides one tool call against rules (as loaded by {@link loadGeminiPolicies}), as Gemini's
 * `PolicyEngine.check` does. Without a matching rule the decision is ask_user (deny when
 * non-interactive; allow in yolo mode).
 */
export function checkToolCall(
  rules: readonly GeminiRule[],
  call: GeminiToolCall,
  options: GeminiCheckOptions = {},
): GeminiEvaluation {
  const nonInteractive = options.nonInteractive ?? false;
  const sorted = [...rules].sort((a, b) => b.priority - a.priority);
  const ctx: Ctx = {
    mode: options.mode ?? 'default',
    nonInteractive,
    rules: sorted,
    defaultDecision: nonInteractive ? 'deny' : 'ask_user',
    anyPattern: rules.some((r) => r.argsPattern !== undefined),
    workspace: options.workspace ?? '/workspace',
  };
  return checkCall(call, ctx, 0, false);
}
