/** The Tests view's store over the real worker service (through a channel): runs after every edit, debounced, and counts outcomes. */
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { createSimulationClient } from '../../src/worker/client.ts';
import { createStudioStore } from '../../src/app/state/store.ts';
import { createTestsStore } from '../../src/app/tests/testsStore.ts';
import { ChannelWorker } from '../worker/harness.ts';

const ETL = readFileSync('examples/etl-pipeline.toml', 'utf8');
const TEST = readFileSync('examples/etl-pipeline.test.yaml', 'utf8');
const WALK = readFileSync('examples/traces/etl-walkthrough.yaml', 'utf8');

const until = async (check: () => boolean) => {
  for (let i = 0; i < 2000 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
  expect(check()).toBe(true);
};

describe('tests store', () => {
  const workers: ChannelWorker[] = [];
  afterEach(() => {
    for (const w of workers) w.terminate();
    workers.length = 0;
  });
  const newClient = () =>
    createSimulationClient(() => {
      const w = new ChannelWorker();
      workers.push(w);
      return w;
    });

  it('runs the project tests in the worker, and again after an edit that breaks one', async () => {
    const client = newClient();
    const studio = createStudioStore();
    studio.getState().importFile('etl-pipeline.toml', ETL);
    studio.getState().addTrace('etl-walkthrough.yaml', WALK);
    studio.getState().addTest('etl-pipeline.test.yaml', TEST);
    const tests = createTestsStore(() => client);
    const stop = tests.getState().watch(studio, 10);
    await until(() => tests.getState().runs === 1);
    expect(tests.getState().counts).toEqual({ passed: 2, failed: 0, errors: 0 });
    expect(tests.getState().outcomes[0]?.tests.map((t) => t.status)).toEqual(['pass', 'pass']);

    const doc = studio.getState().project.docs[0]!;
    studio.getState().setText(doc.id, ETL.replace('{ type = "MaxCalls", value = 1 }', '{ type = "MaxCalls", value = 2 }'));
    await until(() => tests.getState().runs === 2);
    expect(tests.getState().counts).toEqual({ passed: 1, failed: 1, errors: 0 });
    const failing = tests.getState().outcomes[0]!.tests[0]!;
    expect(failing.failures[0]).toMatchObject({ step: 5, seen: 'allowed `load`' });
    expect('decisions' in failing).toBe(false);

    // edits that do not touch documents, traces or tests do not re-run
    studio.getState().select({ kind: 'tool', tool: 'load' });
    await new Promise((r) => setTimeout(r, 50));
    expect(tests.getState().runs).toBe(2);
    stop();
  });

  it('a test file that does not read counts as an error', async () => {
    const client = newClient();
    const studio = createStudioStore();
    studio.getState().addTest('bad.test.yaml', 'tests: 3\n');
    const tests = createTestsStore(() => client);
    await tests.getState().run(studio.getState().project);
    expect(tests.getState().counts).toEqual({ passed: 0, failed: 0, errors: 1 });
    expect(tests.getState().outcomes[0]?.errors[0]).toMatch(/^line 1:8: tests: /);
  });
});
