/**
 * Gemini CLI policies (`docs/gemini-policies.md`): reads `policies/*.toml` files (`[[rule]]` and
 * `[[safety_checker]]` tables) of the five tiers, refuses what Gemini's TOML loader refuses with a
 * stable code (G0xx) at line:col, and builds the rules Gemini's `PolicyEngine` holds: one per
 * tool name × command prefix, with the effective priority `tier + priority/1000`.
 */
import type { Diagnostic, Range } from '../../diagnostics/types.ts';
import { parseToml } from '../../codecs/parse/toml.ts';
import { readableTables } from './recover.ts';
import type { DocPath } from '../../codecs/types.ts';
import { compileJsRegExp } from './jsRegExp.ts';
import { append } from '../../model/append.ts';

/** Gemini's three decisions. */
export type GeminiDecision = 'allow' | 'deny' | 'ask_user';
/** Gemini's approval modes. */
export type ApprovalMode = 'default' | 'autoEdit' | 'yolo' | 'plan';
export const APPROVAL_MODES: readonly ApprovalMode[] = ['default', 'autoEdit', 'yolo', 'plan'];
const DECISIONS: readonly GeminiDecision[] = ['allow', 'deny', 'ask_user'];

/** Policy tiers, lowest first; `project` is Gemini's `workspace` tier. */
export type GeminiTier = 'default' | 'extension' | 'workspace' | 'user' | 'admin';
export const TIER_NUMBER: Record<GeminiTier, number> = {
  default: 1,
  extension: 2,
  workspace: 3,
  user: 4,
  admin: 5,
};

/** One engine rule: a `[[rule]]` table expanded per tool name and per command prefix. */
export interface GeminiRule {
  /** 0-based, in load order over all files. */
  index: number;
  file: string;
  /** 0-based index of the `[[rule]]` table in its file. */
  table: number;
  /** Range of the `[[rule]]` table's header (or of the file start when not found). */
  range: Range;
  tier: GeminiTier;
  /** The matched tool name (`mcp_<server>_<tool>` when `mcpName` is given). */
  toolName: string;
  mcpName?: string;
  subagent?: string;
  decision: GeminiDecision;
  /** The file's priority (0–999). */
  rawPriority: number;
  /** `tier + priority/1000`. */
  priority: number;
  modes?: ApprovalMode[];
  interactive?: boolean;
  toolAnnotations?: Record<string, unknown>;
  allowRedirection?: boolean;
  denyMessage?: string;
  /** The regular expression over the stable-stringified arguments (JavaScript RegExp semantics). */
  argsPattern?: RegExp;
  /** The one `commandPrefix` this rule was built from (a list gives one rule per prefix). */
  commandPrefix?: string;
  /** The `commandRegex` this rule was built from, as written. */
  commandRegex?: string;
  /** The `argsPattern` as written (when neither command field is given). */
  argsPatternText?: string;
  /** `Tier: file` as Gemini names the source. */
  source: string;
}

/** A policy file to read: its path (its base name is used as Gemini does), text and tier. */
export interface GeminiFileInput {
  path: string;
  text: string;
  tier: GeminiTier;
}

/** The outcome of reading: the rules, the load findings and whether Gemini's engine would refuse to start. */
export interface GeminiLoad {
  rules: GeminiRule[];
  diagnostics: Diagnostic[];
  /** Files Gemini skips entirely (TOML syntax or schema errors). */
  refusedFiles: string[];
  /** Set when Gemini's `PolicyEngine` constructor would throw (an empty tool name, `mcpName` or `subagent`). */
  engineError?: string;
}

function diag(
  code: string,
  severity: Diagnostic['severity'],
  message: string,
  file: string,
  range: Range | undefined,
): Diagnostic {
  return {
    code,
    severity,
    message,
    file,
    range: range ?? { start: { line: 1, column: 1 }, end: { line: 1, column: 1 } },
    target: { kind: 'file' },
  };
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const isStr = (v: unknown): v is string => typeof v === 'string';
const isStrOrList = (v: unknown): v is string | string[] =>
  isStr(v) || (Array.isArray(v) && v.every(isStr));

const RULE_KEYS = new Set([
  'toolName',
  'subagent',
  'mcpName',
  'argsPattern',
  'commandPrefix',
  'commandRegex',
  'decision',
  'priority',
  'modes',
  'interactive',
  'toolAnnotations',
  'allowRedirection',
  'allow_redirection',
  'denyMessage',
  'deny_message',
]);
const CHECKER_KEYS = new Set([
  'toolName',
  'mcpName',
  'argsPattern',
  'commandPrefix',
  'commandRegex',
  'priority',
  'modes',
  'toolAnnotations',
  'checker',
]);

/** Schema issues of one `[[rule]]` table, as Gemini's zod schema finds them: [key, message]. */
function ruleIssues(r: Obj): [string, string][] {
  const out: [string, string][] = [];
  const opt = (k: string, ok: (v: unknown) => boolean, what: string) => {
    if (r[k] !== undefined && !ok(r[k])) out.push([k, `\`${k}\` must be ${what}`]);
  };
  if (r.toolName === undefined)
    out.push(['toolName', '`toolName` is required (use "*" for all tools)']);
  else if (!isStrOrList(r.toolName))
    out.push(['toolName', '`toolName` must be a string or a list of strings']);
  for (const k of [
    'subagent',
    'mcpName',
    'argsPattern',
    'commandRegex',
    'denyMessage',
    'deny_message',
  ])
    opt(k, isStr, 'a string');
  opt('commandPrefix', isStrOrList, 'a string or a list of strings');
  if (r.decision === undefined)
    out.push(['decision', '`decision` is required (allow, deny or ask_user)']);
  else if (!DECISIONS.includes(r.decision as GeminiDecision))
    out.push([
      'decision',
      `\`decision\` must be allow, deny or ask_user, not ${JSON.stringify(r.decision)}`,
    ]);
  const p = r.priority;
  if (p === undefined) out.push(['priority', '`priority` is required']);
  else if (typeof p !== 'number' || Number.isNaN(p))
    out.push(['priority', '`priority` must be a number']);
  else if (!Number.isInteger(p)) out.push(['priority', '`priority` must be an integer']);
  else if (p < 0) out.push(['priority', '`priority` must be >= 0']);
  else if (p > 999)
    out.push([
      'priority',
      '`priority` must be <= 999 (1000 and above would jump to the next tier)',
    ]);
  opt(
    'modes',
    (v) => Array.isArray(v) && v.every((m) => APPROVAL_MODES.includes(m as ApprovalMode)),
    'a list of default, autoEdit, yolo, plan',
  );
  for (const k of ['interactive', 'allowRedirection', 'allow_redirection'])
    opt(k, (v) => typeof v === 'boolean', 'true or false');
  opt('toolAnnotations', isObj, 'a table');
  return out;
}

function checkerIssues(r: Obj): [string, string][] {
  const out: [string, string][] = [];
  if (r.toolName === undefined) out.push(['toolName', '`toolName` is required']);
  else if (!isStrOrList(r.toolName))
    out.push(['toolName', '`toolName` must be a string or a list of strings']);
  for (const k of ['mcpName', 'argsPattern', 'commandRegex'])
    if (r[k] !== undefined && !isStr(r[k])) out.push([k, `\`${k}\` must be a string`]);
  if (r.commandPrefix !== undefined && !isStrOrList(r.commandPrefix))
    out.push(['commandPrefix', '`commandPrefix` must be a string or a list of strings']);
  if (r.priority !== undefined && (typeof r.priority !== 'number' || !Number.isInteger(r.priority)))
    out.push(['priority', '`priority` must be an integer']);
  if (
    r.modes !== undefined &&
    !(Array.isArray(r.modes) && r.modes.every((m) => APPROVAL_MODES.includes(m as ApprovalMode)))
  )
    out.push(['modes', '`modes` must be a list of default, autoEdit, yolo, plan']);
  if (r.toolAnnotations !== undefined && !isObj(r.toolAnnotations))
    out.push(['toolAnnotations', '`toolAnnotations` must be a table']);
  const c = r.checker;
  if (!isObj(c)) out.push(['checker', '`checker` is required: a table with `type` and `name`']);
  else if (c.type === 'in-process') {
    if (c.name !== 'allowed-path' && c.name !== 'conseca')
      out.push([
        'checker',
        '`checker.name` of an in-process checker must be allowed-path or conseca',
      ]);
  } else if (c.type === 'external') {
    if (!isStr(c.name)) out.push(['checker', '`checker.name` must be a string']);
  } else out.push(['checker', '`checker.type` must be in-process or external']);
  if (isObj(c)) {
    if (
      c.required_context !== undefined &&
      !(Array.isArray(c.required_context) && c.required_context.every(isStr))
    )
      out.push(['checker', '`checker.required_context` must be a list of strings']);
    if (c.config !== undefined && !isObj(c.config))
      out.push(['checker', '`checker.config` must be a table']);
  }
  return out;
}

/** Gemini's regex escape for command prefixes (also escapes `,`, `#`, whitespace and `"`). */
function escapeRegex(text: string): string {
  return text.replace(/[-[\]{}()*+?.,\\^$|#\s"]/g, '\\$&');
}

/**
 * The argument patterns a rule compiles to, as Gemini builds them: one per command prefix (the
 * prefix must be followed by whitespace, a quote or the end of the command), else
 * `"command":"<commandRegex>`, else the `argsPattern` (undefined when absent or empty).
 */
export function buildArgsPatterns(
  argsPattern: string | undefined,
  commandPrefix: string | string[] | undefined,
  commandRegex: string | undefined,
): (string | undefined)[] {
  if (commandPrefix !== undefined && commandPrefix !== '') {
    const prefixes = Array.isArray(commandPrefix) ? commandPrefix : [commandPrefix];
    return prefixes.map((prefix) => {
      const encoded = JSON.stringify(prefix);
      return `${escapeRegex(`"command":${encoded.slice(0, -1)}`)}(?:[\\s"]|\\\\")`;
    });
  }
  if (commandRegex !== undefined && commandRegex !== '') return [`"command":"${commandRegex}`];
  return [argsPattern === '' ? undefined : argsPattern];
}

/** The longest argument pattern Gemini accepts. */
export const MAX_PATTERN_LENGTH = 2048;

/** Gemini's ReDoS guard: a pattern over 2,048 characters or with a quantified group containing a quantifier is refused. */
export function isSafePattern(pattern: string): boolean {
  if (pattern.length > MAX_PATTERN_LENGTH) return false;
  return !/\([^)]*[*+?{].*\)[*+?{]/.test(pattern);
}

/** `mcp_<server>_<tool>` as Gemini formats it (`*` for either part gives its wildcards). */
export function formatMcpToolName(server: string, tool: string | undefined): string {
  if (server === '*' && (tool === undefined || tool === '*')) return 'mcp_*';
  if (server === '*') return `mcp_*_${tool}`;
  if (tool === undefined || tool === '*') return `mcp_${server}_*`;
  return `mcp_${server}_${tool}`;
}

const TIER_LABEL: Record<GeminiTier, string> = {
  default: 'Default',
  extension: 'Extension',
  workspace: 'Workspace',
  user: 'User',
  admin: 'Admin',
};

function baseName(p: string): string {
  const parts = p.split('/').filter((x) => x !== '');
  return parts[parts.length - 1] ?? p;
}

/**
 * Reads Gemini CLI policy files, in the order given (Gemini reads a tier's folder in directory
 * order; equal priorities then keep that order). A file with a TOML or schema error is skipped
 * as Gemini skips it (G001/G002); the shell-syntax errors (G003–G005) are reported but the rule
 * is kept, as Gemini keeps it; an invalid or unsafe pattern drops the rule (G007/G008).
 */
export function loadGeminiPolicies(files: readonly GeminiFileInput[], options: { recover?: boolean } = {}): GeminiLoad {
  const rules: GeminiRule[] = [];
  const diagnostics: Diagnostic[] = [];
  const refusedFiles: string[] = [];
  let engineError: string | undefined;
  for (const f of files) {
    const doc = parseToml(f.text);
    const at = (path: DocPath, part: 'key' | 'value' = 'key') => doc.locate(path, part);
    if (doc.errors.length > 0 || doc.value === undefined) {
      for (const e of doc.errors)
        diagnostics.push(
          diag(
            'G001',
            'error',
            `TOML syntax error: ${e.message}; Gemini skips this whole file`,
            f.path,
            e.range,
          ),
        );
      refusedFiles.push(f.path);
      if (options.recover === true) readRecovered(f, rules);
      continue;
    }
    const top = doc.value as Obj;
    const schema: Diagnostic[] = [];
    const ruleTables = top.rule;
    const checkerTables = top.safety_checker;
    if (ruleTables !== undefined && !(Array.isArray(ruleTables) && ruleTables.every(isObj)))
      schema.push(
        diag(
          'G002',
          'error',
          '`rule` must be an array of tables (`[[rule]]`); Gemini skips this whole file',
          f.path,
          at(['rule']),
        ),
      );
    if (
      checkerTables !== undefined &&
      !(Array.isArray(checkerTables) && checkerTables.every(isObj))
    )
      schema.push(
        diag(
          'G002',
          'error',
          '`safety_checker` must be an array of tables (`[[safety_checker]]`); Gemini skips this whole file',
          f.path,
          at(['safety_checker']),
        ),
      );
    const tables =
      Array.isArray(ruleTables) && ruleTables.every(isObj) ? (ruleTables as Obj[]) : [];
    const checkers =
      Array.isArray(checkerTables) && checkerTables.every(isObj) ? (checkerTables as Obj[]) : [];
    const kinds: [string, Obj[], (r: Obj) => [string, string][]][] = [
      ['rule', tables, ruleIssues],
      ['safety_checker', checkers, checkerIssues],
    ];
    for (const [kind, list, issuesOf] of kinds)
      list.forEach((r, i) => {
        for (const [k, m] of issuesOf(r))
          schema.push(
            diag(
              'G002',
              'error',
              `${kind} #${i + 1}: ${m}; Gemini skips this whole file`,
              f.path,
              at([kind, i, k]) ?? at([kind, i]),
            ),
          );
      });
    if (schema.length > 0) {
      append(diagnostics, schema);
      refusedFiles.push(f.path);
      continue;
    }
    for (const [kind, list, known] of [
      ['rule', tables, RULE_KEYS],
      ['safety_checker', checkers, CHECKER_KEYS],
    ] as const)
      list.forEach((r, i) => {
        for (const k of Object.keys(r))
          if (!known.has(k))
            diagnostics.push(
              diag(
                'G011',
                'warning',
                `${kind} #${i + 1}: unknown key \`${k}\`; Gemini ignores it`,
                f.path,
                at([kind, i, k]),
              ),
            );
      });
    const file = baseName(f.path);
    const tierNo = TIER_NUMBER[f.tier];
    tables.forEach((r, i) => {
      const headRange = at(['rule', i]);
      const hasPrefix = r.commandPrefix !== undefined;
      const hasRegex = r.commandRegex !== undefined;
      if (hasPrefix || hasRegex) {
        if (r.toolName !== 'run_shell_command')
          diagnostics.push(
            diag(
              'G003',
              'error',
              `rule #${i + 1}: commandPrefix and commandRegex only work with toolName = "run_shell_command" (one name, not a list); Gemini reports this and still loads the rule`,
              f.path,
              at(['rule', i, hasPrefix ? 'commandPrefix' : 'commandRegex']) ?? headRange,
            ),
          );
        else if (r.argsPattern !== undefined)
          diagnostics.push(
            diag(
              'G004',
              'error',
              `rule #${i + 1}: argsPattern cannot be used with commandPrefix/commandRegex; Gemini reports this and uses ${hasPrefix ? 'commandPrefix' : 'commandRegex'}`,
              f.path,
              at(['rule', i, 'argsPattern']) ?? headRange,
            ),
          );
        else if (hasPrefix && hasRegex)
          diagnostics.push(
            diag(
              'G005',
              'error',
              `rule #${i + 1}: commandPrefix and commandRegex cannot be used together; Gemini reports this and uses commandPrefix`,
              f.path,
              at(['rule', i, 'commandRegex']) ?? headRange,
            ),
          );
      }
      const names = Array.isArray(r.toolName) ? (r.toolName as string[]) : [r.toolName as string];
      if (names.some((n) => n === ''))
        diagnostics.push(
          diag(
            'G006',
            'error',
            `rule #${i + 1}: an empty toolName; Gemini's policy engine refuses to start (use "*" for all tools)`,
            f.path,
            at(['rule', i, 'toolName']) ?? headRange,
          ),
        );
      for (const n of names)
        if (n.includes('__'))
          diagnostics.push(
            diag(
              'G010',
              'warning',
              `rule #${i + 1}: the "__" syntax for MCP tools (\`${n}\`) is deprecated; use mcpName = "…" or mcp_<server>_<tool>`,
              f.path,
              at(['rule', i, 'toolName']) ?? headRange,
            ),
          );
      const mcpName = r.mcpName as string | undefined;
      const subagent = r.subagent as string | undefined;
      if (mcpName === '' || subagent === '')
        diagnostics.push(
          diag(
            'G009',
            'error',
            `rule #${i + 1}: an empty ${mcpName === '' ? 'mcpName' : 'subagent'}; Gemini's policy engine refuses to start`,
            f.path,
            at(['rule', i, mcpName === '' ? 'mcpName' : 'subagent']) ?? headRange,
          ),
        );
      const patterns = buildArgsPatterns(
        r.argsPattern as string | undefined,
        r.commandPrefix as string | string[] | undefined,
        r.commandRegex as string | undefined,
      );
      if (patterns.length === 0)
        diagnostics.push(
          diag(
            'G105',
            'warning',
            `rule #${i + 1}: commandPrefix = [] lists no prefix, so Gemini builds no rule from this table: it never matches`,
            f.path,
            at(['rule', i, 'commandPrefix']) ?? headRange,
          ),
        );
      const prefixList =
        r.commandPrefix === undefined || r.commandPrefix === ''
          ? undefined
          : Array.isArray(r.commandPrefix)
            ? (r.commandPrefix as string[])
            : [r.commandPrefix as string];
      for (const [pi, pattern] of patterns.entries()) {
        let re: RegExp | undefined;
        if (pattern !== undefined) {
          const key = hasPrefix ? 'commandPrefix' : hasRegex ? 'commandRegex' : 'argsPattern';
          try {
            re = compileJsRegExp(pattern);
          } catch (e) {
            diagnostics.push(
              diag(
                'G007',
                'error',
                `rule #${i + 1}: invalid regular expression ${JSON.stringify(pattern)} (${e instanceof Error ? e.message : String(e)}); Gemini drops this rule`,
                f.path,
                at(['rule', i, key], 'value') ?? headRange,
              ),
            );
            continue;
          }
          if (!isSafePattern(pattern)) {
            diagnostics.push(
              diag(
                'G008',
                'error',
                `rule #${i + 1}: Gemini refuses the pattern as unsafe (over ${MAX_PATTERN_LENGTH} characters, or a quantified group that contains a quantifier) and drops this rule`,
                f.path,
                at(['rule', i, key], 'value') ?? headRange,
              ),
            );
            continue;
          }
        }
        for (const name of names) {
          const toolName =
            mcpName !== undefined && mcpName !== '' ? formatMcpToolName(mcpName, name) : name;
          if (toolName === '' || mcpName === '' || subagent === '')
            engineError ??= `${f.path}: rule #${i + 1} has an empty ${toolName === '' ? 'toolName' : mcpName === '' ? 'mcpName' : 'subagent'}`;
          const rule: GeminiRule = {
            index: rules.length,
            file: f.path,
            table: i,
            range: headRange ?? { start: { line: 1, column: 1 }, end: { line: 1, column: 1 } },
            tier: f.tier,
            toolName,
            decision: r.decision as GeminiDecision,
            rawPriority: r.priority as number,
            priority: tierNo + (r.priority as number) / 1000,
            source: `${TIER_LABEL[f.tier]}: ${file}`,
          };
          if (mcpName !== undefined) rule.mcpName = mcpName;
          if (subagent !== undefined) rule.subagent = subagent;
          if (r.modes !== undefined) rule.modes = r.modes as ApprovalMode[];
          if (r.interactive !== undefined) rule.interactive = r.interactive as boolean;
          if (r.toolAnnotations !== undefined)
            rule.toolAnnotations = r.toolAnnotations as Record<string, unknown>;
          const redir = (r.allowRedirection ?? r.allow_redirection) as boolean | undefined;
          if (redir !== undefined) rule.allowRedirection = redir;
          const deny = (r.denyMessage ?? r.deny_message) as string | undefined;
          if (deny !== undefined) rule.denyMessage = deny;
          if (re !== undefined) rule.argsPattern = re;
          if (prefixList !== undefined) rule.commandPrefix = prefixList[pi] as string;
          else if (typeof r.commandRegex === 'string' && r.commandRegex !== '')
            rule.commandRegex = r.commandRegex;
          else if (typeof r.argsPattern === 'string' && r.argsPattern !== '')
            rule.argsPatternText = r.argsPattern;
          rules.push(rule);
        }
      }
    });
    // Safety checkers are validated (a bad one refuses the file) but not run: they need Gemini's checker processes.
    checkers.forEach((c, i) => {
      const names = Array.isArray(c.toolName) ? (c.toolName as string[]) : [c.toolName as string];
      if (names.some((n) => n === ''))
        diagnostics.push(
          diag(
            'G006',
            'error',
            `safety_checker #${i + 1}: an empty toolName (use "*" for all tools)`,
            f.path,
            at(['safety_checker', i, 'toolName']),
          ),
        );
      for (const pattern of buildArgsPatterns(
        c.argsPattern as string | undefined,
        c.commandPrefix as string | string[] | undefined,
        c.commandRegex as string | undefined,
      )) {
        if (pattern === undefined) continue;
        try {
          compileJsRegExp(pattern);
        } catch (e) {
          diagnostics.push(
            diag(
              'G007',
              'error',
              `safety_checker #${i + 1}: invalid regular expression ${JSON.stringify(pattern)} (${e instanceof Error ? e.message : String(e)}); Gemini drops this checker`,
              f.path,
              at(['safety_checker', i]),
            ),
          );
          continue;
        }
        if (!isSafePattern(pattern))
          diagnostics.push(
            diag(
              'G008',
              'error',
              `safety_checker #${i + 1}: Gemini refuses the pattern as unsafe and drops this checker`,
              f.path,
              at(['safety_checker', i]),
            ),
          );
      }
    });
  }
  const out: GeminiLoad = { rules, diagnostics, refusedFiles };
  if (engineError !== undefined) out.engineError = engineError;
  return out;
}

/**
 * `recover`: the rules of the tables that read in a file Gemini skips for a TOML syntax error
 * ({@link readableTables}), each with its table number in the file; for the studio's graph and
 * Inspector while a table is being typed.
 */
function readRecovered(f: GeminiFileInput, rules: GeminiRule[]): void {
  const readable = readableTables(f.text);
  if (readable === undefined) return;
  const load = loadGeminiPolicies([{ ...f, text: readable.text }]);
  if (load.refusedFiles.length > 0) return;
  for (const r of load.rules) rules.push({ ...r, index: rules.length, table: readable.kept[r.table] ?? r.table });
}

/**
 * True when a TOML text is a Gemini CLI policy file: its only top-level keys are `rule` and
 * `safety_checker` (a file that does not parse counts when it has a `[[rule]]` header).
 */
export function looksLikeGeminiPolicy(text: string): boolean {
  return isGeminiPolicyValue(parseToml(text).value, text);
}

/**
 * {@link looksLikeGeminiPolicy} of a text parsed already: `value` is what `parseToml(text)` gave
 * (undefined when the text does not parse), so a loader that needs the parse anyway reads a big
 * file once.
 */
export function isGeminiPolicyValue(value: unknown, text: string): boolean {
  if (value === undefined) return /^\s*\[\[\s*(rule|safety_checker)\s*\]\]/m.test(text);
  if (!isObj(value)) return false;
  const keys = Object.keys(value);
  return keys.length > 0 && keys.every((k) => k === 'rule' || k === 'safety_checker');
}

/**
 * The tier of a policy file from its path, as Gemini's folders name them: a folder named
 * `admin`, `extensions`/`extension`, `default`, or a project's `.gemini/policies` (workspace);
 * anything else is the user tier.
 */
export function tierFromPath(path: string): GeminiTier {
  const segs = path.split(/[\\/]/).map((s) => s.toLowerCase());
  if (segs.includes('admin') || segs.includes('system')) return 'admin';
  if (segs.includes('extensions') || segs.includes('extension')) return 'extension';
  if (segs.includes('default')) return 'default';
  if (segs.includes('workspace') || segs.includes('project')) return 'workspace';
  return 'user';
}

/** One line of a scripted Gemini trace: `{"tool": …, "args": {…}, "mode"?: …}` (JSONL). */
export interface GeminiScriptCall {
  line: number;
  tool: string;
  args?: Record<string, unknown>;
  mode?: ApprovalMode;
  nonInteractive?: boolean;
}

/**
 * Reads a scripted trace of tool calls: one JSON object per line with `tool` (or `name`) and
 * optional `args`, `mode` and `nonInteractive`; blank lines and `#` lines are skipped.
 */
export function readGeminiScript(text: string): {
  calls: GeminiScriptCall[];
  errors: { line: number; message: string }[];
} {
  const calls: GeminiScriptCall[] = [];
  const errors: { line: number; message: string }[] = [];
  text.split('\n').forEach((raw, i) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) return;
    let v: unknown;
    try {
      v = JSON.parse(line);
    } catch {
      errors.push({ line: i + 1, message: 'not JSON: expected {"tool": …, "args": {…}}' });
      return;
    }
    const tool = isObj(v) ? (v.tool ?? v.name) : undefined;
    if (!isObj(v) || !isStr(tool) || tool === '') {
      errors.push({ line: i + 1, message: 'expected an object with a `tool` name' });
      return;
    }
    if (v.args !== undefined && !isObj(v.args)) {
      errors.push({ line: i + 1, message: '`args` must be an object' });
      return;
    }
    if (v.mode !== undefined && !APPROVAL_MODES.includes(v.mode as ApprovalMode)) {
      errors.push({ line: i + 1, message: '`mode` must be default, autoEdit, yolo or plan' });
      return;
    }
    const call: GeminiScriptCall = { line: i + 1, tool };
    if (v.args !== undefined) call.args = v.args as Record<string, unknown>;
    if (v.mode !== undefined) call.mode = v.mode as ApprovalMode;
    if (v.nonInteractive === true) call.nonInteractive = true;
    calls.push(call);
  });
  return { calls, errors };
}
