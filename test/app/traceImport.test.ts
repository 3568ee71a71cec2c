/**
 * Trace files dropped, picked or pasted join the project's traces instead of being refused as
 * "not a rule file"; rule files and bundles import as before.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { applyImport } from '../../src/app/persistence/importApply.ts';
import { importFiles } from '../../src/app/persistence/importHandlers.ts';
import { MAX_IMPORT_BYTES, readImport } from '../../src/app/persistence/importReading.ts';
import { createStudioStore } from '../../src/app/state/store.ts';
import { importPending, importProgressStore } from '../../src/app/persistence/importProgress.ts';

const fixture = (name: string) => readFileSync(`test/traces/fixtures/${name}`, 'utf8');
const EXEC = readFileSync('examples/hegel-execution.yaml', 'utf8');

describe('reading a trace import', () => {
  it.each([
    ['scenario.yaml', 'scripted'],
    ['hooks.jsonl', 'hegel-hooks'],
    ['states.jsonl', 'hegel-states'],
    ['transcript.jsonl', 'claude-code'],
    ['session.jsonl', 'canonical'],
    ['openai-chat.json', 'openai'],
    ['anthropic-messages.json', 'anthropic'],
  ])('reads %s as a %s trace, keeping its name and text', (name, format) => {
    const text = fixture(name);
    expect(readImport(name, text)).toEqual({ kind: 'trace', name, text, format, source: name });
  });

  it('still reads rule files as documents and refuses what is neither', () => {
    expect(readImport('hegel-execution.yaml', EXEC).kind).toBe('docs');
    const notRules = readImport('notes.yaml', 'foo: bar\n');
    expect(notRules.kind === 'refused' && notRules.message).toMatch(/Not a rule file/);
    // A rule file with broken syntax opens to be fixed (see brokenImport.test.ts).
    const badJson = readImport('agent.json', '{"agents": [');
    expect(badJson.kind === 'docs' && badJson.broken?.message).toMatch(/JSON syntax error/);
    // A workflow with a mistake is a rule file with findings, never a trace.
    expect(readImport('wf.yaml', 'mode: execution\nstart_node: a\nsteps: []\n').kind).toBe('docs');
  });

  it('names pasted traces after their format', () => {
    const jsonl = readImport(undefined, fixture('hooks.jsonl'));
    expect(jsonl.kind === 'trace' && [jsonl.name, jsonl.format]).toEqual(['hooks.jsonl', 'hegel-hooks']);
    const scripted = readImport(undefined, '- call: a\n- call: b\n  after: 5s\n');
    expect(scripted.kind === 'trace' && [scripted.name, scripted.format]).toEqual(['scenario.yaml', 'scripted']);
  });

  it('takes JSON Lines traces larger than the rule-file limit, and refuses empty or binary ones', () => {
    const line = `${JSON.stringify({ type: 'tool_call', time: '2025-01-01T10:00:00Z', tool: 'a' })}\n`;
    const big = line.repeat(Math.ceil((MAX_IMPORT_BYTES + 1) / line.length));
    expect(readImport('big.jsonl', big).kind).toBe('trace');
    expect(readImport('big.toml', big).kind).toBe('refused');
    expect(readImport('empty.jsonl', ' \n').kind).toBe('refused');
    expect(readImport('bin.jsonl', 'a\u0000b').kind).toBe('refused');
  });
});

describe('applying a trace import', () => {
  it('adds the trace with a notice, hands over its id, and undo takes it away', () => {
    const store = createStudioStore();
    const ids: string[] = [];
    expect(applyImport(store, readImport('hooks.jsonl', fixture('hooks.jsonl')), (id) => ids.push(id))).toBe(true);
    const traces = store.getState().project.traces ?? [];
    expect(traces.map((t) => [t.id, t.name])).toEqual([[ids[0], 'hooks.jsonl']]);
    expect(store.getState().notices.at(-1)?.text).toMatch(/Added hooks\.jsonl \(hegel hooks log\)/);
    expect(store.getState().project.docs).toEqual([]);
    store.getState().undo();
    expect(store.getState().project.traces ?? []).toEqual([]);
  });

  it('adds hooks.jsonl + states.jsonl dropped together as two traces chosen together', async () => {
    const store = createStudioStore();
    const chosen: string[][] = [];
    const files = [new File([fixture('hooks.jsonl')], 'hooks.jsonl'), new File([fixture('states.jsonl')], 'states.jsonl'), new File([EXEC], 'hegel-execution.yaml')];
    const ids = await importFiles(store, files, (traceIds) => chosen.push(traceIds));
    expect((store.getState().project.traces ?? []).map((t) => t.name)).toEqual(['hooks.jsonl', 'states.jsonl']);
    expect(chosen).toEqual([ids]);
    expect(ids).toHaveLength(2);
    expect(store.getState().project.docs.map((d) => d.fileName)).toEqual(['hegel-execution.yaml']);
    expect(store.getState().notices.at(-1)?.text).toMatch(/2 traces are chosen together/);
  });

  it('refuses an oversized trace file unread and chooses nothing', async () => {
    const store = createStudioStore();
    const chosen: string[][] = [];
    const huge = { name: 'huge.jsonl', size: 300 * 1024 * 1024, text: () => Promise.reject(new Error('must not be read')) } as unknown as File;
    expect(await importFiles(store, [huge], (t) => chosen.push(t))).toEqual([]);
    expect(chosen).toEqual([]);
    expect(store.getState().project.traces ?? []).toEqual([]);
    expect(store.getState().notices.at(-1)?.text).toMatch(/huge\.jsonl is too large to add as a trace/);
  });

  it('counts as pending from the first file until the last is in the project, so Run waits for it', async () => {
    const store = createStudioStore();
    const pendingWhenChosen: boolean[] = [];
    const files = [new File([EXEC], 'hegel-execution.yaml'), new File([fixture('hooks.jsonl')], 'hooks.jsonl')];
    const done = importFiles(store, files, () => pendingWhenChosen.push(importPending(importProgressStore.getState())));
    expect(importPending(importProgressStore.getState())).toBe(true);
    await done;
    expect(pendingWhenChosen).toEqual([true]);
    expect(importPending(importProgressStore.getState())).toBe(false);
    // A batch that fails part-way still ends.
    const broken = { name: 'x.jsonl', size: 10, text: () => Promise.reject(new Error('unreadable')) } as unknown as File;
    await importFiles(store, [broken], () => undefined);
    expect(importPending(importProgressStore.getState())).toBe(false);
  });
});
