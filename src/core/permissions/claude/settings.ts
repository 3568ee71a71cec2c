/**
 * Reading Claude Code settings files (settings page, "Settings files", "Permission settings") and
 * merging their scopes into one policy (settings page, "Settings precedence"). Positions come
 * from the project's JSON scanner (`codecs/parse/jsonScan.ts`), errors from `codecs/parse/json.ts`.
 */
import type { Diagnostic, Range } from '../../diagnostics/types.ts';
import { parseJson } from '../../codecs/parse/json.ts';
import { closedBefore } from './recover.ts';
import { spanAt } from '../../codecs/parse/jsonScan.ts';
import type { DocPath } from '../../codecs/types.ts';
import { positionAt } from '../../text/minimalReplacement.ts';
import { parseRule } from './rule.ts';
import { Mode, SCOPE_ORDER, SettingsInput } from './types.ts';
import type { PermissionRule, RuleList, RuleSource, Scope } from './types.ts';

/** What one settings file contributes. */
export interface SettingsFileRead {
  scope: Scope;
  file: string;
  /** False when Claude Code ignores the whole file (it is not strict JSON). */
  used: boolean;
  rules: PermissionRule[];
  defaultMode?: { value: Mode; file: string; range: Range };
  additionalDirectories: { path: string; file: string; range: Range }[];
  disableBypassPermissionsMode: boolean;
  allowManagedPermissionRulesOnly: boolean;
  diagnostics: Diagnostic[];
}

/** The merged permission policy of a set of settings files. */
export interface PermissionPolicy {
  /** Every rule that takes part, in evaluation order within each list: scope precedence, then file order. */
  rules: PermissionRule[];
  /** Rules left out because managed settings set `allowManagedPermissionRulesOnly`. */
  excluded: PermissionRule[];
  defaultMode?: { value: Mode; scope: Scope; file: string; range: Range };
  additionalDirectories: string[];
  /** `disableBypassPermissionsMode: "disable"` in any file (most useful in managed settings). */
  disableBypassPermissionsMode: boolean;
  files: SettingsFileRead[];
  diagnostics: Diagnostic[];
}

const FILE_RANGE: Range = { start: { line: 1, column: 1 }, end: { line: 1, column: 1 } };

function diag(code: string, severity: Diagnostic['severity'], message: string, file: string, range: Range): Diagnostic {
  return { code, severity, message, file, range, target: { kind: 'file' } };
}

function rangeOf(text: string, path: DocPath): Range | undefined {
  const s = spanAt(text, path);
  if (!s) return undefined;
  return { start: positionAt(text, s.start), end: positionAt(text, s.end) };
}

/** The project root a leading `/` is relative to: the directory holding the file's `.claude/`. */
export function settingsRoot(path: string, fallback: string): string {
  const m = /^(.*)\/\.claude\/[^/]+$/.exec(path);
  if (m) return m[1] === '' ? '/' : (m[1] as string);
  return fallback;
}

/** Why `JSON.parse` refused the text, in words a user of Claude Code recognises. */
function ignoredFileHint(text: string, line: number, column: number): string {
  const lines = text.split('\n');
  let offset = column - 1;
  for (let i = 0; i < line - 1; i++) offset += (lines[i] as string).length + 1;
  const rest = text.slice(offset).trimStart();
  if (rest.startsWith('//') || rest.startsWith('/*')) return 'a comment';
  if (/^[}\]]/.test(rest) && text.slice(0, offset).trimEnd().endsWith(',')) return 'a trailing comma';
  return 'text that is not JSON';
}

/** How a settings file is read. */
export interface ReadOptions {
  /**
   * Keeps what reads before the error of a file that is not strict JSON ({@link closedBefore}),
   * for the studio's graph and Inspector while a rule is being typed; the file is still C001 and
   * not `used`, as Claude Code ignores it.
   */
  recover?: boolean;
}

/**
 * Reads one settings file. A file `JSON.parse` refuses (a trailing comma, a comment, anything
 * not strict JSON) is error C001 at its position, and contributes nothing: Claude Code ignores
 * the whole file. Unknown keys are not reported (other settings live in the same file).
 */
export function readSettingsFile(input: SettingsInput, cwd = '/', options: ReadOptions = {}): SettingsFileRead {
  const { scope, path: file, text: written } = SettingsInput.parse(input);
  let text = written;
  const out: SettingsFileRead = {
    scope,
    file,
    used: false,
    rules: [],
    additionalDirectories: [],
    disableBypassPermissionsMode: false,
    allowManagedPermissionRulesOnly: false,
    diagnostics: [],
  };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    const problem = parseJson(text).errors[0];
    const range = problem?.range ?? FILE_RANGE;
    const what = ignoredFileHint(text, range.start.line, range.start.column);
    out.diagnostics.push(
      diag('C001', 'error', `Claude Code ignores the whole file: it is not strict JSON (${what} at ${range.start.line}:${range.start.column}${problem ? `: ${problem.message.replace(/, (?:\.\.\.)?"[\s\S]*$/, '')}` : ''}), so none of its settings or rules apply.`, file, range),
    );
    const closed = options.recover === true ? closedBefore(text, range.start.line, range.start.column) : undefined;
    if (closed === undefined) return out;
    text = closed;
    value = JSON.parse(closed);
  }
  out.used = out.diagnostics.length === 0;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    out.diagnostics.push(diag('C002', 'warning', 'The settings file is not a JSON object, so Claude Code finds no settings in it.', file, FILE_RANGE));
    return out;
  }
  const root = settingsRoot(file, cwd);
  const perms = (value as Record<string, unknown>).permissions;
  if (perms === undefined) return out;
  if (typeof perms !== 'object' || perms === null || Array.isArray(perms)) {
    out.diagnostics.push(diag('C002', 'warning', '`permissions` is not an object, so Claude Code reads no permission rules from this file.', file, rangeOf(text, ['permissions']) ?? FILE_RANGE));
    return out;
  }
  const p = perms as Record<string, unknown>;
  for (const list of ['allow', 'ask', 'deny'] as RuleList[]) {
    const arr = p[list];
    if (arr === undefined) continue;
    if (!Array.isArray(arr)) {
      out.diagnostics.push(diag('C002', 'warning', `\`permissions.${list}\` is not an array of rule strings, so Claude Code reads no ${list} rules from this file.`, file, rangeOf(text, ['permissions', list]) ?? FILE_RANGE));
      continue;
    }
    arr.forEach((rule, i) => {
      const range = rangeOf(text, ['permissions', list, i]) ?? FILE_RANGE;
      if (typeof rule !== 'string') {
        out.diagnostics.push(diag('C002', 'warning', `\`permissions.${list}[${i}]\` is not a string, so Claude Code skips it.`, file, range));
        return;
      }
      const source: RuleSource = { scope, file, line: range.start.line, col: range.start.column, text: rule, list, root };
      out.rules.push({ source, parsed: parseRule(rule) });
    });
  }
  if (p.defaultMode !== undefined) {
    const raw = p.defaultMode === 'manual' ? 'default' : p.defaultMode;
    const mode = Mode.safeParse(raw);
    const range = rangeOf(text, ['permissions', 'defaultMode']) ?? FILE_RANGE;
    if (mode.success) out.defaultMode = { value: mode.data, file, range };
    else out.diagnostics.push(diag('C060', 'warning', `\`defaultMode\` ${JSON.stringify(p.defaultMode)} is not a permission mode (${Mode.options.join(', ')}), so Claude Code ignores it and this file sets no mode.`, file, range));
  }
  const dirs = p.additionalDirectories;
  if (Array.isArray(dirs)) {
    dirs.forEach((d, i) => {
      if (typeof d === 'string') out.additionalDirectories.push({ path: d, file, range: rangeOf(text, ['permissions', 'additionalDirectories', i]) ?? FILE_RANGE });
    });
  }
  out.disableBypassPermissionsMode = p.disableBypassPermissionsMode === 'disable';
  out.allowManagedPermissionRulesOnly = (value as Record<string, unknown>).allowManagedPermissionRulesOnly === true;
  return out;
}

/**
 * Reads command-line rules (`--allowedTools` or `--disallowedTools`, given as `path`): rules
 * separated by commas or blanks outside parentheses. Positions are columns of the text; a
 * leading `/` in their path rules is relative to `cwd`, the directory Claude Code started in.
 */
export function readCommandLineRules(input: SettingsInput, cwd = '/'): SettingsFileRead {
  const { scope, path: file, text } = SettingsInput.parse(input);
  const list: RuleList = file.includes('disallowed') ? 'deny' : 'allow';
  const out: SettingsFileRead = { scope, file, used: true, rules: [], additionalDirectories: [], disableBypassPermissionsMode: false, allowManagedPermissionRulesOnly: false, diagnostics: [] };
  let depth = 0;
  let start = -1;
  const push = (end: number) => {
    if (start === -1) return;
    const rule = text.slice(start, end);
    const pos = positionAt(text, start);
    out.rules.push({ source: { scope, file, line: pos.line, col: pos.column, text: rule, list, root: cwd }, parsed: parseRule(rule) });
    start = -1;
  };
  for (let i = 0; i <= text.length; i++) {
    const c = text[i];
    if (c === undefined || (depth === 0 && (c === ',' || /\s/.test(c)))) push(i);
    else {
      if (start === -1) start = i;
      if (c === '(') depth++;
      else if (c === ')') depth = Math.max(0, depth - 1);
    }
  }
  return out;
}

const isCommandLineList = (path: string) => path === '--allowedTools' || path === '--disallowedTools' || path === '--allowed-tools' || path === '--disallowed-tools';

/** Managed files first the base file, then `managed-settings.d/` drop-ins in file-name order. */
function managedOrder(a: SettingsInput, b: SettingsInput): number {
  const dropA = a.path.includes('managed-settings.d/');
  const dropB = b.path.includes('managed-settings.d/');
  if (dropA !== dropB) return dropA ? 1 : -1;
  const na = a.path.slice(a.path.lastIndexOf('/') + 1);
  const nb = b.path.slice(b.path.lastIndexOf('/') + 1);
  return na < nb ? -1 : na > nb ? 1 : 0;
}

/**
 * Merges settings of every scope into one policy. Rule lists are concatenated across scopes
 * (deny, ask and allow are then evaluated in that order whatever their scope), ordered by scope
 * precedence so a decision names the highest-precedence matching rule. Scalars
 * (`defaultMode`) come from the highest-precedence file that sets them; among managed files, a
 * later drop-in overrides the base file. `cwd` resolves relative `additionalDirectories`.
 */
export function mergeSettings(inputs: readonly SettingsInput[], cwd = '/', options: ReadOptions = {}): PermissionPolicy {
  const byScope = new Map<Scope, SettingsInput[]>();
  for (const raw of inputs) {
    const i = SettingsInput.parse(raw);
    byScope.set(i.scope, [...(byScope.get(i.scope) ?? []), i]);
  }
  const files: SettingsFileRead[] = [];
  for (const scope of SCOPE_ORDER) {
    const list = byScope.get(scope) ?? [];
    const ordered = scope === 'managed' ? [...list].sort(managedOrder) : list;
    for (const i of ordered) files.push(isCommandLineList(i.path) ? readCommandLineRules(i, cwd) : readSettingsFile(i, cwd, options));
  }
  const managedOnly = files.some((f) => f.scope === 'managed' && f.allowManagedPermissionRulesOnly);
  const rules: PermissionRule[] = [];
  const excluded: PermissionRule[] = [];
  for (const f of files) for (const r of f.rules) (managedOnly && f.scope !== 'managed' ? excluded : rules).push(r);
  let defaultMode: PermissionPolicy['defaultMode'];
  for (const f of files) {
    if (!f.defaultMode) continue;
    // Highest scope wins; within managed, the last file read (a later drop-in) wins.
    if (!defaultMode || (f.scope === 'managed' && defaultMode.scope === 'managed')) defaultMode = { ...f.defaultMode, scope: f.scope };
  }
  const additionalDirectories = files.flatMap((f) => f.additionalDirectories.map((d) => d.path));
  return {
    rules,
    excluded,
    ...(defaultMode ? { defaultMode } : {}),
    additionalDirectories,
    disableBypassPermissionsMode: files.some((f) => f.disableBypassPermissionsMode),
    files,
    diagnostics: files.flatMap((f) => f.diagnostics),
  };
}
