/**
 * The Gemini side of the studio's Policy view: each `[[rule]]` table of the policy files (the
 * engine rules it expands to together) with the calls of the loaded traces it decided, each
 * call's decision and its deciding rule, and the what-if of an edit of one table. Traces are read
 * by {@link readGeminiTrace}; calls are decided by {@link checkToolCall}, as `rule-studio simulate` does.
 */
import type { Diagnostic } from '../../diagnostics/types.ts';
import { checkGeminiPolicy } from './checks.ts';
import { checkToolCall } from './engine.ts';
import { isDangerous, isKnownSafe, shellWords } from './heuristics.ts';
import { loadGeminiPolicies, type GeminiDecision, type GeminiFileInput, type GeminiTier } from './policy.ts';
import { isCodexRollout } from '../codex/sniff.ts';
import { readGeminiTrace, type GeminiTraceCall } from './trace.ts';

/** A trace to replay: a name and its text. */
export interface GeminiSessionText {
  name: string;
  text: string;
}

/** One `[[rule]]` table of a policy file, as the Policy view lists it. */
export interface GeminiRuleRow {
  /** `file#table`: the table's identity while the file's text does not change. */
  key: string;
  file: string;
  /** 0-based index of the table in its file. */
  table: number;
  /** 1-based position of its `[[rule]]` header. */
  line: number;
  col: number;
  /** The table's source text, header to its last key (comments after it excluded), and its offsets. */
  text: string;
  start: number;
  end: number;
  decision: GeminiDecision;
  tier: GeminiTier;
  /** The `priority` as written (0–999). */
  priority: number;
  /** Gemini's effective priority: tier + priority/1000. */
  effective: number;
  /** The tool names it matches (`mcp_<server>_<tool>` for `mcpName`). */
  tools: string[];
  /** What narrows it, as written (`commandPrefix = "git push"`, `modes = ["autoEdit"]`), or empty. */
  narrow: string;
  /** Indexes (into `calls`) of the calls it decided. */
  decided: number[];
}

/** One call of a trace, decided. */
export interface GeminiCallRow {
  session: string;
  call: GeminiTraceCall;
  decision: GeminiDecision;
  /** The deciding table (index into `rules`); absent for the default decision or a synthetic rule. */
  rule?: number;
  /** A rule Gemini reports that is no table of the files (`Build File Protection`). */
  synthetic?: string;
  /** What decided it, in a sentence that never contradicts the decision ({@link geminiReason}). */
  reason: string;
}

export interface GeminiPolicyReport {
  rules: GeminiRuleRow[];
  calls: GeminiCallRow[];
  /** Calls per decision, and `none`: those no rule decided (Gemini's default). */
  totals: Record<GeminiDecision | 'none', number>;
  /** The loader's G0xx and the checks of the rules it keeps. */
  diagnostics: Diagnostic[];
  /** Set when Gemini's engine refuses to start (nothing is decided). */
  engineError?: string;
  /** Files Gemini skips whole (a TOML or schema error). */
  refusedFiles: string[];
  /** Traces with unreadable lines or no call, with why. */
  skipped: { name: string; reason: string }[];
}

/** The `[[rule]]` header lines of a TOML text: 0-based offsets of their starts. */
function headerOffsets(text: string): number[] {
  const out: number[] = [];
  const re = /^[ \t]*\[\[[ \t]*(rule|safety_checker)[ \t]*\]\]/gm;
  for (let m = re.exec(text); m; m = re.exec(text)) if (m[1] === 'rule') out.push(m.index);
  return out;
}

/** Offsets of the next table header (`[[…]]` or `[…]`) after `from`, or the text's end. */
function nextHeader(text: string, from: number): number {
  const re = /^[ \t]*\[/gm;
  re.lastIndex = from;
  const m = re.exec(text);
  return m ? m.index : text.length;
}

/** The `[[rule]]` table at 0-based index `table` of a policy file: its text range, header to its last key. */
export function geminiTableRange(text: string, table: number): { start: number; end: number } | undefined {
  const start = headerOffsets(text)[table];
  if (start === undefined) return undefined;
  const headerEnd = text.indexOf('\n', start);
  if (headerEnd < 0) return { start, end: text.length };
  const stop = nextHeader(text, headerEnd + 1);
  const lines = text.slice(start, stop).split('\n');
  // The comments and blank lines before the next table belong to it.
  while (lines.length > 1 && /^\s*(#.*)?$/.test(lines[lines.length - 1] as string)) lines.pop();
  return { start, end: start + lines.join('\n').length };
}

/** The text with the `[[rule]]` table at index `table` replaced by `replacement` (`undefined` when there is none). */
export function replaceGeminiRuleAt(text: string, table: number, replacement: string): string | undefined {
  const r = geminiTableRange(text, table);
  return r === undefined ? undefined : text.slice(0, r.start) + replacement + text.slice(r.end);
}

const NARROWING = ['commandPrefix', 'commandRegex', 'argsPattern', 'modes'];

/** What narrows a table, from its text as written. */
function narrowOf(tableText: string): string {
  const parts: string[] = [];
  const lines = tableText.split('\n').map((l) => l.trim());
  for (const key of NARROWING) {
    const line = lines.find((l) => l.startsWith(key) && l.slice(key.length).trimStart().startsWith('='));
    if (line === undefined) continue;
    const v = line.slice(line.indexOf('=') + 1).trim().replace(/\s+#.*$/, '');
    parts.push(key === 'modes' ? `in ${v.replace(/[[\]"']/g, '').replace(/\s*,\s*/g, ', ')}` : v.length > 60 ? `${v.slice(0, 59)}…` : v);
  }
  return parts.join(' ');
}

/**
 * The rule tables of the files (those Gemini keeps), with positions, tools and text; no calls
 * decided. A file Gemini skips for a TOML syntax error (a table being typed) gives the tables that
 * read, so the graph and Inspector do not say "no rules" of it.
 */
export function geminiRuleRows(files: readonly GeminiFileInput[]): GeminiRuleRow[] {
  return rowsOf(files, loadGeminiPolicies(files, { recover: true })).rows;
}

function rowsOf(files: readonly GeminiFileInput[], load: ReturnType<typeof loadGeminiPolicies>): { rows: GeminiRuleRow[]; rowOf: Map<string, number> } {
  const texts = new Map(files.map((f) => [f.path, f.text]));
  const rows: GeminiRuleRow[] = [];
  const rowOf = new Map<string, number>();
  for (const r of load.rules) {
    const key = `${r.file}#${r.table}`;
    const at = rowOf.get(key);
    if (at !== undefined) {
      const row = rows[at] as GeminiRuleRow;
      if (!row.tools.includes(r.toolName)) row.tools.push(r.toolName);
      continue;
    }
    const text = texts.get(r.file) ?? '';
    const range = geminiTableRange(text, r.table) ?? { start: 0, end: 0 };
    const body = text.slice(range.start, range.end);
    rowOf.set(key, rows.length);
    rows.push({ key, file: r.file, table: r.table, line: r.range.start.line, col: r.range.start.column, text: body, start: range.start, end: range.end, decision: r.decision, tier: r.tier, priority: r.rawPriority, effective: r.priority, tools: [r.toolName], narrow: narrowOf(body), decided: [] });
  }
  return { rows, rowOf };
}

/** Decides every call of the traces under the policy files, with per-table counts. */
export function geminiPolicyReport(files: readonly GeminiFileInput[], sessions: readonly GeminiSessionText[]): GeminiPolicyReport {
  const load = loadGeminiPolicies(files);
  const diagnostics = [...load.diagnostics, ...checkGeminiPolicy(load.rules)];
  const { rows, rowOf } = rowsOf(files, load);
  const totals: Record<GeminiDecision | 'none', number> = { allow: 0, deny: 0, ask_user: 0, none: 0 };
  const calls: GeminiCallRow[] = [];
  const skipped: { name: string; reason: string }[] = [];
  for (const s of sessions) {
    if (isCodexRollout(s.text)) {
      skipped.push({ name: s.name, reason: 'a Codex session log: the Codex view counts it' });
      continue;
    }
    const read = readGeminiTrace(s.text);
    const first = read.errors[0];
    if (read.calls.length === 0) {
      skipped.push({ name: s.name, reason: first ? `not a Gemini trace (line ${first.line}: ${first.message})` : 'no tool calls' });
      continue;
    }
    if (first) skipped.push({ name: s.name, reason: `${read.errors.length} line${read.errors.length === 1 ? '' : 's'} not read (line ${first.line}: ${first.message})` });
    if (load.engineError !== undefined) continue;
    for (const call of read.calls) {
      const e = checkToolCall(load.rules, call.args === undefined ? { name: call.tool } : { name: call.tool, args: call.args }, { mode: call.mode ?? 'default', nonInteractive: call.nonInteractive === true });
      const i = calls.length;
      const row: GeminiCallRow = { session: s.name, call, decision: e.decision, reason: '' };
      if (e.rule && 'toolName' in e.rule) {
        const at = rowOf.get(`${e.rule.file}#${e.rule.table}`);
        if (at !== undefined) {
          row.rule = at;
          rows[at]?.decided.push(i);
        }
      } else if (e.rule) row.synthetic = e.rule.source;
      row.reason = geminiReason(row, row.rule === undefined ? undefined : rows[row.rule]);
      totals[row.rule === undefined && row.synthetic === undefined ? 'none' : e.decision]++;
      calls.push(row);
    }
  }
  const out: GeminiPolicyReport = { rules: rows, calls, totals, diagnostics, refusedFiles: load.refusedFiles, skipped };
  if (load.engineError !== undefined) out.engineError = load.engineError;
  return out;
}

/** A call whose decision (or deciding rule) an edit changes. */
export interface GeminiDecisionChange {
  /** Index into the report's calls. */
  call: number;
  before: { decision: GeminiDecision; rule?: string };
  after: { decision: GeminiDecision; rule?: string };
}

const ruleName = (rep: GeminiPolicyReport, c: GeminiCallRow | undefined): string | undefined => {
  if (!c) return undefined;
  const r = c.rule === undefined ? undefined : rep.rules[c.rule];
  return r ? `${r.file}:${r.line}` : c.synthetic;
};

/**
 * The calls whose decision changes from the files to the files as edited. `refused`: Gemini
 * would skip an edited file it read before, or its engine would not start — with the errors.
 */
export function geminiWhatIf(files: readonly GeminiFileInput[], edited: readonly GeminiFileInput[], sessions: readonly GeminiSessionText[]): { changes: GeminiDecisionChange[]; refused: boolean; diagnostics: Diagnostic[] } {
  const a = geminiPolicyReport(files, sessions);
  const b = geminiPolicyReport(edited, sessions);
  const newlyRefused = b.refusedFiles.filter((f) => !a.refusedFiles.includes(f));
  const droppedNew = b.diagnostics.filter((d) => d.severity === 'error' && !a.diagnostics.some((x) => x.code === d.code && x.message === d.message));
  if (b.engineError !== undefined || newlyRefused.length > 0) return { changes: [], refused: true, diagnostics: droppedNew };
  const changes: GeminiDecisionChange[] = [];
  a.calls.forEach((c, i) => {
    const d = b.calls[i];
    if (!d) return;
    const before = ruleName(a, c);
    const after = ruleName(b, d);
    if (c.decision === d.decision) return;
    changes.push({ call: i, before: { decision: c.decision, ...(before ? { rule: before } : {}) }, after: { decision: d.decision, ...(after ? { rule: after } : {}) } });
  });
  return { changes, refused: false, diagnostics: droppedNew };
}

/** A call's tool and its main argument on one line (`run_shell_command(git status)`). */
export function geminiCallText(c: GeminiTraceCall): string {
  const args = c.args ?? {};
  const main = ['command', 'file_path', 'path', 'url', 'query', 'pattern'].map((k) => args[k]).find((v) => typeof v === 'string');
  const arg = (typeof main === 'string' ? main : Object.keys(args).length === 0 ? '' : JSON.stringify(args)).replace(/\s+/g, ' ');
  return `${c.tool}(${arg.length > 90 ? `${arg.slice(0, 89)}…` : arg})`;
}

const SHELL_TOOLS = new Set(['run_shell_command', 'ShellTool']);
/** The workspace the report's calls are decided in (the engine's default). */
const REPORT_WORKSPACE = '/workspace';

/** What Gemini's shell heuristics make of a command: a known-safe read-only command, a dangerous one, or neither. */
function heuristicOf(command: string): 'known-safe' | 'dangerous' | undefined {
  let words: string[];
  try {
    words = shellWords(command);
  } catch {
    return undefined;
  }
  if (isDangerous(words)) return 'dangerous';
  return isKnownSafe(words, REPORT_WORKSPACE) ? 'known-safe' : undefined;
}

/**
 * Why call `c` of a report was decided as it was, in one sentence that never contradicts its
 * decision (review17 #4: `ls`, allowed by Gemini's known-safe heuristic, read "no rule matched:
 * Gemini's default (ask_user …)"). `rule` is the deciding table's row, when one decided.
 */
export function geminiReason(c: Omit<GeminiCallRow, 'reason'>, rule: GeminiRuleRow | undefined): string {
  const mode = c.call.mode ?? 'default';
  const command = SHELL_TOOLS.has(c.call.tool) && typeof c.call.args?.command === 'string' ? c.call.args.command : undefined;
  const h = command === undefined ? undefined : heuristicOf(command);
  if (c.synthetic !== undefined) return `decided by Gemini’s ${c.synthetic}.`;
  if (rule) {
    if (rule.decision === c.decision) return 'decided by the first rule in priority order that matched:';
    if (h === 'dangerous' && c.decision === 'ask_user')
      return `the first rule in priority order that matched says ${rule.decision}, but Gemini’s shell heuristics call this command dangerous (it deletes, links or runs with changed settings), so Gemini asks (except in yolo mode):`;
    if (h === 'known-safe' && c.decision === 'allow')
      return `the first rule in priority order that matched says ${rule.decision}, but this is a known-safe read-only command that stays in the workspace, which Gemini’s shell heuristics allow:`;
    if (command !== undefined && c.decision === 'ask_user')
      return `the first rule in priority order that matched says ${rule.decision}, but a part of the command (another command in it, or a redirection) makes Gemini ask:`;
    return `the first rule in priority order that matched says ${rule.decision}; Gemini’s checks of the command’s parts made it ${c.decision}:`;
  }
  if (mode === 'yolo' && c.decision === 'allow') return 'no rule matched: yolo mode allows every call no rule denies.';
  if (command !== undefined) {
    if (c.decision === 'allow' && h === 'known-safe')
      return `no rule matched, and Gemini’s shell heuristics allow it: ${command.trim().split(/\s+/)[0] ?? 'it'} is a known-safe read-only command whose paths stay in the workspace (else Gemini would ask).`;
    if (c.decision === 'ask_user' && h === 'dangerous') return 'no rule matched, and Gemini’s shell heuristics call this command dangerous: Gemini asks.';
    if (c.decision === 'ask_user') return 'no rule decided: Gemini asks for a command no rule allows (a command in it, or a redirection, that no rule allows makes it ask too).';
  }
  if (c.decision === 'deny' && c.call.nonInteractive) return 'no rule matched: Gemini’s default, which denies in a non-interactive session (it would ask in an interactive one).';
  return `no rule matched: Gemini’s default, ${c.decision} (ask_user; deny when non-interactive; allow in yolo mode).`;
}
