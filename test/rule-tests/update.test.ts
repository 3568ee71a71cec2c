/** `--update` and "Save as test": pinning what the engine decides now, rewriting only what changed. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { newTestFileText, pinAll, pinCounts, runTestFile, updateTestText } from '../../src/core/tests/index.ts';
import { hostOf } from './helpers.ts';

const ETL = readFileSync('examples/etl-pipeline.test.yaml', 'utf8');
const host = hostOf();

describe('updateTestText', () => {
  it('leaves a passing file as it is', () => {
    const r = updateTestText('examples/etl-pipeline.test.yaml', ETL, host);
    expect(r.changes).toEqual([]);
    expect(r.text).toBe(ETL);
  });

  it('replaces only the expectations that no longer hold, keeps comments, and then the file passes', () => {
    const broken = ETL.replace('{ step: 4, decision: allowed, tool: load }', '{ step: 4, decision: blocked, tool: load }').replace('counts: { blocked: 3, exit: 1 }', 'counts: { blocked: 4, exit: 1 }');
    const r = updateTestText('examples/etl-pipeline.test.yaml', broken, host);
    expect(r.changes).toEqual([
      '"the guided walk-through": step 4: - blocked `load`  + allowed `load`',
      '"the guided walk-through": run: counts.blocked: - 4  + 3',
    ]);
    expect(r.before.tests[0]!.status).toBe('fail');
    const changed = r.text.split('\n').filter((l, i) => l !== broken.split('\n')[i]);
    expect(changed).toEqual(['      - { step: 4, decision: allowed, tool: load }', '      counts: { blocked: 3, exit: 1 }']);
    expect(r.text).toBe(ETL);
    expect(runTestFile('examples/etl-pipeline.test.yaml', r.text, host).tests.every((t) => t.status === 'pass')).toBe(true);
  });

  it('a multi-line expectation is replaced by one line per decision of its step; one past the trace is removed', () => {
    const text = `rules: etl-pipeline.toml
tests:
  - name: t
    trace: traces/etl-walkthrough.yaml
    expect:
      # the first step
      - step: 1
        decision: allowed
      - { step: 99, decision: exit }   # too far
      - { step: 2, decision: allowed, tool: extract }
`;
    const r = updateTestText('examples/t.test.yaml', text, host);
    expect(r.text).toBe(`rules: etl-pipeline.toml
tests:
  - name: t
    trace: traces/etl-walkthrough.yaml
    expect:
      # the first step
      - { step: 1, decision: auto, tool: connect_db }
      - { step: 1, decision: blocked, tool: transform, code: PrerequisitesNotMet, rule: { number: "#3", tool: transform, type: RequiresPrecedingTools, conditions: [ extract ] } }
      - { step: 2, decision: allowed, tool: extract }
`);
    expect(r.changes[1]).toBe('"t": step 99: - exit (removed: the trace has 9 steps)');
  });

  it('a test with no expectations gets every decision pinned, and tests that cannot run are skipped', () => {
    const text = 'rules: hegel-minimal.yaml\ntests:\n  - name: fresh\n    trace:\n      - workflow_start: true\n      - next: [spec_complete]\n  - name: broken\n    rules: gone.yaml\n    trace: []\n';
    const r = updateTestText('examples/t.test.yaml', text, host);
    expect(r.text).toBe(`${text.slice(0, text.indexOf('  - name: broken'))}    expect:
      - { step: 1, decision: transition, to: spec }
      - { step: 2, decision: transition, to: plan }
    run:
      counts: { transition: 2 }
${text.slice(text.indexOf('  - name: broken'))}`);
    expect(r.changes).toEqual(['"fresh": pinned 2 decisions and their counts']);
    expect(r.skipped).toEqual(['"broken": rule file gone.yaml: no such file']);
  });
});

describe('a new test from a simulation', () => {
  it('pins every decision and the counts, and passes when run', () => {
    const all = runTestFile('examples/x.test.yaml', 'rules: etl-pipeline.toml\ntests:\n  - name: all\n    trace: traces/etl-walkthrough.yaml\n', host).tests[0]!;
    const text = newTestFileText({
      name: 'the walk-through as it is today',
      rules: ['etl-pipeline.toml'],
      trace: 'traces/etl-walkthrough.yaml',
      settings: { dedupeWindowMs: 0 },
      expect: pinAll(all.decisions, all.decisionSteps),
      run: { counts: pinCounts(all.decisions) },
    });
    expect(text).toContain('      - { step: 1, decision: blocked, tool: transform, code: PrerequisitesNotMet, rule: "#3" }\n');
    expect(text).toContain('settings: { dedupeWindowMs: 0 }');
    const back = runTestFile('examples/new.test.yaml', text, host).tests[0]!;
    expect(back.status).toBe('pass');
    expect(back.failures).toEqual([]);
  });
});
