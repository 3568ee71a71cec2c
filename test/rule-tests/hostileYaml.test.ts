/**
 * Issue 29: test files and scripted traces say where their YAML breaks (the reader once asked the
 * `yaml` package for `linePos`, which it leaves unset, so every error said line 1), and a test run
 * can drop its decisions once checked, so a file of long tests holds one run at a time.
 */
import { describe, expect, it } from 'vitest';
import { parseTestFile, runTestFile } from '../../src/core/tests/index.ts';
import { readScripted } from '../../src/core/traces/scripted.ts';
import { AGENT, hostOf } from './helpers.ts';

describe('YAML errors at their line', () => {
  it('a test file: the unclosed flow list is reported where the parser stops (line 5), not line 1', () => {
    const p = parseTestFile('t.test.yaml', 'rules: a.toml\ntests:\n  - name: x\n    trace: [\n');
    expect(p.ok).toBe(false);
    if (!p.ok) expect(p.problems[0]?.line).toBe(5);
    const q = parseTestFile('t.test.yaml', 'rules: a.toml\ntests:\n  - name: x\n    trace: "open\n');
    if (!q.ok) expect(q.problems.map((x) => x.line)).not.toContain(1);
    else expect.fail('parsed');
  });

  it('a test file: an undefined alias at its line and column', () => {
    const p = parseTestFile('t.test.yaml', 'rules: a.toml\ntests:\n  - name: x\n    trace: *nope\n');
    expect(p.ok).toBe(false);
    if (!p.ok) expect(p.problems[0]).toEqual({ line: 4, message: 'Unresolved alias (the anchor must be set before the alias): nope (column 12)' });
  });

  it('a scripted trace: errors on lines 5 and 7 say so, none says line 1', () => {
    const items = readScripted('start: 2025-01-01T00:00:00Z\nsteps:\n  - call: t0\n  - call: t0\n  - call: {t1\n  - call: t0\n  - call: "t0\n');
    const lines = items.map((i) => (i.kind === 'error' ? i.line : 0));
    expect(lines.length).toBeGreaterThan(0);
    expect(lines).not.toContain(1);
    expect(Math.min(...lines)).toBeGreaterThanOrEqual(5);
  });
});

describe('test runs drop their decisions when asked', () => {
  it('keeps them by default (for --update) and drops them with keepDecisions: false, same verdict', () => {
    const text = 'rules: small.toml\ntests:\n  - name: x\n    trace:\n      - call: a\n      - call: b\n';
    const kept = runTestFile('t.test.yaml', text, hostOf({ 'small.toml': AGENT }));
    const dropped = runTestFile('t.test.yaml', text, hostOf({ 'small.toml': AGENT }), { keepDecisions: false });
    expect(kept.tests[0]?.decisions.length).toBeGreaterThan(0);
    expect(dropped.tests[0]?.decisions).toEqual([]);
    expect(dropped.tests[0]?.decisionSteps).toEqual([]);
    expect({ ...dropped.tests[0], decisions: [], decisionSteps: [] }).toEqual({ ...kept.tests[0], decisions: [], decisionSteps: [] });
  });
});
