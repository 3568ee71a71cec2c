/**
 * Codex session logs (`~/.codex/sessions/YYYY/MM/DD/rollout-<time>-<uuid>.jsonl`) as traces of
 * exec calls. Each line is a `RolloutLine` of openai/codex (`codex-rs/protocol`):
 * `{timestamp, type, payload}` with `type` one of `session_meta`, `response_item`, `event_msg`,
 * `turn_context`, `compacted`. The exec calls are `response_item`s: a `function_call` named
 * `shell` / `container.exec` (`arguments`: JSON with `command` as a list of strings),
 * `shell_command` (`command` as a script string), `exec_command` (unified exec: `cmd` as a script
 * string), or a `local_shell_call` (`action.command`). Their `function_call_output` (same
 * `call_id`) records what happened: `exec command rejected by user` when the user declined,
 * `… rejected: …` when the policy forbade it, or the command's output with its exit code.
 * Codex does not persist its approval-request events, so a call that ran after a prompt and one
 * that ran without a prompt read the same: the log says ran, declined or forbidden.
 *
 * Lines are checked with zod at this boundary; a line that is not JSON or not a rollout line is a
 * K040 / K041 diagnostic at its line:col and the rest of the file is still read. Unknown line and
 * item types are skipped (newer Codex versions add them).
 */
import { z } from 'zod';
import type { Diagnostic } from '../../diagnostics/types.ts';
import { checkCommand, severityOf, type CheckOptions, type CodexDecision, type CodexMatch, type CodexPolicy } from './policy.ts';
import { shlexSplit } from './shlex.ts';
import { append } from '../../model/append.ts';

/** What the log records about a call, from its output. */
export type RecordedExec = 'ran' | 'declined' | 'forbidden' | 'unknown';

/** One exec call of a session. */
export interface CodexExecCall {
  /** 1-based line of the call in the log. */
  line: number;
  callId?: string;
  /** The tool: `shell`, `shell_command`, `exec_command`, `local_shell`, … */
  tool: string;
  /** The command as the tool ran it (a script string becomes `[shell, -lc, script]`). */
  argv: string[];
  workdir?: string;
  timestamp?: string;
  /**
   * The commands Codex checks against its rules: the words of each command of a `bash -lc`
   * script made only of plain words joined by `&&`, `||`, `;`, `|`; otherwise the argv itself.
   */
  commands: string[][];
  recorded: RecordedExec;
  /** The exit code the output records, when it does. */
  exitCode?: number;
  /** 1-based line of the output, when the log has it. */
  outputLine?: number;
}

/** One session log read. */
export interface CodexSession {
  path: string;
  id?: string;
  cwd?: string;
  cliVersion?: string;
  /** The approval policy of the last `turn_context` (`untrusted`, `on-request`, `never`, …). */
  approvalPolicy?: string;
  calls: CodexExecCall[];
  /** K040 (not JSON), K041 (not a rollout line), K042 (over budget): each at its line:col. */
  diagnostics: Diagnostic[];
}

/** Limits on what one log may hold (a log over them is read up to the limit, with K042). */
export interface RolloutBudget {
  /** Characters of the text. */
  chars: number;
  /** Lines. */
  lines: number;
}

/** 256 MB of text or two million lines. */
export const DEFAULT_ROLLOUT_BUDGET: RolloutBudget = { chars: 256 * 1024 * 1024, lines: 2_000_000 };

const RolloutLine = z.object({ timestamp: z.string().optional(), type: z.string(), payload: z.unknown() });
const SessionMeta = z.object({ id: z.string().optional(), cwd: z.string().optional(), cli_version: z.string().optional() }).passthrough();
const TurnContext = z.object({ approval_policy: z.string().optional(), cwd: z.string().optional() }).passthrough();
const Strings = z.array(z.string()).min(1);
const FunctionCall = z.object({ type: z.literal('function_call'), name: z.string(), arguments: z.string(), call_id: z.string() });
const LocalShellCall = z.object({
  type: z.literal('local_shell_call'),
  call_id: z.string().nullish(),
  action: z.object({ type: z.literal('exec'), command: Strings, working_directory: z.string().nullish() }),
});
const CallOutput = z.object({ type: z.enum(['function_call_output', 'custom_tool_call_output']), call_id: z.string(), output: z.unknown() });
const ShellArgs = z.object({ command: Strings, workdir: z.string().nullish() });
const ScriptArgs = z.object({ command: z.string(), workdir: z.string().nullish(), login: z.boolean().nullish() });
const ExecArgs = z.object({ cmd: z.string(), workdir: z.string().nullish(), shell: z.string().nullish(), login: z.boolean().nullish() });

const SHELL_TOOLS = new Set(['shell', 'container.exec']);

function diag(code: string, message: string, file: string, line: number, column: number, severity: Diagnostic['severity'] = 'error'): Diagnostic {
  return { code, severity, message, file, range: { start: { line, column }, end: { line, column } }, target: { kind: 'file' } };
}

/**
 * The 1-based column where `text` stops being JSON (called only after `JSON.parse` failed; engines
 * differ in whether their message says where). A small validating scan, iterative on nesting.
 */
export function jsonErrorColumn(text: string): number {
  let i = 0;
  const n = text.length;
  const ws = () => {
    while (i < n && ' \t\r\n'.includes(text[i] as string)) i++;
  };
  const lit = (w: string) => {
    if (text.startsWith(w, i)) i += w.length;
    else throw i;
  };
  const str = () => {
    i++;
    while (i < n && text[i] !== '"') {
      const c = text.charCodeAt(i);
      if (c < 0x20) throw i;
      if (text[i] === '\\') {
        i++;
        if (text[i] === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 1, i + 5))) throw i;
          i += 4;
        } else if (!'"\\/bfnrt'.includes(text[i] ?? 'x')) throw i;
      }
      i++;
    }
    if (i >= n) throw i;
    i++;
  };
  const num = () => {
    const m = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i, i + 400));
    if (!m || m[0] === '' || m[0] === '-') throw i;
    i += m[0].length;
  };
  // A stack of open containers: '{' expects a key next, ':' a value in an object, '[' a value in an array.
  const stack: string[] = [];
  try {
    for (;;) {
      ws();
      const top = stack[stack.length - 1];
      if (top === '{') {
        if (text[i] !== '"') throw i;
        str();
        ws();
        lit(':');
        stack[stack.length - 1] = ':';
        continue;
      }
      const c = text[i];
      if (c === '{' || c === '[') {
        i++;
        ws();
        const close = c === '{' ? '}' : ']';
        if (text[i] === close) i++;
        else {
          stack.push(c === '{' ? '{' : '[');
          continue;
        }
      } else if (c === '"') str();
      else if (c === 't') lit('true');
      else if (c === 'f') lit('false');
      else if (c === 'n') lit('null');
      else num();
      // After a value: a comma or the close of the containers it ends.
      for (;;) {
        ws();
        const t = stack[stack.length - 1];
        if (t === undefined) {
          if (i < n) throw i;
          return 1;
        }
        const close = t === ':' ? '}' : ']';
        if (text[i] === ',') {
          i++;
          if (t === ':') stack[stack.length - 1] = '{';
          break;
        }
        if (text[i] !== close) throw i;
        i++;
        stack.pop();
      }
    }
  } catch (at) {
    return (typeof at === 'number' ? Math.min(at, n) : 0) + 1;
  }
}

const zodWhere = (e: z.ZodError): string => {
  const issue = e.issues[0];
  if (issue === undefined) return 'not a rollout line';
  const path = issue.path.length > 0 ? `\`${issue.path.join('.')}\`: ` : '';
  return `${path}${issue.message}`;
};

/** Shells whose `-c` / `-lc` script Codex splits into commands. */
const SHELLS = new Set(['bash', 'zsh', 'sh']);
/** Outside single quotes, a plain command has no expansion, redirection, glob, grouping, `&` or newline. */
const UNPLAIN = /[$`<>()*?[\]{}&!\\\n]/;

/**
 * The commands of `[bash|zsh|sh, -c|-lc, script]` when the script is plain commands joined by
 * `&&`, `||`, `;` or `|` (as Codex's `parse_shell_lc_plain_commands` accepts), else `null`. This
 * reader is stricter than Codex's tree-sitter parser: a script it does not split is checked as one
 * command (the argv), as Codex does for scripts it cannot split.
 */
export function shellScriptCommands(argv: readonly string[]): string[][] | null {
  if (argv.length !== 3) return null;
  const shell = (argv[0] as string).split('/').pop() as string;
  if (!SHELLS.has(shell) || (argv[1] !== '-c' && argv[1] !== '-lc')) return null;
  const script = argv[2] as string;
  if (script.trim() === '') return null;
  const parts = script.split(/&&|\|\||;|\|/);
  const out: string[][] = [];
  for (const part of parts) {
    // Separators inside quotes would be split wrongly: leave quoted scripts with separators alone.
    const words = shlexSplit(part);
    if (words === null || words.length === 0) return null;
    if (UNPLAIN.test(part.replace(/'[^']*'/g, "''"))) return null;
    out.push(words);
  }
  if (parts.length > 1 && /['"]/.test(script)) return null;
  return out;
}

/** The text of a `function_call_output`'s `output` (a string, `{content}` or a list of text items). */
function outputText(output: unknown): string | undefined {
  if (typeof output === 'string') return output;
  if (Array.isArray(output)) {
    const texts = output.map((o) => (o !== null && typeof o === 'object' && typeof (o as { text?: unknown }).text === 'string' ? (o as { text: string }).text : '')).join('');
    return texts;
  }
  if (output !== null && typeof output === 'object') {
    const c = (output as { content?: unknown }).content;
    if (typeof c === 'string') return c;
  }
  return undefined;
}

/** What an output says happened. */
export function recordedOf(output: unknown): { recorded: RecordedExec; exitCode?: number } {
  const text = outputText(output);
  if (text === undefined) return { recorded: 'unknown' };
  if (text.startsWith('exec command rejected by user')) return { recorded: 'declined' };
  if (/^`[^\n]*` rejected: /.test(text) || text.startsWith('approval required by policy') || text.startsWith('execution forbidden by policy')) return { recorded: 'forbidden' };
  if (text.startsWith('{')) {
    try {
      const v = JSON.parse(text) as { metadata?: { exit_code?: unknown } };
      const code = v.metadata?.exit_code;
      if (typeof code === 'number') return { recorded: 'ran', exitCode: code };
    } catch {
      // not the structured form: fall through to the freeform one
    }
  }
  const m = /^(?:Exit code|Process exited with code):? (-?\d+)/m.exec(text);
  if (m) return { recorded: 'ran', exitCode: Number(m[1]) };
  return { recorded: 'unknown' };
}

function commandsOf(argv: string[]): string[][] {
  return shellScriptCommands(argv) ?? [argv];
}

/** The call a `response_item` payload is, if it is an exec call. */
function execCall(payload: unknown, line: number, timestamp: string | undefined): CodexExecCall | string | null {
  const t = (payload as { type?: unknown } | null)?.type;
  if (t === 'local_shell_call') {
    const p = LocalShellCall.safeParse(payload);
    if (!p.success) return zodWhere(p.error);
    const argv = p.data.action.command;
    return {
      line,
      ...(p.data.call_id ? { callId: p.data.call_id } : {}),
      tool: 'local_shell',
      argv,
      ...(p.data.action.working_directory ? { workdir: p.data.action.working_directory } : {}),
      ...(timestamp ? { timestamp } : {}),
      commands: commandsOf(argv),
      recorded: 'unknown',
    };
  }
  if (t !== 'function_call') return null;
  const p = FunctionCall.safeParse(payload);
  if (!p.success) return zodWhere(p.error);
  const { name, call_id: callId } = p.data;
  if (!SHELL_TOOLS.has(name) && name !== 'shell_command' && name !== 'exec_command') return null;
  let args: unknown;
  try {
    args = JSON.parse(p.data.arguments);
  } catch {
    return `\`payload.arguments\` of the \`${name}\` call is not JSON`;
  }
  let argv: string[];
  let workdir: string | null | undefined;
  if (SHELL_TOOLS.has(name)) {
    const a = ShellArgs.safeParse(args);
    if (!a.success) return `the \`${name}\` call's arguments: ${zodWhere(a.error)}`;
    argv = a.data.command;
    workdir = a.data.workdir;
  } else if (name === 'shell_command') {
    const a = ScriptArgs.safeParse(args);
    if (!a.success) return `the \`${name}\` call's arguments: ${zodWhere(a.error)}`;
    argv = ['bash', a.data.login === false ? '-c' : '-lc', a.data.command];
    workdir = a.data.workdir;
  } else {
    const a = ExecArgs.safeParse(args);
    if (!a.success) return `the \`${name}\` call's arguments: ${zodWhere(a.error)}`;
    argv = [a.data.shell ?? 'bash', a.data.login === false ? '-c' : '-lc', a.data.cmd];
    workdir = a.data.workdir;
  }
  return { line, callId, tool: name, argv, ...(workdir ? { workdir } : {}), ...(timestamp ? { timestamp } : {}), commands: commandsOf(argv), recorded: 'unknown' };
}

/** What one line of a rollout log adds: a new exec call, or the recorded outcome of an earlier one. */
export type RolloutUpdate = { kind: 'call'; call: CodexExecCall } | { kind: 'recorded'; call: CodexExecCall };

/**
 * A rollout log read line by line (`follow` feeds it each line as it is written; the whole-file
 * reader feeds it every line). Its state is the session so far: the calls, the K040 / K041
 * diagnostics, and the calls by id (an output names its call).
 */
export interface RolloutLineReader {
  /** Reads line `line` (1-based, without its newline): what it adds, if anything. */
  line(raw: string, line: number): RolloutUpdate | undefined;
  readonly session: CodexSession;
}

/** Starts reading the rollout log `path` line by line. */
export function createRolloutReader(path: string): RolloutLineReader {
  const session: CodexSession = { path, calls: [], diagnostics: [] };
  const byId = new Map<string, CodexExecCall>();
  return {
    session,
    line(text, line) {
      const raw = text.replace(/\r$/, '');
      if (raw.trim() === '') return undefined;
      let value: unknown;
      try {
        value = JSON.parse(raw);
      } catch {
        session.diagnostics.push(diag('K040', 'this line is not JSON: a rollout log has one JSON object per line', path, line, jsonErrorColumn(raw)));
        return undefined;
      }
      const rl = RolloutLine.safeParse(value);
      if (!rl.success) {
        session.diagnostics.push(diag('K041', `not a Codex rollout line (\`{timestamp, type, payload}\`): ${zodWhere(rl.error)}`, path, line, 1));
        return undefined;
      }
      const { type, payload, timestamp } = rl.data;
      if (type === 'session_meta') {
        const m = SessionMeta.safeParse(payload);
        if (m.success) {
          if (m.data.id) session.id = m.data.id;
          if (m.data.cwd) session.cwd = m.data.cwd;
          if (m.data.cli_version) session.cliVersion = m.data.cli_version;
        }
      } else if (type === 'turn_context') {
        const c = TurnContext.safeParse(payload);
        if (c.success && c.data.approval_policy) session.approvalPolicy = c.data.approval_policy;
      } else if (type === 'response_item') {
        const call = execCall(payload, line, timestamp);
        if (typeof call === 'string') session.diagnostics.push(diag('K041', `an exec call Codex would not have written: ${call}`, path, line, 1));
        else if (call !== null) {
          session.calls.push(call);
          if (call.callId !== undefined) byId.set(call.callId, call);
          return { kind: 'call', call };
        } else {
          const out = CallOutput.safeParse(payload);
          const call = out.success ? byId.get(out.data.call_id) : undefined;
          if (out.success && call !== undefined) {
            const r = recordedOf(out.data.output);
            call.recorded = r.recorded;
            if (r.exitCode !== undefined) call.exitCode = r.exitCode;
            call.outputLine = line;
            return { kind: 'recorded', call };
          }
        }
      }
      return undefined;
    },
  };
}

/** Reads a Codex rollout log: its exec calls with what the log records, and K04x diagnostics. */
export function readCodexRollout(path: string, text: string, budget: RolloutBudget = DEFAULT_ROLLOUT_BUDGET): CodexSession {
  const reader = createRolloutReader(path);
  const { session } = reader;
  if (text.length > budget.chars) {
    session.diagnostics.push(diag('K042', `the log is over the reader's budget (${budget.chars} characters): read up to there`, path, 1, 1));
    text = text.slice(0, budget.chars);
  }
  let start = 0;
  let line = 0;
  while (start <= text.length) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    line++;
    if (line > budget.lines) {
      session.diagnostics.push(diag('K042', `the log is over the reader's budget (${budget.lines} lines): read up to there`, path, line, 1));
      break;
    }
    reader.line(text.slice(start, end), line);
    start = end + 1;
  }
  return session;
}

export { isCodexRollout } from './sniff.ts';

// ---------------------------------------------------------------- replay

/** How the rules' decision compares with what the log records. */
export type Agreement = 'agrees' | 'differs' | 'unrecorded';

/** One call replayed under the rules. */
export interface CodexCallReplay {
  call: CodexExecCall;
  /** Every rule that matched one of the call's commands, in command order then load order. */
  matched: CodexMatch[];
  /** The strictest decision over the matched rules; absent when no rule matched any command. */
  decision?: CodexDecision;
  /** Commands no rule matched (Codex's approval policy and safe-command list decide those). */
  unmatched: string[][];
  agreement: Agreement;
  /** Why it differs, when it does. */
  why?: string;
}

/** A replay of sessions: each call, and per rule how many calls it matched and decided. */
export interface CodexReplay {
  calls: CodexCallReplay[];
  /** Per rule index: calls it matched. */
  matchedCounts: number[];
  /** Per rule index: calls whose decision it made (it matched with the call's strictest decision). */
  decidedCounts: number[];
  differs: number;
}

/**
 * Decides one call as Codex does: each of its commands against the rules, the strictest decision
 * over every matched rule. Compared with the log: a call the rules forbid that ran, a call they
 * allow outright that the user declined (there was no prompt to decline), or a call the log says the
 * policy forbade that these rules do not forbid, differs.
 */
export function replayCodexCall(policy: CodexPolicy, call: CodexExecCall, options: CheckOptions = {}): CodexCallReplay {
  const matched: CodexMatch[] = [];
  const unmatched: string[][] = [];
  let decision: CodexDecision | undefined;
  for (const c of call.commands) {
    const e = checkCommand(policy, c, options);
    if (e.decision === undefined) unmatched.push(c);
    else if (decision === undefined || severityOf(e.decision) > severityOf(decision)) decision = e.decision;
    append(matched, e.matchedRules);
  }
  return { call, matched, ...(decision ? { decision } : {}), unmatched, ...codexAgreement(call.recorded, decision, unmatched) };
}

/**
 * Whether the rules' decision (and the commands no rule matched) agree with what the log recorded;
 * `follow` calls it again when a call's output arrives, without deciding the call again.
 */
export function codexAgreement(recorded: RecordedExec, decision: CodexDecision | undefined, unmatched: readonly string[][]): { agreement: Agreement; why?: string } {
  if (recorded === 'unknown') return { agreement: 'unrecorded' };
  if (recorded === 'ran' && decision === 'forbidden') return { agreement: 'differs', why: 'the rules forbid it, but the log says it ran' };
  if (recorded === 'declined' && decision === 'allow' && unmatched.length === 0) return { agreement: 'differs', why: 'the rules allow it without asking, but the log says the user declined it' };
  if (recorded === 'forbidden' && decision !== 'forbidden' && unmatched.length === 0)
    return { agreement: 'differs', why: `the log says the policy forbade it, but these rules ${decision === undefined ? 'do not match it' : `decide ${decision}`}` };
  return { agreement: 'agrees' };
}

/** Replays every call of the sessions under the rules, with per-rule counts. */
export function replayCodexSessions(policy: CodexPolicy, sessions: readonly CodexSession[], options: CheckOptions = {}): CodexReplay {
  const matchedCounts = policy.rules.map(() => 0);
  const decidedCounts = policy.rules.map(() => 0);
  const calls: CodexCallReplay[] = [];
  let differs = 0;
  for (const s of sessions)
    for (const call of s.calls) {
      const r = replayCodexCall(policy, call, options);
      calls.push(r);
      if (r.agreement === 'differs') differs++;
      const seen = new Set<number>();
      for (const m of r.matched) {
        if (seen.has(m.rule.index)) continue;
        seen.add(m.rule.index);
        matchedCounts[m.rule.index] = (matchedCounts[m.rule.index] ?? 0) + 1;
        if (m.decision === r.decision) decidedCounts[m.rule.index] = (decidedCounts[m.rule.index] ?? 0) + 1;
      }
    }
  return { calls, matchedCounts, decidedCounts, differs };
}
