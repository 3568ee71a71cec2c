/**
 * `follow --studio`'s stream (issue 25.2): the rule set first, decisions with `<session>:<offset>`
 * ids, a reconnect with `Last-Event-ID` resumed exactly (from the buffer, or from the file once the
 * buffer has let the events go), truncation and rotation as new sessions, and the server's checks.
 */
import { request } from 'node:http';
import { appendFileSync, mkdtempSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createLiveChannel, parseEventId, type LiveChannel } from '../../src/cli/follow/liveStream.ts';
import { createTail, type Tail } from '../../src/cli/follow/tail.ts';
import { startStudioServer, type StudioServer } from '../../src/cli/serve/studioServer.ts';
import { loadRuleFile } from '../../src/core/codecs/load.ts';
import { createReplay } from '../../src/core/engine/replay.ts';
import { serializeDecision, type Decision } from '../../src/core/engine/decisions.ts';
import { readTrace } from '../../src/core/traces/index.ts';
import { ruleSetHash } from '../../src/core/ruleSetHash.ts';
import { stream, type Message } from './sseClient.ts';
import { runTestFile } from '../../src/core/tests/run.ts';
import { projectTestHost } from '../../src/core/tests/projectHost.ts';

const RULES = 'examples/etl-pipeline.toml';
const RULE_TEXT = readFileSync(RULES, 'utf8');
const AGENT = loadRuleFile(RULES, RULE_TEXT).agents[0];
const CONFIG = AGENT ? { agent: AGENT } : {};
const TOOLS = ['extract', 'load', 'transform', 'load', 'load', 'send_message'];
const line = (tool: string, i: number) => `${JSON.stringify({ type: 'tool_call', time: new Date(Date.UTC(2025, 0, 1, 10, 0, i)).toISOString(), tool, args: { n: i } })}\n`;

let server: StudioServer | undefined;
let tail: Tail | undefined;
afterEach(async () => {
  tail?.stop();
  tail = undefined;
  await server?.close();
  server = undefined;
});

/** A session file, its channel fed by a tail polled by hand, and a studio server streaming it. */
async function setup(bufferBytes?: number) {
  const dir = mkdtempSync(join(tmpdir(), 'rs-live-'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
  const path = join(dir, 'session.jsonl');
  writeFileSync(path, '');
  const channel: LiveChannel = createLiveChannel({ source: path, config: CONFIG, ruleFiles: [{ name: 'etl-pipeline.toml', text: RULE_TEXT }], ...(bufferBytes !== undefined ? { bufferBytes } : {}) });
  tail = createTail(path, {
    bytes: (chunk) => channel.bytes(chunk, tail?.offset),
    reset: (why) => channel.restart(`session ${why}`),
  });
  server = await startStudioServer({ appDir: dir, files: [], writeBack: false, live: channel, token: 'secret' });
  const poll = () => {
    while (tail?.poll());
  };
  return { path, dir, channel, poll, port: server.port };
}

const decisionsOf = (ms: Message[]) => ms.filter((m) => m.event === 'decisions').flatMap((m) => (JSON.parse(m.data) as { decisions: unknown[] }).decisions.map((d) => JSON.stringify(d)));
const countDecisions = (n: number) => (ms: Message[]) => decisionsOf(ms).length >= n;
const wholeReplay = (text: string) => {
  const replay = createReplay(CONFIG);
  return readTrace('s.jsonl', text).items.flatMap((i) => replay.push(i)).map(serializeDecision);
};

describe('follow --studio: the live stream', () => {
  it('sends the rule set with its hash first, then each line’s decisions with its end offset as the id', async () => {
    const { path, poll, port } = await setup();
    const text = TOOLS.slice(0, 3).map(line).join('');
    appendFileSync(path, text);
    poll();
    const { messages } = await stream(port, countDecisions(4));
    expect(messages[0]?.event).toBe('ruleset');
    const ruleset = JSON.parse(messages[0]?.data ?? '') as { hash: string; files: { name: string; text: string }[] };
    expect(ruleset.hash).toBe(ruleSetHash([{ name: 'etl-pipeline.toml', text: RULE_TEXT }]));
    expect(ruleset.files.map((f) => f.name)).toEqual(['etl-pipeline.toml']);
    const ids = messages.filter((m) => m.event === 'decisions').map((m) => m.id);
    // the end of each line: the first line's id carries its automatic start call too
    const ends = TOOLS.slice(0, 3).reduce<number[]>((acc, t, i) => [...acc, (acc.at(-1) ?? 0) + Buffer.byteLength(line(t, i))], []);
    expect(ids).toEqual(ends.map((e) => `0:${e}`));
    expect(decisionsOf(messages)).toEqual(wholeReplay(text));
  });

  it('resumes a reconnecting page at its Last-Event-ID: no decision lost, none twice', async () => {
    const { path, poll, port } = await setup();
    appendFileSync(path, TOOLS.slice(0, 2).map(line).join(''));
    poll();
    const first = await stream(port, countDecisions(3));
    const lastId = first.messages.filter((m) => m.id !== undefined).at(-1)?.id as string;
    // the page is away while the agent goes on
    appendFileSync(path, TOOLS.slice(2).map((t, i) => line(t, i + 2)).join(''));
    poll();
    const all = wholeReplay(TOOLS.map(line).join(''));
    const second = await stream(port, countDecisions(all.length - 3), { 'Last-Event-ID': lastId });
    expect(second.messages[0]?.event, 'the rule set comes first on every connection').toBe('ruleset');
    expect([...decisionsOf(first.messages), ...decisionsOf(second.messages)]).toEqual(all);
  });

  it('replays from the file an id older than the buffer holds, exactly', async () => {
    // a buffer of one event: every older id must be replayed from the session file
    const { path, poll, port } = await setup(1);
    const text = TOOLS.map(line).join('');
    appendFileSync(path, text);
    poll();
    const all = wholeReplay(text);
    const full = await stream(port, countDecisions(all.length));
    expect(decisionsOf(full.messages)).toEqual(all);
    const ids = full.messages.filter((m) => m.event === 'decisions');
    for (const [i, m] of ids.entries()) {
      const after = ids.slice(i + 1).flatMap((x) => (JSON.parse(x.data) as { decisions: unknown[] }).decisions.map((d) => JSON.stringify(d)));
      const resumed = await stream(port, (ms) => decisionsOf(ms).length >= after.length && ms.length > 0, { 'Last-Event-ID': m.id as string });
      expect(decisionsOf(resumed.messages), `resumed after ${m.id}`).toEqual(after);
    }
  });

  it('a truncated session is a new session: a page of the old one gets a reset and the new one whole', async () => {
    const { path, poll, port } = await setup();
    appendFileSync(path, TOOLS.slice(0, 3).map(line).join(''));
    poll();
    const before = await stream(port, countDecisions(4));
    const lastId = before.messages.filter((m) => m.id !== undefined).at(-1)?.id as string;
    writeFileSync(path, line('load', 0));
    poll();
    const expected = wholeReplay(line('load', 0));
    const after = await stream(port, countDecisions(expected.length), { 'Last-Event-ID': lastId });
    expect(after.messages.map((m) => m.event).slice(0, 2)).toEqual(['ruleset', 'reset']);
    expect(after.messages[1]?.id).toBe('1:0');
    expect(decisionsOf(after.messages)).toEqual(expected);
    expect(after.messages.filter((m) => m.event === 'decisions').every((m) => m.id?.startsWith('1:'))).toBe(true);
  });

  it('a rotated session: the old file read to its end, then the new file as session 1, resumable', async () => {
    const { path, dir, poll, port } = await setup();
    appendFileSync(path, line('extract', 0));
    poll();
    appendFileSync(path, line('transform', 1));
    renameSync(path, join(dir, 'session.1.jsonl'));
    writeFileSync(path, line('extract', 2) + line('load', 3));
    poll();
    const expected = wholeReplay(line('extract', 2) + line('load', 3));
    const got = await stream(port, countDecisions(expected.length));
    expect(decisionsOf(got.messages)).toEqual(expected);
    const ids = got.messages.filter((m) => m.event === 'decisions').map((m) => m.id);
    expect(ids[0]?.startsWith('1:')).toBe(true);
    const resumed = await stream(port, () => true, { 'Last-Event-ID': ids[0] as string });
    expect(decisionsOf(resumed.messages)).toEqual(expected.slice(decisionsOf(got.messages.filter((m) => m.id === ids[0])).length));
  });

  it('answers only with the token, and refuses another page’s origin', async () => {
    const { port } = await setup();
    const noToken = await stream(port, () => true, { Cookie: '' });
    expect(noToken.status).toBe(403);
    const elsewhere = await stream(port, () => true, { Origin: 'http://evil.example' });
    expect(elsewhere.status).toBe(403);
  });

  it('Save as test: the session so far minimised towards a decision, as a test that passes', async () => {
    const { path, poll, port } = await setup();
    // extract, then three loads: the third is blocked (MaxCalls), the rest is noise to remove
    const text = ['extract', 'transform', 'load', 'extract', 'transform', 'load'].map(line).join('');
    appendFileSync(path, text);
    poll();
    const blocked = wholeReplay(text).map((d) => JSON.parse(d) as Decision).find((d) => d.kind === 'blocked');
    expect(blocked).toBeDefined();
    const get = (query: string) =>
      new Promise<{ status: number; body: Record<string, unknown> }>((resolve, reject) => {
        request({ host: '127.0.0.1', port, path: `/__rule-studio/live/test?${query}`, headers: { Host: `127.0.0.1:${port}`, Cookie: 'rule_studio_token=secret' } }, (res) => {
          let body = '';
          res.on('data', (c: Buffer) => (body += c.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(body) as Record<string, unknown> }));
        })
          .on('error', reject)
          .end();
      });
    const saved = await get(`session=0&seq=${blocked?.seq}`);
    expect(saved.status).toBe(200);
    expect(saved.body.ok).toBe(true);
    expect(saved.body.base).toBe('session-live');
    expect(saved.body.kept).toBeLessThan(saved.body.original as number);
    const file = String(saved.body.text);
    expect(file).toContain('rules: [ etl-pipeline.toml ]');
    expect(file).toMatch(/decision: blocked/);
    // the test passes against the rule file it names
    const run = runTestFile('session-live.test.yaml', file, projectTestHost([{ name: 'etl-pipeline.toml', text: RULE_TEXT }], []));
    expect(run.errors).toEqual([]);
    expect(run.tests.map((t) => t.status), JSON.stringify(run.tests)).toEqual(['pass']);
    expect((await get('session=3&seq=1')).status, 'a decision of another session').toBe(409);
  });

  it('reads ids it wrote and nothing else', () => {
    expect(parseEventId('2:1234')).toEqual({ session: 2, offset: 1234 });
    expect(parseEventId('1234')).toBeUndefined();
    expect(parseEventId('x:1')).toBeUndefined();
    expect(parseEventId(undefined)).toBeUndefined();
  });
});
