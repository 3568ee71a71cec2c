/**
 * Examples open with the rule-set tests shipped beside them (review of 2026-11-29: the gallery's
 * release-deadlock example opened without release-deadlock.test.yaml): every test file of the
 * gallery is found for its example with the traces it names, and in a project holding just those
 * files (as the Examples dialog opens them) every test passes in the studio's runner.
 */
import { describe, expect, it } from 'vitest';
import { EXAMPLES, testOf } from '../../src/app/examples.ts';
import { runProjectTests } from '../../src/worker/tests.ts';

const withTests = EXAMPLES.filter((e) => testOf(e.name) !== undefined);

describe('examples and their tests', () => {
  it('finds the shipped test of every example that has one', () => {
    expect(withTests.map((e) => e.name).sort()).toEqual(
      ['api-client.toml', 'claude-code-settings.json', 'consent-shell.toml', 'etl-pipeline.toml', 'file-tool-gating.toml', 'hegel-execution.yaml', 'hegel-minimal.yaml', 'release-deadlock.toml'].sort(),
    );
    expect(testOf('etl-pipeline.toml')?.traces.map((t) => t.name)).toEqual(['etl-walkthrough.yaml']);
    expect(testOf('no-such-example.toml')).toBeUndefined();
  });

  for (const e of withTests)
    it(`${e.name}: every shipped test passes in the studio`, () => {
      const t = testOf(e.name);
      if (!t) throw new Error('no test');
      const [file] = runProjectTests({ tests: [{ id: 't', name: t.test.name, text: t.test.text }], ruleFiles: [{ name: e.name, text: e.text }], traces: t.traces });
      expect(file?.errors).toEqual([]);
      expect(file?.tests.filter((x) => x.status !== 'pass').map((x) => [x.name, x.errors, x.failures])).toEqual([]);
      expect(file?.tests.length).toBeGreaterThan(0);
    });
});

describe('the sample test file the empty Tests view shows', () => {
  it('passes against the gallery example it names', async () => {
    const { TEST_SAMPLE } = await import('../../src/app/tests/testSample.ts');
    const etl = EXAMPLES.find((e) => e.name === 'etl-pipeline.toml');
    if (!etl) throw new Error('no etl example');
    const [file] = runProjectTests({ tests: [{ id: 't', name: 'sample.test.yaml', text: TEST_SAMPLE }], ruleFiles: [etl], traces: [] });
    expect(file?.errors).toEqual([]);
    expect(file?.tests.map((t) => t.status)).toEqual(['pass']);
  });
});
