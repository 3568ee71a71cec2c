/**
 * The Codex side of the studio's Policy view and of `rule-studio learn|test` for `.rules` files:
 * each `prefix_rule` call with the number of calls of the loaded sessions it matched and decided,
 * each call's decision and the rules that made it, and the what-if of an edit of one rule. The
 * sessions are Codex rollout logs (`rollout.ts`) or scripted command traces (`script.ts`).
 */
import type { Diagnostic } from '../../diagnostics/types.ts';
import { checkCodexPolicy } from './checks.ts';
import { loadCodexRules, type CodexDecision, type RulesFileInput } from './policy.ts';
import { isGeminiSession } from '../gemini/sniff.ts';
import { isCodexRollout, readCodexRollout, replayCodexCall, type Agreement, type CodexExecCall } from './rollout.ts';
import { readCodexScript, scriptExecCall, SESSION_CHECK } from './script.ts';
import { append } from '../../model/append.ts';

/** A session to replay: a name and its text. */
export interface SessionText {
  name: string;
  text: string;
}

/** One `prefix_rule` call of the policy (its first-token alternatives together). */
export interface CodexRuleRow {
  /** 0-based index of the `prefix_rule` call over all files (`CodexRule.call`). */
  call: number;
  file: string;
  line: number;
  col: number;
  /** The call's source text, `prefix_rule(…)`. */
  text: string;
  /** Start and end offsets of the text in its file. */
  start: number;
  end: number;
  decision: CodexDecision;
  /** The pattern, written as tokens with alternatives in brackets: `git [status|diff]`. */
  pattern: string;
  justification?: string;
  /** Indexes (into `calls`) of the calls it matched. */
  matched: number[];
  /** Of those, the calls whose decision it made (its decision is the call's). */
  decided: number[];
}

/** One call of a session, decided. */
export interface CodexCallRow {
  session: string;
  call: CodexExecCall;
  decision?: CodexDecision;
  /** The `prefix_rule` calls (rows) that matched, in match order, without repeats. */
  rules: number[];
  unmatched: string[][];
  agreement: Agreement;
  why?: string;
}

export interface CodexPolicyReport {
  rules: CodexRuleRow[];
  calls: CodexCallRow[];
  totals: Record<CodexDecision | 'none', number>;
  /** Load errors (K0xx) and checks of the rules, then the sessions' reading diagnostics. */
  diagnostics: Diagnostic[];
  /** True when Codex refuses the rule files (nothing is decided). */
  refused: boolean;
  /** Sessions that are neither a rollout log nor a command script, with why. */
  skipped: { name: string; reason: string }[];
}

/**
 * The source range of the `prefix_rule(…)` call starting at 1-based `line`:`col` of `text`: from
 * the name to its closing parenthesis, skipping strings and comments. `undefined` when no call
 * starts there.
 */
export function callRangeAt(text: string, line: number, col: number): { start: number; end: number } | undefined {
  let start = 0;
  for (let l = 1; l < line; l++) {
    const nl = text.indexOf('\n', start);
    if (nl < 0) return undefined;
    start = nl + 1;
  }
  start += col - 1;
  const open = text.indexOf('(', start);
  if (open < 0 || !/^[A-Za-z_]\w*\s*$/.test(text.slice(start, open))) return undefined;
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const c = text[i];
    if (c === '#') {
      const nl = text.indexOf('\n', i);
      i = nl < 0 ? text.length : nl;
    } else if (c === '"' || c === "'") {
      const triple = text.startsWith(c.repeat(3), i);
      const quote = triple ? c.repeat(3) : c;
      i += quote.length;
      while (i < text.length && !text.startsWith(quote, i)) i += text[i] === '\\' ? 2 : 1;
      i += quote.length - 1;
    } else if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') {
      depth--;
      if (depth === 0) return { start, end: i + 1 };
    }
  }
  return undefined;
}

/** The text with the `prefix_rule` call at `line`:`col` replaced by `replacement` (`undefined` when none starts there). */
export function replaceCodexRuleAt(text: string, line: number, col: number, replacement: string): string | undefined {
  const r = callRangeAt(text, line, col);
  return r === undefined ? undefined : text.slice(0, r.start) + replacement + text.slice(r.end);
}

const patternText = (program: string[], rest: string[][]) => [program, ...rest].map((alts) => (alts.length === 1 ? alts[0] : `[${alts.join('|')}]`)).join(' ');

/** Reads each session as a rollout log or, failing that, a command script; the rest are skipped. */
export function readCodexSessions(sessions: readonly SessionText[]): { calls: { session: string; call: CodexExecCall }[]; diagnostics: Diagnostic[]; skipped: { name: string; reason: string }[] } {
  const calls: { session: string; call: CodexExecCall }[] = [];
  const diagnostics: Diagnostic[] = [];
  const skipped: { name: string; reason: string }[] = [];
  for (const s of sessions) {
    if (isCodexRollout(s.text)) {
      const r = readCodexRollout(s.name, s.text);
      for (const call of r.calls) calls.push({ session: s.name, call });
      append(diagnostics, r.diagnostics.slice(0, 100));
      continue;
    }
    if (isGeminiSession(s.text)) {
      skipped.push({ name: s.name, reason: 'a Gemini CLI session log: the Gemini CLI view counts it' });
      continue;
    }
    const script = readCodexScript(s.text);
    if (script.errors.length > 0 || script.commands.length === 0) {
      skipped.push({ name: s.name, reason: script.commands.length === 0 ? 'no commands' : `not a Codex session log or command script (line ${script.errors[0]?.line}: ${script.errors[0]?.message})` });
      continue;
    }
    for (const c of script.commands) calls.push({ session: s.name, call: scriptExecCall(c) });
  }
  return { calls, diagnostics, skipped };
}

/** Decides every call of the sessions under the rule files, with per-rule counts. */
export function codexPolicyReport(files: readonly RulesFileInput[], sessions: readonly SessionText[]): CodexPolicyReport {
  // The rules that read are listed even when Codex refuses the files (`refused`: no call is decided).
  const load = loadCodexRules(files, { recover: true });
  const diagnostics = [...load.diagnostics, ...(load.refused ? [] : checkCodexPolicy(load.policy))];
  const read = readCodexSessions(sessions);
  append(diagnostics, read.diagnostics);
  const texts = new Map(files.map((f) => [f.path, f.text]));
  const rows: CodexRuleRow[] = [];
  const rowOfCall = new Map<number, number>();
  for (const r of load.policy.rules) {
    const existing = rowOfCall.get(r.call);
    if (existing !== undefined) {
      const row = rows[existing] as CodexRuleRow;
      const first = row.pattern.split(' ')[0] as string;
      const alts = first.startsWith('[') ? first.slice(1, -1).split('|') : [first];
      alts.push(r.program);
      row.pattern = patternText(alts, r.rest);
      continue;
    }
    const text = texts.get(r.file) ?? '';
    const range = callRangeAt(text, r.pos.line, r.pos.col) ?? { start: 0, end: 0 };
    rowOfCall.set(r.call, rows.length);
    rows.push({ call: r.call, file: r.file, line: r.pos.line, col: r.pos.col, text: text.slice(range.start, range.end), start: range.start, end: range.end, decision: r.decision, pattern: patternText([r.program], r.rest), ...(r.justification ? { justification: r.justification } : {}), matched: [], decided: [] });
  }
  const totals: Record<CodexDecision | 'none', number> = { allow: 0, prompt: 0, forbidden: 0, none: 0 };
  const calls: CodexCallRow[] = [];
  if (!load.refused)
    for (const { session, call } of read.calls) {
      const r = replayCodexCall(load.policy, call, SESSION_CHECK);
      const i = calls.length;
      const ruleRows: number[] = [];
      for (const m of r.matched) {
        const row = rowOfCall.get(m.rule.call) as number;
        if (ruleRows.includes(row)) continue;
        ruleRows.push(row);
        rows[row]?.matched.push(i);
        if (m.decision === r.decision) rows[row]?.decided.push(i);
      }
      totals[r.decision ?? 'none']++;
      calls.push({ session, call, ...(r.decision ? { decision: r.decision } : {}), rules: ruleRows, unmatched: r.unmatched, agreement: r.agreement, ...(r.why ? { why: r.why } : {}) });
    }
  return { rules: rows, calls, totals, diagnostics, refused: load.refused, skipped: read.skipped };
}

/** A call whose decision an edit changes. */
export interface CodexDecisionChange {
  /** Index into the report's calls. */
  call: number;
  before?: CodexDecision;
  after?: CodexDecision;
}

/** The calls whose decision changes from `before` to the files as edited (`refused`: Codex would refuse the edited files). */
export function codexWhatIf(files: readonly RulesFileInput[], edited: readonly RulesFileInput[], sessions: readonly SessionText[]): { changes: CodexDecisionChange[]; refused: boolean; diagnostics: Diagnostic[] } {
  const a = codexPolicyReport(files, sessions);
  const b = codexPolicyReport(edited, sessions);
  if (b.refused) return { changes: [], refused: true, diagnostics: b.diagnostics.filter((d) => d.severity === 'error') };
  const changes: CodexDecisionChange[] = [];
  a.calls.forEach((c, i) => {
    const after = b.calls[i]?.decision;
    if (c.decision !== after) changes.push({ call: i, ...(c.decision ? { before: c.decision } : {}), ...(after ? { after } : {}) });
  });
  return { changes, refused: false, diagnostics: [] };
}
