/**
 * `follow --studio` for Codex rollouts and Gemini CLI session logs: the session's complete lines,
 * as they are written, streamed raw to the served studio (Server-Sent Events). The page keeps the
 * growing session as one of the project's traces and its Policy view decides it, so the studio
 * and the terminal decide with the same core, and the page needs no engine state from here.
 *
 * Each `lines` event's `id` is `<session>:<offset>` (see `liveStream.ts`): the byte offset just
 * past its last line, prefixed by how many times the session started over. A page that reconnects
 * sends the last id it had (`Last-Event-ID`) and gets the lines after that offset, read again
 * from the file (raw lines need no replay, so no buffer is held).
 *
 * Messages: `ruleset` first on every connection (the rule files, their hash and the session's
 * name), then `lines` (`{session, offset, name, text}`), `reset` (`{session, why, name}`).
 */
import { closeSync, openSync, readSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { basename } from 'node:path';
import { ruleSetHash } from '../../core/ruleSetHash.ts';
import type { Follower } from './follower.ts';
import { LIVE_RETRY_MS, openStream, parseEventId, type LiveChannel, type LiveRuleFile } from './liveStream.ts';

/** The most a resuming page is sent in one `lines` event (a long session goes in several). */
const RESUME_CHUNK_BYTES = 1 << 20;

export interface LinesChannelOptions {
  /** The session file (a path: a resuming page's lines are read again from it). */
  source: string;
  ruleFiles: readonly LiveRuleFile[];
  /** The terminal's follower (it decides and prints); every byte goes to it as well. */
  inner: Follower;
}

const message = (event: string, data: unknown, id?: string): string => `${id !== undefined ? `id: ${id}\n` : ''}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/** The channel of one followed session's lines. */
export function createLinesChannel(options: LinesChannelOptions): LiveChannel {
  let source = options.source;
  let session = 0;
  /** Where the current session's reading began in its file (not 0 with `--from-end`). */
  let base: number | undefined;
  /** The offset just past the last complete line. */
  let end = 0;
  /** Bytes of a line not ended yet. */
  let pending: Uint8Array[] = [];
  const clients = new Set<ServerResponse>();
  const name = () => basename(source);
  const hash = ruleSetHash(options.ruleFiles);
  const broadcast = (text: string) => {
    for (const c of clients) c.write(text);
  };
  const linesMessage = (offset: number, text: string) => message('lines', { session, offset, name: name(), text }, `${session}:${offset}`);

  /** The current session's lines after offset `after`, read again from the file. */
  const resume = (after: number): string => {
    const from = Math.max(after, base ?? 0);
    if (from >= end) return '';
    let out = '';
    let fd: number | undefined;
    try {
      fd = openSync(source, 'r');
      const chunk = Buffer.alloc(Math.min(RESUME_CHUNK_BYTES, end - from));
      let carry = Buffer.alloc(0);
      for (let at = from; at < end; ) {
        const n = readSync(fd, chunk, 0, Math.min(chunk.length, end - at), at);
        if (n <= 0) break;
        at += n;
        const bytes = Buffer.concat([carry, chunk.subarray(0, n)]);
        // whole lines only in each event, so each id is a line's end
        const cut = at === end ? bytes.length : bytes.lastIndexOf(10) + 1;
        carry = Buffer.from(bytes.subarray(cut));
        if (cut > 0) out += linesMessage(at - carry.length, bytes.subarray(0, cut).toString('utf8'));
      }
    } catch (e) {
      out += message('note', { text: `the session so far could not be read again (${(e as NodeJS.ErrnoException).code ?? String(e)}); only what follows is shown` });
    } finally {
      if (fd !== undefined) closeSync(fd);
    }
    return out;
  };

  return {
    bytes(chunk, at) {
      options.inner.bytes(chunk, at);
      const stop = at ?? end + pending.reduce((n, p) => n + p.length, 0) + chunk.length;
      base ??= stop - chunk.length;
      const last = chunk.lastIndexOf(10);
      if (last === -1) {
        pending.push(chunk.slice());
        return;
      }
      const lines = Buffer.concat([...pending, chunk.subarray(0, last + 1)]);
      pending = last + 1 < chunk.length ? [chunk.slice(last + 1)] : [];
      end = stop - (chunk.length - last - 1);
      broadcast(linesMessage(end, lines.toString('utf8')));
    },
    restart(why, next) {
      if (next !== undefined) source = next;
      options.inner.restart(why, next);
      session += 1;
      base = undefined;
      end = 0;
      pending = [];
      broadcast(message('reset', { session, why, name: name() }, `${session}:0`));
    },
    get decided() {
      return options.inner.decided;
    },
    get session() {
      return session;
    },
    handle(req, res, route = '') {
      if (route !== '') {
        res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('No such request.');
        return;
      }
      const last = parseEventId(req.headers['last-event-id'] as string | undefined);
      let text = `retry: ${LIVE_RETRY_MS}\n\n${message('ruleset', { hash, files: options.ruleFiles, lines: true, name: name() })}`;
      // A page of an earlier session (or a new page) gets the current session from its start.
      if (last && last.session !== session) text += message('reset', { session, why: 'the session started over while the page was away', name: name() }, `${session}:0`);
      text += resume(last && last.session === session ? last.offset : -1);
      openStream(req, res, clients, text);
    },
    close() {
      for (const c of clients) c.end();
      clients.clear();
    },
  };
}
