/**
 * The replay side of `follow` for Codex rollout logs and Gemini CLI session logs: bytes of a
 * growing log in; each exec call / tool call decided once, as its line is written, by the same
 * code `simulate` decides it with; and when a later line records what happened (the call's
 * output, its new status), whether the policy agrees. Each line is read once by the log's line
 * reader (`createRolloutReader`, `createGeminiSessionReader`), which keeps the session's state; a
 * partial last line waits for its newline. The log kind is checked on its first line.
 */
import { codexAgreement, createRolloutReader, isCodexRollout, replayCodexCall, type CheckOptions, type CodexCallReplay, type CodexPolicy } from '../../core/permissions/codex/index.ts';
import { createGeminiSessionReader, geminiAgreement, isGeminiSession, replayGeminiCall, type GeminiCallReplay, type GeminiRule, type GeminiSessionCall } from '../../core/permissions/gemini/index.ts';
import { closeSync, openSync, readSync } from 'node:fs';
import type { Diagnostic } from '../../core/diagnostics/types.ts';
import { codexCallJson, codexRuleAt, geminiCallJson, geminiRuleAt } from '../commands/permissionRecords.ts';
import { termSafe } from '../escape.ts';
import { formatDiagnostic } from '../format.ts';
import type { Follower } from './follower.ts';

/** The policy a permission log is decided by. */
export type PermissionPolicy = { kind: 'codex'; policy: CodexPolicy; options?: CheckOptions } | { kind: 'gemini'; rules: readonly GeminiRule[] };

/** One line of `follow`'s output: a call decided, or what the log later recorded of it. */
export interface PermissionRecord {
  event: 'decided' | 'recorded';
  /** The `--format jsonl` line: `simulate`'s object for the call, with `event` and `decidedBy`. */
  json: Record<string, unknown>;
  /** The readable line (terminal-safe). */
  text: string;
}

export interface PermissionSink {
  records(records: readonly PermissionRecord[]): void;
  note(text: string): void;
}

/** Characters held before the kind is decided when the first line has not ended yet. */
const SNIFF_CHARS = 1 << 20;
/** A longer line is skipped, and said (the readers' whole-file budget is far larger, but a line is held whole). */
export const FOLLOW_LINE_CHARS = 64 * 1024 * 1024;

const time = (iso: string | undefined) => (iso ?? '').slice(11, 23) || '—';
/** A word as a POSIX shell reads it back (quoted when it holds more than plain characters). */
const shellWord = (w: string) => (/^[\w@%+=:,./-]+$/.test(w) ? w : `'${w.replace(/'/g, `'\\''`)}'`);
const clip = (text: string, n = 120) => (text.length > n ? `${text.slice(0, n - 1)}…` : text);
/** The log's record and the agreement, as the end of a readable line. */
const logPart = (recorded: string, agreement: string, why: string | undefined) => `log: ${recorded}, ${agreement}${why ? ` (${why})` : ''}`;

/** A reader of one kind of log: each complete line in, records out. */
interface LineHandler {
  line(raw: string, line: number): PermissionRecord[];
  /** Diagnostics so far (the follower reports the new ones after each line). */
  readonly diagnostics: readonly Diagnostic[];
}

function codexHandler(source: string, p: Extract<PermissionPolicy, { kind: 'codex' }>): LineHandler {
  const reader = createRolloutReader(source);
  const decided = new WeakMap<object, CodexCallReplay>();
  const record = (event: PermissionRecord['event'], r: CodexCallReplay): PermissionRecord => {
    const c = r.call;
    const at = codexRuleAt(r);
    const what = `${c.tool}: ${clip(c.argv.map(shellWord).join(' '))}`;
    const text =
      event === 'decided'
        ? `${time(c.timestamp)}  ${(r.decision ?? 'no rule').padEnd(13)} ${what}  ${at ? `by ${at}` : 'no rule matches (the approval policy decides)'}${c.recorded === 'unknown' ? '' : `  ${logPart(c.recorded, r.agreement, r.why)}`}`
        : `${time(c.timestamp)}  ${'recorded'.padEnd(13)} ${what} (line ${c.line}): ${logPart(c.recorded, r.agreement, r.why)}`;
    return { event, json: { event, ...codexCallJson(source, r), decidedBy: at ?? null }, text: termSafe(text) };
  };
  return {
    get diagnostics() {
      return reader.session.diagnostics;
    },
    line(raw, line) {
      const u = reader.line(raw, line);
      if (u === undefined) return [];
      if (u.kind === 'call') {
        const r = replayCodexCall(p.policy, u.call, p.options);
        decided.set(u.call, r);
        return [record('decided', r)];
      }
      const before = decided.get(u.call);
      if (before === undefined) return [];
      const r: CodexCallReplay = { ...before, ...codexAgreement(u.call.recorded, before.decision, before.unmatched) };
      if (r.why === undefined) delete r.why;
      decided.set(u.call, r);
      return [record('recorded', r)];
    },
  };
}

/** A Gemini call's arguments, short: the command of a shell call, else the arguments as JSON. */
const geminiWhat = (c: GeminiSessionCall) => `${c.name}: ${clip(typeof c.args.command === 'string' ? c.args.command : JSON.stringify(c.args))}`;

function geminiHandler(source: string, p: Extract<PermissionPolicy, { kind: 'gemini' }>): LineHandler {
  const reader = createGeminiSessionReader(source);
  const decided = new Map<string, GeminiCallReplay>();
  const record = (event: PermissionRecord['event'], c: GeminiSessionCall, r: GeminiCallReplay): PermissionRecord => {
    const at = geminiRuleAt(r.evaluation);
    const text =
      event === 'decided'
        ? `${time(c.timestamp)}  ${r.evaluation.decision.padEnd(13)} ${geminiWhat(c)}  ${at ? `by ${at}` : 'no rule matches (the default decides)'}${c.recorded === 'pending' ? '' : `  ${logPart(c.recorded, r.agreement, r.why)}`}`
        : `${time(c.timestamp)}  ${'recorded'.padEnd(13)} ${geminiWhat(c)} (line ${c.line}): ${logPart(c.recorded, r.agreement, r.why)}`;
    return { event, json: { event, ...geminiCallJson(source, c, r), decidedBy: at ?? null }, text: termSafe(text) };
  };
  return {
    get diagnostics() {
      return reader.trace.diagnostics;
    },
    line(raw, line) {
      const out: PermissionRecord[] = [];
      for (const u of reader.line(raw, line)) {
        const before = decided.get(u.key);
        if (u.kind === 'call' || before === undefined) {
          const r = replayGeminiCall(p.rules, u.call);
          decided.set(u.key, r);
          out.push(record('decided', u.call, r));
        } else {
          const r: GeminiCallReplay = { evaluation: before.evaluation, ...geminiAgreement(before.evaluation.decision, u.call) };
          out.push(record('recorded', u.call, r));
        }
      }
      return out;
    },
  };
}

/** Why the log cannot be followed with this policy, or undefined when it can; `head` is its first line (or its first characters). */
export function permissionLogProblem(source: string, kind: PermissionPolicy['kind'], head: string): string | undefined {
  if (kind === 'codex')
    return isCodexRollout(head) ? undefined : `${source} is not a Codex rollout log (its first line is no \`session_meta\` or rollout line): with .rules files, follow reads Codex session logs (~/.codex/sessions/…/rollout-*.jsonl)`;
  let first: unknown;
  try {
    first = JSON.parse(head.trim());
  } catch {
    if (head.trimStart().startsWith('{'))
      return `${source} is not JSONL but one JSON document (an older Gemini CLI session-*.json, which Gemini rewrites whole at each change), so it cannot be followed line by line: replay it with \`rule-studio simulate <policies> --trace ${source}\``;
  }
  return first !== undefined && isGeminiSession(head)
    ? undefined
    : `${source} is not a Gemini CLI session log (its first line holds no \`sessionId\` and \`projectHash\`): with Gemini policies, follow reads Gemini CLI session logs (~/.gemini/tmp/…/chats/session-*.jsonl)`;
}

/** Starts following `source` (a file name, for messages and the JSON lines), deciding by `policy`. */
export function createPermissionFollower(initialSource: string, policy: PermissionPolicy, sink: PermissionSink): Follower {
  let source = initialSource;
  let decoder = new TextDecoder();
  let pending = '';
  let lineNo = 0;
  let handler: LineHandler | undefined;
  let refused = false;
  /** Skipping the rest of a line over {@link FOLLOW_LINE_CHARS}. */
  let skipping = false;
  let reported = 0;
  let decided = 0;

  const start = (head: string): boolean => {
    const problem = permissionLogProblem(source, policy.kind, head);
    if (problem !== undefined) {
      refused = true;
      sink.note(problem);
      return false;
    }
    handler = policy.kind === 'codex' ? codexHandler(source, policy) : geminiHandler(source, policy);
    return true;
  };

  /** Reading the part of the log `--from-end` skips: the readers learn the session so far, nothing is printed. */
  let quiet = false;
  /** Bytes of the current session seen. */
  let began = false;

  const line = (raw: string) => {
    lineNo++;
    if (!handler && (raw.trim() === '' || !start(raw))) return;
    const h = handler as LineHandler;
    const records = h.line(raw, lineNo);
    if (quiet) {
      reported = h.diagnostics.length;
      return;
    }
    for (; reported < h.diagnostics.length; reported++) sink.note(formatDiagnostic(h.diagnostics[reported] as Diagnostic));
    if (records.length === 0) return;
    decided += records.filter((r) => r.event === 'decided').length;
    sink.records(records);
  };

  /** Complete lines of `text` read; the partial last one waits for its newline. */
  const feed = (text: string) => {
    let from = 0;
    for (let nl = text.indexOf('\n'); nl !== -1; nl = text.indexOf('\n', from)) {
      const piece = text.slice(from, nl);
      from = nl + 1;
      if (skipping) {
        skipping = false;
        continue;
      }
      const whole = pending === '' ? piece : pending + piece;
      pending = '';
      line(whole);
      if (refused) return;
    }
    if (skipping) return;
    pending += text.slice(from);
    if (!handler && pending.length >= SNIFF_CHARS && !start(pending)) return;
    if (pending.length > FOLLOW_LINE_CHARS) {
      lineNo++;
      sink.note(`${source}:${lineNo}: a line longer than ${FOLLOW_LINE_CHARS.toLocaleString('en-US')} characters: skipped`);
      pending = '';
      skipping = true;
    }
  };

  /** The first `bytes` bytes of the log, which `--from-end` skipped: read quietly, so that the kind is checked on the first line, lines are numbered, and a call's later outcome finds its call. */
  const catchUp = (bytes: number) => {
    let fd: number | undefined;
    quiet = true;
    try {
      fd = openSync(source, 'r');
      const chunk = Buffer.alloc(Math.min(bytes, 1 << 20));
      for (let at = 0; at < bytes && !refused; ) {
        const n = readSync(fd, chunk, 0, Math.min(chunk.length, bytes - at), at);
        if (n <= 0) break;
        at += n;
        feed(decoder.decode(chunk.subarray(0, n), { stream: true }));
      }
    } catch (e) {
      sink.note(`${source}: the session so far could not be read (${(e as NodeJS.ErrnoException).code ?? String(e)}); its kind is judged by the first line appended`);
    } finally {
      if (fd !== undefined) closeSync(fd);
      quiet = false;
    }
  };

  return {
    bytes(chunk, end) {
      if (refused) return;
      if (!began) {
        began = true;
        const skipped = end === undefined ? 0 : end - chunk.length;
        if (skipped > 0) catchUp(skipped);
        if (refused) return;
      }
      feed(decoder.decode(chunk, { stream: true }));
    },
    restart(why, next) {
      if (next !== undefined) source = next;
      decoder = new TextDecoder();
      pending = '';
      lineNo = 0;
      handler = undefined;
      refused = false;
      skipping = false;
      began = false;
      reported = 0;
      decided = 0;
      sink.note(why);
    },
    get decided() {
      return decided;
    },
  };
}
