/**
 * The studio's corpus replay (issue 25.3, the Corpus view): each session replayed on its own in the
 * worker gives the report `rule-studio report` gives for the same files; progress streams; a
 * cancel stops between sessions; the store says when its report is stale.
 */
import { mkdtempSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSimulationClient } from '../../src/worker/client.ts';
import { runCorpus } from '../../src/worker/corpusRun.ts';
import type { CorpusProgress } from '../../src/worker/protocol.ts';
import { MAX_CORPUS_SESSIONS } from '../../src/worker/protocol.ts';
import type { CorpusReport } from '../../src/core/corpus/summary.ts';
import { createStudioStore } from '../../src/app/state/store.ts';
import { createCorpusStore, isStale } from '../../src/app/corpus/corpusStore.ts';
import { sessionFilesOf } from '../../src/app/corpus/sessionFiles.ts';
import { importsSettled, type ImportProgressState } from '../../src/app/persistence/importProgress.ts';
import { createStore } from 'zustand/vanilla';
import { runCli } from '../cli/harness.ts';
import { resolveSettings } from '../../src/core/engine/settings.ts';
import { ChannelWorker, channelWorkers } from './harness.ts';

const ETL = readFileSync('examples/etl-pipeline.toml', 'utf8');
const SETTINGS = resolveSettings({});
const TOOLS = ['connect_db', 'extract', 'transform', 'load', 'disconnect_db', 'send_message', 'unknown_tool'];

/** `n` seeded canonical sessions of random calls (some with a bad line), plus two recorded logs. */
function sessions(n: number, seed = 11): Record<string, string> {
  let s = seed;
  const rnd = (k: number) => {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    return s % k;
  };
  const out: Record<string, string> = {};
  for (let i = 0; i < n; i++) {
    const lines = Array.from({ length: 2 + rnd(20) }, (_, j) => JSON.stringify({ type: 'tool_call', time: `2025-01-01T10:00:${String(j).padStart(2, '0')}Z`, tool: TOOLS[rnd(TOOLS.length)] }));
    if (rnd(5) === 0) lines.splice(rnd(lines.length), 0, 'not a json line');
    out[`corpus/session-${String(i).padStart(3, '0')}.jsonl`] = `${lines.join('\n')}\n`;
  }
  for (const f of ['session.jsonl', 'transcript.jsonl']) out[`corpus/recorded-${f}`] = readFileSync(`test/traces/fixtures/${f}`, 'utf8');
  return out;
}


describe('corpus replay in the worker', () => {
  const newWorker = channelWorkers();
  const newClient = () => createSimulationClient(newWorker);

  it('gives the report rule-studio report gives for the same sessions, with progress', async () => {
    // real files: the CLI's corpus pool reads its sessions from disk
    const dir = mkdtempSync(join(tmpdir(), 'rs-studio-corpus-'));
    mkdirSync(join(dir, 'corpus'));
    const files: Record<string, string | Buffer> = Object.fromEntries(Object.entries(sessions(60)).map(([name, text]) => [join(dir, name), text]));
    // A session saved as UTF-16 (with its byte-order mark), as an editor on Windows saves it: both read it as its text.
    files[join(dir, 'corpus/utf16-session.jsonl')] = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(readFileSync('test/traces/fixtures/session.jsonl', 'utf8'), 'utf16le')]);
    for (const [path, text] of Object.entries(files)) writeFileSync(path, text);
    const names = Object.keys(files).sort();
    const cli = await runCli(['report', 'etl-pipeline.toml', '--format', 'json', '--workers', '1', '--corpus', ...names], { 'etl-pipeline.toml': ETL });
    expect(cli.code, cli.stderr).toBe(0);
    const expected = JSON.parse(cli.stdout) as CorpusReport;
    expect(expected.sessions.filter((x) => x.violations > 0).length).toBeGreaterThan(5);
    const utf16 = expected.sessions.find((x) => x.name.endsWith('utf16-session.jsonl'));
    expect(utf16).toEqual({ ...expected.sessions.find((x) => x.name.endsWith('recorded-session.jsonl')), name: utf16?.name });
    expect(utf16?.errors).toBe(0);

    const client = newClient();
    const progress: CorpusProgress[] = [];
    // as the page sends them: Files (Blobs), read in the worker one at a time
    const reply = await client.corpus(
      { ruleFiles: [{ name: 'etl-pipeline.toml', text: ETL }], settings: {}, sessions: names.map((name) => {
          const f = files[name] as string | Buffer;
          return { name, blob: new Blob([typeof f === 'string' ? f : new Uint8Array(f)]) };
        }) },
      (p) => progress.push(p),
    ).result;
    expect(reply.status).toBe('done');
    expect(reply.report).toEqual(expected);
    expect(progress.at(-1)).toEqual({ done: names.length, total: names.length });
    client.dispose();
  });

  it('replays a rule set with errors (the runtimes run it) and reports its diagnostics beside', async () => {
    const reply = await runCorpus(
      { ruleFiles: [{ name: 'a.toml', text: '[[agents]]\nname = "a"\ntools = ["a", "d"]\n\n[[agents.tool_rules]]\ntool_name = "d"\nrule_type = { type = "MaxCalls", value = 0 }\n' }], settings: { profile: 'pattern' }, sessions: [{ name: 's.jsonl', text: '{"type":"tool_call","time":"2025-01-01T10:00:00Z","tool":"a"}\n{"type":"tool_call","time":"2025-01-01T10:00:01Z","tool":"d"}\n' }] },
      () => {},
    );
    expect(reply.status).toBe('done');
    expect(reply.diagnostics.some((d) => d.severity === 'error')).toBe(true);
    expect(reply.report?.sessions[0]).toMatchObject({ name: 's.jsonl', violations: 1, firstViolation: { event: 1, kind: 'blocked', tool: 'd' } });
  });

  it('stops between sessions when cancelled, and says how far it got', async () => {
    const files = sessions(30);
    let t = 0;
    let asked = 0;
    const reply = await runCorpus(
      { ruleFiles: [{ name: 'etl-pipeline.toml', text: ETL }], settings: {}, sessions: Object.entries(files).map(([name, text]) => ({ name, text })) },
      () => {},
      () => ++asked >= 3,
      () => (t += 100),
    );
    expect(reply.status).toBe('cancelled');
    expect(reply.report).toBeUndefined();
    expect(reply.done).toBeGreaterThan(0);
    expect(reply.done).toBeLessThan(Object.keys(files).length);
  });

  it('refuses a request with nothing to replay against, in words', async () => {
    const reply = await runCorpus({ ruleFiles: [], settings: {}, sessions: [{ name: 's.jsonl', text: '' }] }, () => {});
    expect(reply).toMatchObject({ status: 'invalid', message: expect.stringContaining('no agent and no workflow') });
  });
});

describe('corpus store', () => {
  const file = (path: string, text: string) => Object.assign(new File([text], path.split('/').pop() as string), { webkitRelativePath: path }) as File;

  it('picks a folder’s trace files in the CLI’s order, replays them, and is stale after an edit of the rules', async () => {
    const files = sessions(12);
    const picked = [...Object.entries(files).map(([p, t]) => file(p, t)), file('corpus/README.md', '# notes'), file('corpus/agent.png', 'x')].reverse();
    const chosen = sessionFilesOf(picked);
    expect(chosen.map((s) => s.name)).toEqual(Object.keys(files).sort());

    const worker = new ChannelWorker();
    const client = createSimulationClient(() => worker);
    const studio = createStudioStore();
    studio.getState().importFile('etl-pipeline.toml', ETL);
    const corpus = createCorpusStore(() => client);
    await corpus.getState().open('corpus/', chosen, () => studio.getState().project, SETTINGS);
    expect(corpus.getState().phase).toBe('done');
    expect(corpus.getState().report?.sessions).toHaveLength(chosen.length);
    expect(isStale(corpus.getState(), studio.getState().project)).toBe(false);

    const doc = studio.getState().project.docs[0]!;
    studio.getState().setText(doc.id, ETL.replace('{ type = "MaxCalls", value = 1 }', '{ type = "MaxCalls", value = 2 }'));
    expect(isStale(corpus.getState(), studio.getState().project)).toBe(true);
    await corpus.getState().rerun(studio.getState().project, SETTINGS);
    expect(isStale(corpus.getState(), studio.getState().project)).toBe(false);
    worker.terminate();
  });

  it('opened while an import is going into the project, waits for it and replays against the imported rules', async () => {
    const chosen = sessionFilesOf(Object.entries(sessions(6)).map(([p, t]) => file(p, t)));
    const worker = new ChannelWorker();
    const client = createSimulationClient(() => worker);
    const studio = createStudioStore();
    const imports = createStore<ImportProgressState>()(() => ({}));
    // The rule file is still being read: the project has no rule set yet.
    imports.setState({ batches: 1 });
    const corpus = createCorpusStore(() => client);
    const opened = corpus.getState().open('corpus/', chosen, () => studio.getState().project, SETTINGS, importsSettled(imports));
    await Promise.resolve();
    expect(corpus.getState()).toMatchObject({ phase: 'waiting', source: 'corpus/' });
    studio.getState().importFile('etl-pipeline.toml', ETL);
    imports.setState({ batches: 0 });
    await opened;
    expect(corpus.getState().phase).toBe('done');
    expect(corpus.getState().report?.sessions).toHaveLength(chosen.length);
    expect(corpus.getState().ruleFiles?.map((f) => f.name)).toEqual(['etl-pipeline.toml']);

    // Cancel while waiting forgets the sessions; the import settling later replays nothing.
    imports.setState({ batches: 1 });
    const again = corpus.getState().open('corpus/', chosen, () => studio.getState().project, SETTINGS, importsSettled(imports));
    expect(corpus.getState().phase).toBe('waiting');
    corpus.getState().cancel();
    imports.setState({ batches: 0 });
    await again;
    expect(corpus.getState()).toMatchObject({ phase: 'empty', sessions: [] });
    expect(importsSettled(imports)).toBeUndefined();
    worker.terminate();
  });

  it('says so when a folder holds no sessions, or more than the studio replays', async () => {
    const corpus = createCorpusStore(() => {
      throw new Error('no worker is needed to refuse');
    });
    const studio = createStudioStore();
    studio.getState().importFile('etl-pipeline.toml', ETL);
    await corpus.getState().open('docs/', [], () => studio.getState().project, SETTINGS);
    expect(corpus.getState()).toMatchObject({ phase: 'error', error: 'docs/ holds no session logs (.jsonl, .json, .yaml).' });
    const many = Array.from({ length: MAX_CORPUS_SESSIONS + 1 }, (_, i) => ({ name: `s${i}.jsonl`, file: new File([''], `s${i}.jsonl`) }));
    await corpus.getState().open('big/', many, () => studio.getState().project, SETTINGS);
    expect(corpus.getState().error).toContain('holds 10,001 sessions; the studio replays at most 10,000');
  });
});
