/**
 * Imports read off the main thread (issue 9.3): the import service reads, checks, projects and
 * lays out a file with progress before each stage; the page adopts the result without working
 * anything out again; the client cancels by stopping the worker and survives a crashed one.
 */
import { describe, expect, it } from 'vitest';
import { analyseImport, createImportService, type ImportApi, type ImportProgress } from '../../src/worker/importService.ts';
import { createImportClient } from '../../src/worker/importClient.ts';
import { joinImport, joinImportInTasks, splitImport } from '../../src/worker/importTransfer.ts';
import { importFiles, readOffThread } from '../../src/app/persistence/importHandlers.ts';
import { importProgressStore } from '../../src/app/persistence/importProgress.ts';
import { createStudioStore } from '../../src/app/state/store.ts';
import { diagnosticsOf, type AgentDoc } from '../../src/app/state/documents.ts';
import { toolGraphOf } from '../../src/app/graph/docGraph.ts';
import { neighbourhood } from '../../src/app/graph/neighbourhood.ts';
import { keepsPositions } from '../../src/app/graph/usePlacement.ts';
import type { ToolGraph } from '../../src/core/graph/toolGraph.ts';
import { bigAgentToml } from '../support/bigAgent.ts';
import { ChannelWorker } from './harness.ts';

const BIG = bigAgentToml(3000);

describe('the import service', () => {
  it('reports each stage before it runs, in order, and analyses the one document of the file', async () => {
    const seen: ImportProgress[] = [];
    const { reading, analyses } = await analyseImport({ name: 'big.toml', text: BIG }, (p) => seen.push(p));
    expect(seen.map((p) => `${p.stage} ${p.step}/${p.steps}`)).toEqual(['reading 0/1', 'checking 1/4', 'projecting 2/4', 'laying out 3/4']);
    expect(reading.kind).toBe('docs');
    if (reading.kind !== 'docs') return;
    expect('loaded' in reading).toBe(false); // the parse tree stays in the worker
    const [doc] = reading.docs as [AgentDoc];
    const [analysis] = analyses;
    // The same diagnostics the page would work out itself, on a document it has never seen.
    expect(analysis!.diagnostics).toEqual(diagnosticsOf({ ...doc }));
    expect(analysis!.diagnostics.diagnostics.filter((d) => d.code === 'T013')).toHaveLength(300);
    // 300 declared tools and the 300 undeclared ones named: past the cap, so the graph is not laid
    // out whole; the view drawn first (around the first tool) is worked out here instead.
    const ids = analysis!.graph.nodes.map((n) => n.id);
    expect((analysis!.graph as ToolGraph).nodes.filter((n) => n.declared)).toHaveLength(300);
    expect(ids).toHaveLength(600);
    expect(analysis!.layout).toEqual({});
    const first = neighbourhood({ nodes: [...analysis!.graph.nodes], edges: [...analysis!.graph.edges] }, undefined);
    expect(first.capped).toBe(true);
    expect(analysis!.view?.centre).toBe(ids[0]);
    expect(analysis!.view?.nodes.map((i) => ids[i])).toEqual(first.nodes.map((n) => n.id));
    expect(analysis!.view?.edges.map((i) => analysis!.graph.edges[i]!.id)).toEqual(first.edges.map((e) => e.id));
  });

  it('lays out a graph within the cap whole, and works out no view for it', async () => {
    const { analyses } = await analyseImport({ name: 'small.toml', text: bigAgentToml(100) });
    const [analysis] = analyses;
    expect(analysis!.graph.nodes.length).toBeLessThanOrEqual(100);
    expect(analysis!.graph.nodes.filter((n) => !analysis!.layout[n.id])).toEqual([]);
    expect(analysis!.view).toBeUndefined();
  });

  it('analyses every document of a file holding several, each from its own written text', async () => {
    const two = `[[agents]]\nname = "a"\ntools = ["x", "y"]\n\n[[agents]]\nname = "b"\ntools = ["z"]\n`;
    const seen: string[] = [];
    const { reading, analyses } = await analyseImport({ name: 'two.toml', text: two }, (p) => seen.push(`${p.stage} ${p.doc ?? ''}`.trim()));
    expect(reading.kind === 'docs' && reading.docs.map((d) => d.fileName)).toEqual(['a.toml', 'b.toml']);
    expect(analyses.map((a) => Object.keys(a.layout).sort())).toEqual([['x', 'y'], ['z']]);
    expect(seen).toEqual(['reading', 'checking a.toml', 'projecting a.toml', 'laying out a.toml', 'checking b.toml', 'projecting b.toml', 'laying out b.toml']);
  });

  it('reads a UTF-16 file (with its byte-order mark) in the worker as the page would', async () => {
    const text = 'name = "a"\ntools = ["x"]\n';
    const blob = new Blob([new Uint8Array(Buffer.from(`\ufeff${text}`, 'utf16le'))]);
    const { reading } = await analyseImport({ name: 'a.toml', blob });
    expect(reading.kind === 'docs' && reading.docs[0]!.text).toBe(text);
  });

  it('passes refusals and traces through with no analysis', async () => {
    expect(await analyseImport({ name: 'bad.toml', text: '\u0000\u0001binary' })).toMatchObject({ reading: { kind: 'refused' }, analyses: [] });
    // A broken rule file is a document to fix: analysed like any other, with its syntax error.
    const broken = await analyseImport({ name: 'bad.toml', text: '[[[' });
    expect(broken.reading.kind === 'docs' && broken.reading.broken?.message).toMatch(/TOML syntax error/);
    expect(broken.analyses).toHaveLength(1);
    const blob = new Blob(['{"type":"tool_call","tool":"x"}\n']);
    expect((await analyseImport({ name: 'run.jsonl', blob })).reading.kind).toBe('trace');
  });
});

describe('importing a file through the client', () => {
  it('adds the document with its layout and primes the page: diagnostics and graph are the worker’s, not worked out again', async () => {
    const store = createStudioStore();
    await importFiles(store, [new File([BIG], 'big.toml')], () => undefined, createImportClient());
    const doc = store.getState().project.docs[0] as AgentDoc;
    expect(doc.fileName).toBe('big.toml');
    expect(doc.text).toBe(BIG);
    // A graph past the cap keeps no positions in the document (its views are laid out on their
    // own), and the view drawn first is the worker's: the same as worked out here.
    const graph = toolGraphOf(doc);
    expect(doc.layout).toEqual({});
    expect(keepsPositions(doc)).toBe(false);
    const fresh = neighbourhood({ nodes: [...graph.nodes], edges: [...graph.edges] }, undefined);
    const primed = neighbourhood(graph, undefined);
    expect(primed.nodes.map((n) => n.id)).toEqual(fresh.nodes.map((n) => n.id));
    expect(primed.edges).toEqual(fresh.edges);
    expect(primed.nodes.every((n, i) => n === graph.nodes.find((m) => m.id === fresh.nodes[i]!.id))).toBe(true);
    // Primed: the cached objects are returned, so nothing was read or checked again.
    expect(diagnosticsOf(doc)).toBe(diagnosticsOf(doc));
    const again = diagnosticsOf({ ...doc });
    expect(diagnosticsOf(doc)).not.toBe(again);
    expect(diagnosticsOf(doc)).toEqual(again);
    expect(store.getState().notices.at(-1)?.text).toBe('Imported big.toml.');
    expect(importProgressStore.getState().active).toBeUndefined();
  });

  it('gives documents ids of this page, distinct across imports', async () => {
    const store = createStudioStore();
    const client = createImportClient();
    const text = '[[agents]]\nname = "a"\ntools = ["x"]\n';
    await importFiles(store, [new File([text], 'a.toml'), new File([text], 'b.toml')], () => undefined, client);
    const ids = store.getState().project.docs.map((d) => d.id);
    expect(new Set(ids).size).toBe(2);
  });
});

/** A service whose reads wait until the test lets them go, reporting progress first. */
function heldService(): { service: ImportApi; release: () => void } {
  let release = () => undefined as void;
  const real = createImportService();
  return {
    release: () => release(),
    service: {
      ping: real.ping,
      async read(input, onProgress) {
        onProgress?.({ stage: 'reading', step: 0, steps: 1 });
        await new Promise<void>((r) => (release = r));
        return real.read(input, onProgress);
      },
      async readInParts(input, onProgress, onPart) {
        onProgress({ stage: 'reading', step: 0, steps: 1 });
        await new Promise<void>((r) => (release = r));
        return real.readInParts(input, onProgress, onPart);
      },
    },
  };
}

/** A client whose first worker holds its read (until cancelled or crashed); later workers are real services. */
function heldFirstWorker() {
  const workers: ChannelWorker[] = [];
  const held = heldService();
  const client = createImportClient(() => {
    const w = new ChannelWorker(workers.length === 0 ? held.service : createImportService());
    workers.push(w);
    return w;
  });
  return { client, workers };
}

describe('the hand-over in parts', () => {
  it('sends the big arrays in slices and joins them back to the same result, through a structured clone as between threads', async () => {
    const result = await analyseImport({ name: 'big.toml', text: BIG });
    const { head, parts } = splitImport(structuredClone(result), 500);
    expect(parts.every((p) => p.items.length <= 500)).toBe(true);
    // A graph past the cap has no layout to send, only its first view (in the head: a few hundred indices).
    expect(new Set(parts.map((p) => p.field))).toEqual(new Set(['rules', 'diagnostics', 'nodes', 'edges']));
    // The head is small: no rules, diagnostics, nodes, edges or positions in it.
    const h = head.result;
    expect(h.reading.kind === 'docs' && h.reading.docs[0]!.kind === 'agent' && h.reading.docs[0]!.agent.rules).toEqual([]);
    expect(h.analyses.map((a) => [a.diagnostics.diagnostics, a.graph.nodes, a.graph.edges, a.layout])).toEqual([[[], [], [], {}]]);
    expect(h.analyses[0]!.view).toEqual(result.analyses[0]!.view);
    expect(h.analyses[0]!.view!.nodes).toHaveLength(100);
    const sent = structuredClone({ head, parts });
    expect(joinImport(sent.head, sent.parts)).toEqual(result);
    // A graph within the cap sends its positions in slices too.
    const small = await analyseImport({ name: 'small.toml', text: bigAgentToml(100) });
    const split = structuredClone(splitImport(structuredClone(small), 5));
    expect(split.parts.filter((p) => p.field === 'layout').length).toBeGreaterThan(1);
    expect(joinImport(split.head, split.parts)).toEqual(small);
  });

  it('joins the parts a few per task: a new task whenever the budget of one is used up', async () => {
    const result = await analyseImport({ name: 'big.toml', text: BIG });
    const sent = structuredClone(splitImport(structuredClone(result), 500));
    // A clock that moves 3 ms per look, an 8 ms budget: the first task joins two parts (its start
    // was one look), every later one three.
    let t = 0;
    let tasks = 1;
    const joined = await joinImportInTasks(sent.head, sent.parts, async () => void tasks++, () => (t += 3), 8);
    expect(joined).toEqual(result);
    expect(sent.parts.length).toBeGreaterThan(6);
    expect(tasks).toBe(1 + Math.ceil((sent.parts.length - 2) / 3));
    await expect(joinImportInTasks(sent.head, sent.parts.slice(1), async () => undefined, () => 0)).rejects.toThrow(/sent \d+ of \d+ parts/);
  });

  it('refuses to join when parts are missing', async () => {
    const { head, parts } = splitImport(await analyseImport({ name: 'big.toml', text: BIG }));
    expect(() => joinImport(head, parts.slice(1))).toThrow(/sent \d+ of \d+ parts/);
  });

  it('joins a head that arrives before its parts (they come on another port) through the worker client', async () => {
    // The real service behind a MessageChannel: the head and the parts travel on different ports.
    const client = createImportClient(() => new ChannelWorker(createImportService()));
    const { reading, analyses } = await client.read({ name: 'big.toml', text: BIG });
    const direct = await analyseImport({ name: 'big.toml', text: BIG });
    expect(reading.kind === 'docs' && reading.docs.map((d) => (d.kind === 'agent' ? d.agent.rules.length : 0))).toEqual([3000]);
    expect(analyses[0]!.diagnostics).toEqual(direct.analyses[0]!.diagnostics);
    expect(analyses[0]!.layout).toEqual(direct.analyses[0]!.layout);
    expect(analyses[0]!.view).toEqual(direct.analyses[0]!.view);
    client.dispose();
  });
});

describe('the import worker client', () => {
  it('shows progress while the worker reads, and Cancel stops the worker at once: nothing is imported and the next import uses a fresh worker', async () => {
    const { client, workers } = heldFirstWorker();
    const store = createStudioStore();
    const first = importFiles(store, [new File([BIG], 'big.toml')], () => undefined, client);
    await expect.poll(() => importProgressStore.getState().active?.source).toBe('big.toml');
    expect(importProgressStore.getState().active?.progress.stage).toBe('reading');
    client.cancel();
    await first;
    expect(workers[0]!.terminated).toBe(true);
    expect(store.getState().project.docs).toEqual([]);
    expect(store.getState().notices.at(-1)).toMatchObject({ kind: 'error', text: 'The import of big.toml was cancelled. Nothing was changed.' });
    expect(importProgressStore.getState().active).toBeUndefined();

    await importFiles(store, [new File(['[[agents]]\nname = "a"\ntools = ["x"]\n'], 'a.toml')], () => undefined, client);
    expect(workers).toHaveLength(2);
    expect(store.getState().project.docs.map((d) => d.fileName)).toEqual(['a.toml']);
  });

  it('turns a crashed worker into a refusal that says so, and recovers with a fresh one', async () => {
    const { client, workers } = heldFirstWorker();
    const pending = readOffThread({ name: 'big.toml', text: BIG }, BIG.length, undefined, client);
    await expect.poll(() => importProgressStore.getState().active?.source).toBe('big.toml');
    workers[0]!.crash('out of memory');
    const r = await pending;
    expect(r.reading).toEqual({ kind: 'refused', message: 'big.toml could not be read (the import worker stopped (out of memory)). Nothing was changed.' });
    const again = await client.read({ name: 'a.toml', text: '[[agents]]\nname = "a"\n' });
    expect(again.reading.kind).toBe('docs');
    expect(workers).toHaveLength(2);
  });

  it('refuses a file over the size limit without starting the worker', async () => {
    let started = 0;
    const client = createImportClient(() => {
      started++;
      return new ChannelWorker(createImportService());
    });
    const r = await readOffThread({ name: 'huge.toml', text: '' }, 11 * 1048576, undefined, client);
    expect(r.reading).toMatchObject({ kind: 'refused', message: expect.stringMatching(/^huge\.toml is too large to import \(11\.0 MB; the limit is 10\.0 MB\)/) });
    expect(started).toBe(0);
  });
});
