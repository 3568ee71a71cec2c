/**
 * `follow --studio`: the decisions of a followed session as a Server-Sent Events stream for the
 * served studio. Each event's `id` is `<session>:<offset>`: the byte offset in the session file
 * just past the line whose reading made those decisions, prefixed by how many times the session
 * started over (0 for the first file; a truncation, rotation or newer log counts one more), since a
 * new session's offsets start again at 0. A page that reconnects sends the last id it had
 * (`Last-Event-ID`) and gets exactly the events after it: from the buffer when it still holds
 * them, otherwise by replaying the file from its start (the engine's state needs the whole session).
 *
 * Messages: `ruleset` first on every connection (the rule files and their hash), then `decisions`
 * (`{session, offset, decisions}`), `reset` (a new session started: `{session, why}`) and `note`.
 */
import { closeSync, openSync, readSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ReplayConfig } from '../../core/engine/replay.ts';
import { serializeDecision, type Decision } from '../../core/engine/decisions.ts';
import { ruleSetHash } from '../../core/ruleSetHash.ts';
import { append } from '../../core/model/append.ts';
import { createFollower, type Follower } from './follower.ts';
import { liveTest } from './liveTest.ts';

/** The most the server holds of recent events for reconnecting pages (older ones are replayed from the file). */
export const LIVE_BUFFER_BYTES = 8 * 1024 * 1024;
/** A comment line sent this often keeps proxies and the browser from timing an idle stream out. */
const KEEPALIVE_MS = 15_000;
/** How long a disconnected page waits before reconnecting (the SSE `retry` field). */
export const LIVE_RETRY_MS = 1000;

export interface LiveRuleFile {
  name: string;
  text: string;
}

interface Buffered {
  offset: number;
  /** The whole SSE message. */
  text: string;
}

export interface LiveChannel extends Follower {
  /** New bytes of the session file; `end` is the file offset just past them. */
  bytes(chunk: Uint8Array, end?: number): void;
  /**
   * Serves `route` (GET): `''` the stream (the rule set, then what the page has not had, then
   * live); `/test?session=S&seq=N` decision N of session S as a minimised rule-set test (JSON).
   */
  handle(req: IncomingMessage, res: ServerResponse, route?: string): void;
  /** Ends every open stream. */
  close(): void;
  /** The current session's number (see the module comment). */
  readonly session: number;
}

export interface LiveChannelOptions {
  /** The session file (a path: older events are replayed from it). */
  source: string;
  config: ReplayConfig;
  ruleFiles: readonly LiveRuleFile[];
  /** Decisions as they are made (the terminal's output), besides the stream. */
  onDecisions?(decisions: readonly Decision[]): void;
  onNote?(text: string): void;
  bufferBytes?: number;
}

const message = (event: string, data: string, id?: string): string => `${id !== undefined ? `id: ${id}\n` : ''}event: ${event}\ndata: ${data}\n\n`;

/** Parses a `Last-Event-ID` (`<session>:<offset>`); undefined when absent or not one of ours. */
export function parseEventId(raw: string | undefined): { session: number; offset: number } | undefined {
  const m = /^(\d{1,9}):(\d{1,15})$/.exec(raw?.trim() ?? '');
  return m ? { session: Number(m[1]), offset: Number(m[2]) } : undefined;
}

/**
 * Feeds complete lines of a session to `follower` and reports, per line, the decisions it made with
 * the offset just past that line. Partial lines wait for their end.
 */
function lineSplitter(emit: (offset: number, decisions: Decision[]) => void, makeFollower: (sink: (ds: readonly Decision[]) => void) => Follower) {
  let pending: Uint8Array[] = [];
  const got: Decision[] = [];
  const follower = makeFollower((ds) => append(got, ds));
  return {
    follower,
    push(chunk: Uint8Array, end: number) {
      const start = end - chunk.length;
      let from = 0;
      for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) {
        const piece = chunk.subarray(from, i + 1);
        follower.bytes(pending.length > 0 ? Buffer.concat([...pending, piece]) : piece);
        pending = [];
        from = i + 1;
        if (got.length > 0) emit(start + i + 1, got.splice(0));
      }
      if (from < chunk.length) pending.push(chunk.slice(from));
    },
    reset() {
      pending = [];
      got.length = 0;
    },
  };
}

/**
 * Answers `req` with an event stream starting with `first` (what the page has not had), kept open
 * among `clients` (each broadcast goes to them) and kept alive until the page goes.
 */
export function openStream(req: IncomingMessage, res: ServerResponse, clients: Set<ServerResponse>, first: string): void {
  res.writeHead(200, { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-store', Connection: 'keep-alive', 'X-Accel-Buffering': 'no' });
  res.write(first);
  clients.add(res);
  const keepalive = setInterval(() => res.write(': keep-alive\n\n'), KEEPALIVE_MS);
  const gone = () => {
    clearInterval(keepalive);
    clients.delete(res);
  };
  req.on('close', gone);
  res.on('error', gone);
}

/** The channel of one followed session. */
export function createLiveChannel(options: LiveChannelOptions): LiveChannel {
  const budget = options.bufferBytes ?? LIVE_BUFFER_BYTES;
  let source = options.source;
  let session = 0;
  /** Where the current session's reading began in its file (not 0 with `--from-end`). */
  let base: number | undefined;
  /** The offset read up to (every line before it decided). */
  let end = 0;
  let buffer: Buffered[] = [];
  let buffered = 0;
  /** Events at or before this offset of the current session are no longer in the buffer. */
  let dropped = -1;
  const clients = new Set<ServerResponse>();
  const ruleset = message('ruleset', JSON.stringify({ hash: ruleSetHash(options.ruleFiles), files: options.ruleFiles }));

  const decisionsMessage = (s: number, offset: number, ds: readonly Decision[]) =>
    message('decisions', `{"session":${s},"offset":${offset},"decisions":[${ds.map(serializeDecision).join(',')}]}`, `${s}:${offset}`);
  const broadcast = (text: string) => {
    for (const c of clients) c.write(text);
  };

  const splitter = lineSplitter(
    (offset, ds) => {
      options.onDecisions?.(ds);
      const text = decisionsMessage(session, offset, ds);
      buffer.push({ offset, text });
      buffered += text.length;
      while (buffered > budget && buffer.length > 1) {
        const old = buffer.shift() as Buffered;
        buffered -= old.text.length;
        dropped = old.offset;
      }
      broadcast(text);
    },
    (sink) =>
      createFollower(source, options.config, {
        decisions: sink,
        note: (text) => {
          options.onNote?.(text);
          broadcast(message('note', JSON.stringify({ text })));
        },
      }),
  );

  /** The current session's events after `after`, replayed from the file (the buffer lost them). */
  const replayFromFile = (after: number): string[] => {
    const out: string[] = [];
    const replay = lineSplitter(
      (offset, ds) => {
        if (offset > after) out.push(decisionsMessage(session, offset, ds));
      },
      (sink) => createFollower(source, options.config, { decisions: sink, note: () => undefined }),
    );
    const from = base ?? 0;
    let fd: number | undefined;
    try {
      fd = openSync(source, 'r');
      const chunk = Buffer.alloc(1 << 20);
      for (let at = from; at < end; ) {
        const n = readSync(fd, chunk, 0, Math.min(chunk.length, end - at), at);
        if (n <= 0) break;
        at += n;
        replay.push(chunk.subarray(0, n), at);
      }
    } catch (e) {
      out.push(message('note', JSON.stringify({ text: `the session so far could not be read again (${(e as NodeJS.ErrnoException).code ?? String(e)}); only what follows is shown` })));
    } finally {
      if (fd !== undefined) closeSync(fd);
    }
    return out;
  };

  /** The current session's text so far (what has been decided). */
  const sessionText = (): string => {
    const from = base ?? 0;
    const fd = openSync(source, 'r');
    try {
      const bytes = Buffer.alloc(end - from);
      let at = 0;
      while (at < bytes.length) {
        const n = readSync(fd, bytes, at, bytes.length - at, from + at);
        if (n <= 0) break;
        at += n;
      }
      return bytes.subarray(0, at).toString('utf8');
    } finally {
      closeSync(fd);
    }
  };

  const saveAsTest = (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const reply = (status: number, body: unknown) => res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' }).end(JSON.stringify(body));
    const seq = Number(url.searchParams.get('seq'));
    if (Number(url.searchParams.get('session')) !== session) return reply(409, { ok: false, message: 'the followed session started over since; pick a decision of the new one' });
    if (!Number.isInteger(seq) || seq < 0) return reply(400, { ok: false, message: 'no decision chosen' });
    let text: string;
    try {
      text = sessionText();
    } catch (e) {
      return reply(500, { ok: false, message: `the session log could not be read (${(e as NodeJS.ErrnoException).code ?? String(e)})` });
    }
    const test = liveTest(source, text, options.config, options.ruleFiles.map((f) => f.name), seq);
    return reply(test.ok ? 200 : 422, test);
  };

  return {
    bytes(chunk, at) {
      const stop = at ?? end + chunk.length;
      base ??= stop - chunk.length;
      end = stop;
      splitter.push(chunk, stop);
    },
    restart(why, next) {
      if (next !== undefined) source = next;
      session += 1;
      base = undefined;
      end = 0;
      buffer = [];
      buffered = 0;
      dropped = -1;
      splitter.reset();
      splitter.follower.restart(why, next);
      broadcast(message('reset', JSON.stringify({ session, why }), `${session}:0`));
    },
    get decided() {
      return splitter.follower.decided;
    },
    get session() {
      return session;
    },
    handle(req, res, route = '') {
      if (route === '/test') return saveAsTest(req, res);
      if (route !== '') {
        res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('No such request.');
        return;
      }
      const last = parseEventId(req.headers['last-event-id'] as string | undefined);
      let text = `retry: ${LIVE_RETRY_MS}\n\n${ruleset}`;
      // A page of an earlier session (or a new page) gets the current session from its start.
      const after = last && last.session === session ? last.offset : -1;
      if (last && last.session !== session) text += message('reset', JSON.stringify({ session, why: 'the session started over while the page was away' }), `${session}:0`);
      if (after < dropped) text += replayFromFile(after).join('');
      else for (const e of buffer) if (e.offset > after) text += e.text;
      openStream(req, res, clients, text);
    },
    close() {
      for (const c of clients) c.end();
      clients.clear();
    },
  };
}
