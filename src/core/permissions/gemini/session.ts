/**
 * Gemini CLI session logs as traces (issue 24). Gemini CLI records each chat in
 * `~/.gemini/tmp/<project hash>/chats/session-<time>-<id>.jsonl` (google-gemini/gemini-cli,
 * `packages/core/src/services/chatRecordingService.ts` and `chatRecordingTypes.ts`, read at commit
 * 5411f113cafae26161b4969b0237b8e1e024e2c2): the first line is the session's metadata
 * (`{sessionId, projectHash, startTime, …}`), then one `MessageRecord` per line (`{id, timestamp,
 * type, content, toolCalls?}`), written again with the same `id` each time a message changes (a
 * tool call going from `awaiting_approval` to `success`), `{"$set": {…}}` metadata updates (a
 * `messages` list there is a checkpoint that replaces all messages) and `{"$rewindTo": id}`, which
 * drops that message and every later one. Older versions wrote one JSON document
 * (`session-*.json`, a `ConversationRecord` with `messages`); both are read. Messages are taken as
 * Gemini's own loader takes them (`loadConversationRecord`): the last record of an id wins, in the
 * place of its first.
 *
 * Each tool call (`ToolCallRecord {id, name, args, status, result?, …}` of a `gemini` message) is
 * one call of the trace, with what the log recorded: `ran` (status `success`, or `error` not from
 * the policy), `denied` (status `error` whose result says `Tool execution denied by policy`),
 * `cancelled` (the user declined or stopped it), or `pending` (the session ended first); and
 * whether Gemini asked the user (a record of the call with status `awaiting_approval`).
 *
 * Records are checked with zod at this boundary: a line that is not JSON is G020 at its line:col,
 * a record whose shape Gemini would not have written is G021 naming the JSON path, a log over the
 * budget is G022 and is read up to it; the rest of the log is still read.
 */
import { z } from 'zod';
import type { Diagnostic } from '../../diagnostics/types.ts';
import { jsonErrorColumn } from '../codex/rollout.ts';
import { checkToolCall, type GeminiEvaluation } from './engine.ts';
import type { ApprovalMode, GeminiRule } from './policy.ts';

/** What the log records about a call. */
export type GeminiRecorded = 'ran' | 'denied' | 'cancelled' | 'pending';

/** One tool call of a session. */
export interface GeminiSessionCall {
  /** 1-based line of the record that holds the call's last state (1 in a one-document `.json` log). */
  line: number;
  /** Where in the record: `toolCalls[0]` of the message, or `messages[3].toolCalls[0]`. */
  jsonPath: string;
  callId: string;
  name: string;
  args: Record<string, unknown>;
  /** The status as recorded (`success`, `error`, `cancelled`, `awaiting_approval`, …). */
  status: string;
  recorded: GeminiRecorded;
  /** True when a record of the call has status `awaiting_approval`: Gemini asked the user. */
  asked: boolean;
  timestamp?: string;
}

/** One session log read. */
export interface GeminiTrace {
  path: string;
  sessionId?: string;
  projectHash?: string;
  startTime?: string;
  /** `main` or `subagent`. */
  kind?: string;
  calls: GeminiSessionCall[];
  /** G020 (not JSON), G021 (not a session record), G022 (over budget): each at its line:col. */
  diagnostics: Diagnostic[];
}

/** Limits on one log (a log over them is read up to the limit, with G022). */
export interface GeminiTraceBudget {
  chars: number;
  lines: number;
}

/** The default budget: 256 MB of text, two million lines. */
export const DEFAULT_GEMINI_TRACE_BUDGET: GeminiTraceBudget = {
  chars: 256 * 1024 * 1024,
  lines: 2_000_000,
};

const ToolCallRecord = z.looseObject({
  id: z.string(),
  name: z.string().min(1),
  args: z.record(z.string(), z.unknown()),
  status: z.string(),
  timestamp: z.string().optional(),
  result: z.unknown().optional(),
});
const MessageRecord = z.looseObject({
  id: z.string(),
  type: z.string(),
  timestamp: z.string().optional(),
  toolCalls: z.array(ToolCallRecord).optional(),
});
const Metadata = z.looseObject({
  sessionId: z.string(),
  projectHash: z.string(),
  startTime: z.string().optional(),
  kind: z.string().optional(),
  messages: z.array(z.unknown()).optional(),
});

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

function diag(
  code: string,
  message: string,
  file: string,
  line: number,
  column: number,
): Diagnostic {
  return {
    code,
    severity: 'error',
    message,
    file,
    range: { start: { line, column }, end: { line, column } },
    target: { kind: 'file' },
  };
}

const pathText = (base: string, path: readonly PropertyKey[]) =>
  path.reduce<string>(
    (s, k) => (typeof k === 'number' ? `${s}[${k}]` : `${s}${s === '' ? '' : '.'}${String(k)}`),
    base,
  );

export { isGeminiSession } from './sniff.ts';

interface Held {
  line: number;
  base: string;
  value: z.infer<typeof MessageRecord>;
}

/** What one record of a session log adds: a call seen for the first time, or a new outcome of one seen before. */
export interface GeminiUpdate {
  kind: 'call' | 'recorded';
  call: GeminiSessionCall;
  /** The call's identity in the session (its message's id and its own). */
  key: string;
}

/**
 * A Gemini CLI session log read record by record (`follow` feeds it each JSONL line as it is
 * written; the whole-file reader feeds it every line, or every message of a one-document log).
 * Its state is the session so far as Gemini's loader would take it, plus, per call, the outcome
 * last reported, so that each call is reported once when first seen and again only when what the
 * log records about it changes (`awaiting_approval` → `success`).
 */
export interface GeminiSessionReader {
  /** Reads JSONL line `line` (1-based, without its newline). */
  line(raw: string, line: number): GeminiUpdate[];
  /** Reads one message record found at `line`, at JSON path `base` (`messages[3]`, or `''` for a line). */
  message(raw: unknown, line: number, base: string): GeminiUpdate[];
  /** Takes the session's metadata (a one-document log's top level). */
  meta(v: unknown): void;
  /** The metadata and G02x diagnostics so far (its `calls` stay empty: see {@link calls}). */
  readonly trace: GeminiTrace;
  /** The calls as Gemini's loader takes the log now: the last record of each id, in the place of its first. */
  calls(lineOf?: (call: unknown) => number): GeminiSessionCall[];
}

/** Starts reading the session log `path` record by record. */
export function createGeminiSessionReader(path: string): GeminiSessionReader {
  const trace: GeminiTrace = { path, calls: [], diagnostics: [] };
  const messages = new Map<string, Held>();
  const asked = new Set<string>();
  /** Per call (message id, call id): what the log recorded when it was last reported. */
  const reported = new Map<string, GeminiRecorded>();
  const meta = (v: z.infer<typeof Metadata>) => {
    trace.sessionId = v.sessionId;
    trace.projectHash = v.projectHash;
    if (v.startTime !== undefined) trace.startTime = v.startTime;
    if (v.kind !== undefined) trace.kind = v.kind;
  };
  const callOf = (
    held: Held,
    c: z.infer<typeof ToolCallRecord>,
    j: number,
    line: number,
  ): GeminiSessionCall => ({
    line,
    jsonPath: `${held.base === '' ? '' : `${held.base}.`}toolCalls[${j}]`,
    callId: c.id,
    name: c.name,
    args: c.args,
    status: c.status,
    recorded: recordedOf(c.status, c.result),
    asked: asked.has(`${held.value.id}\u0000${c.id}`),
    ...(c.timestamp === undefined ? {} : { timestamp: c.timestamp }),
  });
  const message = (raw: unknown, line: number, base: string): GeminiUpdate[] => {
    const m = MessageRecord.safeParse(raw);
    if (!m.success) {
      const issue = m.error.issues[0];
      trace.diagnostics.push(
        diag(
          'G021',
          `not a Gemini CLI message record: ${pathText(base, issue?.path ?? [])}: ${issue?.message ?? 'invalid'}`,
          path,
          line,
          1,
        ),
      );
      return [];
    }
    for (const c of m.data.toolCalls ?? [])
      if (c.status === 'awaiting_approval') asked.add(`${m.data.id}\u0000${c.id}`);
    // A Map keeps the first insertion's place, as Gemini's loader does; the last record wins.
    const held = { line, base, value: m.data };
    messages.set(m.data.id, held);
    if (m.data.type !== 'gemini') return [];
    const updates: GeminiUpdate[] = [];
    (m.data.toolCalls ?? []).forEach((c, j) => {
      const call = callOf(held, c, j, line);
      const key = `${m.data.id}\u0000${c.id}`;
      const before = reported.get(key);
      if (before === call.recorded) return;
      reported.set(key, call.recorded);
      updates.push({ kind: before === undefined ? 'call' : 'recorded', call, key });
    });
    return updates;
  };
  const metaOf = (v: unknown): z.infer<typeof Metadata> | undefined => {
    const md = Metadata.safeParse(v);
    if (md.success) return md.data;
    const issue = md.error.issues[0];
    trace.diagnostics.push(
      diag(
        'G021',
        `not a Gemini CLI session: ${pathText('', issue?.path ?? [])}: ${issue?.message ?? 'invalid'}`,
        path,
        1,
        1,
      ),
    );
    return undefined;
  };
  return {
    trace,
    message,
    meta(v) {
      const md = metaOf(v);
      if (md) meta(md);
    },
    line(text, line) {
      const raw = text.replace(/\r$/, '');
      if (raw.trim() === '') return [];
      let v: unknown;
      try {
        v = JSON.parse(raw);
      } catch {
        trace.diagnostics.push(
          diag(
            'G020',
            'not JSON: each line of a Gemini CLI session log is one JSON record',
            path,
            line,
            jsonErrorColumn(raw),
          ),
        );
        return [];
      }
      if (!isObj(v)) {
        trace.diagnostics.push(
          diag('G021', 'not a Gemini CLI session record: expected a JSON object', path, line, 1),
        );
        return [];
      }
      if (typeof v.$rewindTo === 'string') {
        const ids = [...messages.keys()];
        const at = ids.indexOf(v.$rewindTo);
        if (at < 0) messages.clear();
        else for (const id of ids.slice(at)) messages.delete(id);
        return [];
      }
      if (typeof v.id === 'string') return message(v, line, '');
      if (isObj(v.$set)) {
        if (!Array.isArray(v.$set.messages)) return [];
        messages.clear();
        return v.$set.messages.flatMap((m, j) => message(m, line, `$set.messages[${j}]`));
      }
      if (typeof v.sessionId === 'string' && typeof v.projectHash === 'string') {
        const md = Metadata.safeParse(v);
        if (!md.success) return [];
        meta(md.data);
        return (md.data.messages ?? []).flatMap((m, j) => message(m, line, `messages[${j}]`));
      }
      trace.diagnostics.push(
        diag(
          'G021',
          'not a Gemini CLI session record: expected a message (`id`), `$set`, `$rewindTo` or the session metadata (`sessionId`, `projectHash`)',
          path,
          line,
          1,
        ),
      );
      return [];
    },
    calls(lineOf) {
      const out: GeminiSessionCall[] = [];
      for (const held of messages.values()) {
        if (held.value.type !== 'gemini') continue;
        (held.value.toolCalls ?? []).forEach((c, j) =>
          out.push(callOf(held, c, j, lineOf ? lineOf(c) : held.line)),
        );
      }
      return out;
    },
  };
}

/** Reads a Gemini CLI session log (JSONL, or one legacy JSON document). Never throws. */
export function readGeminiSession(
  path: string,
  text: string,
  budget: GeminiTraceBudget = DEFAULT_GEMINI_TRACE_BUDGET,
): GeminiTrace {
  const reader = createGeminiSessionReader(path);
  const { trace } = reader;
  if (text.length > budget.chars) {
    trace.diagnostics.push(
      diag(
        'G022',
        `the session log is over the reader's budget (${budget.chars} characters): read up to there`,
        path,
        1,
        1,
      ),
    );
    text = text.slice(0, budget.chars);
  }
  const whole = text.trimStart();
  let oneDocument: unknown;
  if (whole.startsWith('{') && !/\}\s*\n\s*\{/.test(whole.slice(0, 1 << 20))) {
    try {
      oneDocument = JSON.parse(text);
    } catch {
      oneDocument = undefined;
    }
  }
  if (isObj(oneDocument) && Array.isArray(oneDocument.messages)) {
    const before = trace.diagnostics.length;
    reader.meta(oneDocument);
    if (trace.diagnostics.length > before) return trace;
    oneDocument.messages.forEach((m, i) => reader.message(m, lineOfId(text, m), `messages[${i}]`));
    trace.calls = reader.calls((c) => lineOfId(text, c));
    return trace;
  }
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = i + 1;
    if (line > budget.lines) {
      trace.diagnostics.push(
        diag(
          'G022',
          `the session log is over the reader's budget (${budget.lines} lines): read up to there`,
          path,
          line,
          1,
        ),
      );
      break;
    }
    reader.line(lines[i] as string, line);
  }
  trace.calls = reader.calls();
  return trace;
}

/** The 1-based line where a one-document log holds a message (its `"id"`), or 1. */
function lineOfId(text: string, m: unknown): number {
  if (!isObj(m) || typeof m.id !== 'string') return 1;
  const at =
    text.indexOf(`"id": ${JSON.stringify(m.id)}`) >= 0
      ? text.indexOf(`"id": ${JSON.stringify(m.id)}`)
      : text.indexOf(`"id":${JSON.stringify(m.id)}`);
  if (at < 0) return 1;
  let line = 1;
  for (let i = 0; i < at; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

/** What a recorded status (and result) says happened. */
function recordedOf(status: string, result: unknown): GeminiRecorded {
  if (status === 'success') return 'ran';
  if (status === 'cancelled') return 'cancelled';
  if (status === 'error') {
    let said: string;
    try {
      said = JSON.stringify(result ?? '');
    } catch {
      said = '';
    }
    return said.includes('denied by policy') ? 'denied' : 'ran';
  }
  return 'pending';
}

/** Whether a decision agrees with what the log recorded: `unknown` when the log cannot tell. */
export type GeminiAgreement = 'agrees' | 'differs' | 'unknown';

/** A recorded call decided again by the policies. */
export interface GeminiCallReplay {
  evaluation: GeminiEvaluation;
  agreement: GeminiAgreement;
  /** Why it differs, when it does. */
  why?: string;
}

/**
 * Decides a recorded call under the policies and compares with the log: a call that ran while the
 * policies deny it differs, as does one the policy denied that they allow, or one Gemini asked for
 * that they allow outright. A call that ran after a question cannot tell allow from an approved
 * ask_user unless the log shows the question.
 */
export function replayGeminiCall(
  rules: readonly GeminiRule[],
  call: GeminiSessionCall,
  mode: ApprovalMode = 'default',
): GeminiCallReplay {
  const evaluation = checkToolCall(rules, { name: call.name, args: call.args }, { mode });
  return { evaluation, ...geminiAgreement(evaluation.decision, call) };
}

/**
 * Whether a decision agrees with what the log recorded of the call (see {@link replayGeminiCall});
 * `follow` calls it again when a call's outcome is written, without deciding the call again.
 */
export function geminiAgreement(
  d: GeminiEvaluation['decision'],
  call: Pick<GeminiSessionCall, 'recorded' | 'asked'>,
): { agreement: GeminiAgreement; why?: string } {
  const r = call.recorded;
  if (r === 'pending') return { agreement: 'unknown' };
  if (d === 'deny') {
    if (r === 'denied') return { agreement: 'agrees' };
    if (r === 'ran')
      return { agreement: 'differs', why: 'the log says it ran; these policies deny it' };
    return { agreement: 'unknown' };
  }
  if (r === 'denied')
    return {
      agreement: 'differs',
      why: `the policy in the session denied it; these policies ${d === 'allow' ? 'allow it' : 'ask'}`,
    };
  if (d === 'allow' && call.asked)
    return {
      agreement: 'differs',
      why: 'Gemini asked the user in the session; these policies allow it without asking',
    };
  if (d === 'ask_user' && r === 'ran' && !call.asked) return { agreement: 'unknown' };
  if (d === 'allow' && r === 'cancelled') return { agreement: 'unknown' };
  return { agreement: 'agrees' };
}
