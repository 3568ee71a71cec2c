/**
 * `follow --studio` on a Codex rollout (issue 25): the session's complete lines streamed raw with
 * `<session>:<offset>` ids, the rule set with its hash first; a reconnect at any id resumes with no
 * line lost and none twice; a truncation starts a new session; the terminal's follower still decides
 * every call. The page's side: the lines kept as one trace (a repeat dropped, writes coalesced),
 * which the Codex policy report decides as it decides the whole log.
 */
import { appendFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createLinesChannel } from '../../src/cli/follow/linesStream.ts';
import { createPermissionFollower, type PermissionRecord } from '../../src/cli/follow/permissionFollower.ts';
import { createTail, type Tail } from '../../src/cli/follow/tail.ts';
import { startStudioServer, type StudioServer } from '../../src/cli/serve/studioServer.ts';
import { codexPolicyReport } from '../../src/core/permissions/codex/policyReport.ts';
import { loadCodexRules } from '../../src/core/permissions/codex/index.ts';
import { ruleSetHash } from '../../src/core/ruleSetHash.ts';
import { feedHarness } from '../app/liveFeedHarness.ts';
import { stream, type Message } from './sseClient.ts';

const RULES = 'examples/codex-default.rules';
const RULE_TEXT = readFileSync(RULES, 'utf8');
const LOG = readFileSync('examples/traces/codex-session.jsonl', 'utf8');
const LINES = LOG.split(/(?<=\n)/);

let server: StudioServer | undefined;
let tail: Tail | undefined;
afterEach(async () => {
  tail?.stop();
  tail = undefined;
  await server?.close();
  server = undefined;
});

async function setup() {
  const dir = mkdtempSync(join(tmpdir(), 'rs-lines-'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
  const path = join(dir, 'rollout.jsonl');
  writeFileSync(path, '');
  const records: PermissionRecord[] = [];
  const inner = createPermissionFollower(path, { kind: 'codex', policy: loadCodexRules([{ path: RULES, text: RULE_TEXT }]).policy }, { records: (rs) => records.push(...rs), note: () => undefined });
  const channel = createLinesChannel({ source: path, ruleFiles: [{ name: 'codex-default.rules', text: RULE_TEXT }], inner });
  tail = createTail(path, { bytes: (chunk) => channel.bytes(chunk, tail?.offset), reset: (why) => channel.restart(`session ${why}`) });
  server = await startStudioServer({ appDir: dir, files: [], writeBack: false, live: channel, token: 'secret' });
  const poll = () => {
    while (tail?.poll());
  };
  return { path, channel, inner, records, poll, port: server.port };
}

interface Lines {
  session: number;
  offset: number;
  name: string;
  text: string;
}
const linesOf = (ms: Message[]): Lines[] => ms.filter((m) => m.event === 'lines').map((m) => JSON.parse(m.data) as Lines);
const textOf = (ms: Message[]) => linesOf(ms).map((l) => l.text).join('');
const hasText = (n: number) => (ms: Message[]) => textOf(ms).length >= n;

describe('follow --studio on a Codex rollout: the lines stream', () => {
  it('sends the rule set with its hash first, then complete lines with their end offset as the id; a partial line waits', async () => {
    const { path, poll, port, inner } = await setup();
    appendFileSync(path, LINES.slice(0, 5).join(''));
    poll();
    appendFileSync(path, (LINES[5] as string).slice(0, 20)); // half a line
    poll();
    const upTo5 = LINES.slice(0, 5).join('');
    const { messages } = await stream(port, hasText(upTo5.length));
    expect(messages[0]?.event).toBe('ruleset');
    const ruleset = JSON.parse(messages[0]?.data ?? '') as { hash: string; lines: boolean; name: string };
    expect(ruleset).toMatchObject({ hash: ruleSetHash([{ name: 'codex-default.rules', text: RULE_TEXT }]), lines: true, name: 'rollout.jsonl' });
    expect(textOf(messages)).toBe(upTo5);
    const last = messages.filter((m) => m.event === 'lines').at(-1);
    expect(last?.id).toBe(`0:${Buffer.byteLength(upTo5)}`);

    appendFileSync(path, LINES.slice(5).join('').slice(20));
    poll();
    const whole = await stream(port, hasText(LOG.length));
    expect(textOf(whole.messages)).toBe(LOG);
    // every id is a line's end, in order
    const ends = new Set(LINES.map((_, i) => Buffer.byteLength(LINES.slice(0, i + 1).join(''))));
    for (const l of linesOf(whole.messages)) expect(ends.has(l.offset)).toBe(true);
    // the terminal's follower decided every call meanwhile
    expect(inner.decided).toBe(8);
  });

  it('resumes at any Last-Event-ID with no line lost and none twice', async () => {
    const { path, poll, port } = await setup();
    let written = false;
    // a connected page: the lines appended one by one reach it one event each, ids the line ends
    const live = await stream(port, (ms) => {
      if (!written && ms.some((m) => m.event === 'ruleset')) {
        written = true;
        for (const l of LINES) {
          appendFileSync(path, l);
          poll();
        }
      }
      return textOf(ms).length >= LOG.length;
    });
    const ids = LINES.map((_, i) => `0:${Buffer.byteLength(LINES.slice(0, i + 1).join(''))}`);
    expect(live.messages.filter((m) => m.event === 'lines').map((m) => m.id)).toEqual(ids);
    expect(textOf(live.messages)).toBe(LOG);
    for (const [i, id] of ids.entries()) {
      const resumed = await stream(port, (ms) => ms.length > 0 && (i === ids.length - 1 || textOf(ms).length > 0), { 'Last-Event-ID': id });
      expect(LINES.slice(0, i + 1).join('') + textOf(resumed.messages)).toBe(LOG);
    }
  });

  it('a truncated session is a new session: a page of the old one gets a reset and the new lines whole', async () => {
    const { path, poll, port } = await setup();
    appendFileSync(path, LOG);
    poll();
    const before = await stream(port, hasText(LOG.length));
    const lastId = before.messages.filter((m) => m.event === 'lines').at(-1)?.id as string;
    writeFileSync(path, LINES.slice(0, 3).join(''));
    poll();
    const after = await stream(port, hasText(LINES.slice(0, 3).join('').length), { 'Last-Event-ID': lastId });
    expect(after.messages.map((m) => m.event).slice(0, 2)).toEqual(['ruleset', 'reset']);
    expect(JSON.parse(after.messages[1]?.data ?? '')).toMatchObject({ session: 1, name: 'rollout.jsonl' });
    expect(textOf(after.messages)).toBe(LINES.slice(0, 3).join(''));
    expect(linesOf(after.messages).every((l) => l.session === 1)).toBe(true);
  });
});

describe('the page’s side: the followed session as a trace', () => {
  it('keeps the lines as one trace, drops a repeated line, starts over on a new session, and decides as the whole log', () => {
    const { store, timers, feed, fire } = feedHarness();
    let at = 0;
    for (const l of LINES) {
      at += Buffer.byteLength(l);
      feed.lines(0, at, 'rollout.jsonl', l);
    }
    // writes are coalesced: one pending write for the whole burst
    expect(timers.length).toBe(1);
    fire();
    feed.lines(0, at, 'rollout.jsonl', LINES.at(-1)); // a reconnect's repeat
    fire();
    const traces = store.getState().project.traces ?? [];
    expect(traces.map((t) => [t.name, t.text])).toEqual([['rollout.jsonl', LOG]]);
    const files = [{ path: RULES, text: RULE_TEXT }];
    const live = codexPolicyReport(files, traces.map((t) => ({ name: t.name, text: t.text })));
    expect(live.totals).toEqual(codexPolicyReport(files, [{ name: 'rollout.jsonl', text: LOG }]).totals);
    expect(live.calls.map((c) => c.decision ?? null)).toEqual(['allow', 'forbidden', null, 'allow', 'allow', null, 'prompt', 'allow']);

    // a new session: the same trace, its text alone
    feed.lines(1, 0, 'rollout-2.jsonl', undefined);
    feed.lines(1, Buffer.byteLength(LINES[0] as string), 'rollout-2.jsonl', LINES[0]);
    fire();
    expect((store.getState().project.traces ?? []).map((t) => [t.name, t.text])).toEqual([['rollout-2.jsonl', LINES[0]]]);
  });
});
