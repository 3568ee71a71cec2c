/**
 * Gallery examples open with the sessions and traces they name (review 13, item 1: the Codex
 * example's notice named codex-session.jsonl while the project held no trace, so its Policy tab
 * said "0 calls in 0 sessions"). For every example of the gallery: each session or trace the
 * notice names is a trace of the opened project, and each trace the project holds is named.
 */
import { describe, expect, it } from 'vitest';
import { EXAMPLES, FOLDER_EXAMPLES, sessionOf, testOf } from '../../src/app/examples.ts';
import { openExample, openFolderExample } from '../../src/app/dialogs/openExample.ts';
import { createStudioStore } from '../../src/app/state/store.ts';

const traceNames = (store: ReturnType<typeof createStudioStore>) => (store.getState().project.traces ?? []).map((t) => t.name);

describe('opening a gallery example', () => {
  it('opens the Codex example with its session as a trace', () => {
    const store = createStudioStore();
    const codex = EXAMPLES.find((e) => e.name === 'codex-default.rules');
    if (!codex) throw new Error('no Codex example');
    const notice = openExample(store, codex.name, codex.text);
    expect(notice).toBe('Opened a copy of the example codex-default.rules with the session codex-session.jsonl (see the Policy tab).');
    expect(traceNames(store)).toEqual(['codex-session.jsonl']);
    expect(store.getState().project.docs.map((d) => d.fileName)).toEqual(['codex-default.rules']);
  });

  for (const e of EXAMPLES)
    it(`${e.name}: what the notice names is in the project`, () => {
      const store = createStudioStore();
      const notice = openExample(store, e.name, e.text) ?? '';
      expect(notice).toMatch(/^Opened a copy of the example /);
      const expected = [...(sessionOf(e.name) ? [sessionOf(e.name)?.name] : []), ...(testOf(e.name)?.traces.map((t) => t.name) ?? [])];
      expect(traceNames(store).sort()).toEqual([...new Set(expected)].sort());
      for (const name of traceNames(store)) if (sessionOf(e.name)?.name === name) expect(notice).toContain(`the session ${name}`);
      const test = testOf(e.name)?.test.name;
      expect((store.getState().project.tests ?? []).map((t) => t.name)).toEqual(test ? [test] : []);
      if (test) expect(notice).toContain(`its tests, ${test}`);
    });

  for (const f of FOLDER_EXAMPLES)
    it(`${f.name}/: its traces are in the project and named`, () => {
      const store = createStudioStore();
      const notice = openFolderExample(store, f) ?? '';
      expect(traceNames(store)).toEqual(f.traces.map((t) => t.name));
      expect(f.traces.length).toBeGreaterThan(0);
      for (const t of f.traces) expect(notice).toContain(t.name);
    });

  it('an example opened into a project with work keeps that project and says so', () => {
    const store = createStudioStore();
    const codex = EXAMPLES.find((e) => e.name === 'codex-default.rules');
    if (!codex) throw new Error('no Codex example');
    store.getState().renameProject('mine');
    store.getState().addTrace('mine.jsonl', '{}\n');
    expect(openExample(store, codex.name, codex.text)).toContain('“mine” is still saved');
    expect(traceNames(store)).toEqual(['codex-session.jsonl']);
  });
});
