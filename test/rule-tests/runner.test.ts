/** The rule-set test runner: per-step and whole-run expectations, setup errors, and that it replays as the simulator does. */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { replayItems } from '../../src/core/engine/replay.ts';
import { loadRuleFile } from '../../src/core/codecs/load.ts';
import { readTrace } from '../../src/core/traces/index.ts';
import { runTestFile } from '../../src/core/tests/index.ts';
import { AGENT, hostOf, run } from './helpers.ts';

const suite = (tests: string) => `rules: small.toml\nsettings: { dedupeWindowMs: 0 }\ntests:\n${tests}`;
const only = (text: string) => {
  const r = run(text, { 'small.toml': AGENT });
  expect(r.errors).toEqual([]);
  return r.tests[0]!;
};

describe('per-step expectations', () => {
  const trace = `    trace:
      - call: b
      - call: a
      - call: b
      - call: b
      - call: done
`;
  it('pass when one decision of the step matches every field named', () => {
    const t = only(suite(`  - name: ok
${trace}    expect:
      - { step: 1, decision: blocked, tool: b, code: PrerequisitesNotMet, rule: "#1", message: 'prerequisites ["a"]' }
      - { step: 2, decision: allowed, tool: a }
      - { step: 4, decision: blocked, code: MaxCallsExceeded, rule: 2 }
      - { step: 5, decision: exit }
`));
    expect(t.status).toBe('pass');
    expect(t.failures).toEqual([]);
    expect(t.steps).toBe(5);
  });

  it('a failure names the step, the expectation, the decision seen and why the engine decided it', () => {
    const t = only(suite(`  - name: wrong
${trace}    expect:
      - step: 3
        decision: blocked
        rule: "#1"
`));
    expect(t.status).toBe('fail');
    expect(t.failures).toHaveLength(1);
    const f = t.failures[0]!;
    expect(f.step).toBe(3);
    expect(f.line).toBe(12);
    expect(f.expected).toBe('step 3: blocked any tool rule #1');
    expect(f.seen).toBe('allowed `b`');
    expect(f.why.join('\n')).toMatch(/`b` passed every check and ran/);
  });

  it('explains the failure with the state at that step (what was called before)', () => {
    const t = only(suite(`  - name: wrong code
${trace}    expect:
      - { step: 1, decision: blocked, code: MaxCallsExceeded }
`));
    const f = t.failures[0]!;
    expect(f.seen).toContain('blocked `b` PrerequisitesNotMet rule #1');
    expect(f.why[0]).toMatch(/`b` was blocked/);
    expect(f.why.join('\n')).toContain('Rule #1');
  });

  it('decision: none holds only for a step that decides nothing; a step past the trace fails', () => {
    const wf = 'mode: m\nstart_node: s\nnodes:\n  s:\n    transitions:\n      - when: go\n        to: done\n';
    const r = run(`rules: wf.yaml\ntests:\n  - name: n\n    trace:\n      - workflow_start: true\n      - next: [nope]\n      - next: [go]\n    expect:\n      - { step: 2, decision: none }\n      - { step: 3, decision: none }\n      - { step: 3, decision: transition, to: done }\n      - { step: 9, decision: exit }\n`, { 'wf.yaml': wf });
    const t = r.tests[0]!;
    expect(t.failures.map((f) => [f.step, f.seen])).toEqual([
      [3, 'transition s → done'],
      [9, 'the trace has 3 steps'],
    ]);
  });

  it('matches interrupts by node, rule number, type and text', () => {
    const text = readFileSync('examples/hegel-execution.test.yaml', 'utf8').replace('rule: "#2", ruleType: repeated_command', 'rule: "#3", ruleType: repeated_command');
    const t = runTestFile('examples/hegel-execution.test.yaml', text, hostOf()).tests[0]!;
    expect(t.status).toBe('fail');
    expect(t.failures[0]).toMatchObject({ step: 14, expected: 'step 14: interrupt repeated_command rule #3 of node `code`, text contains "Repeated Command"' });
    expect(t.failures[0]!.seen).toMatch(/^interrupt repeated_command rule #2 of node `code`/);
  });
});

describe('whole-run expectations', () => {
  const trace = `    trace:
      - call: a
      - call: b
      - call: done
`;
  it('counts, exitsCleanly, noViolations and fires hold for a clean run', () => {
    const t = only(suite(`  - name: clean
${trace}    run: { counts: { allowed: 3, exit: 1, blocked: 0 }, exitsCleanly: true, noViolations: true, fires: ["#3"] }
`));
    expect(t.failures).toEqual([]);
  });

  it('each one that does not hold is a failure saying what was seen', () => {
    const t = only(suite(`  - name: dirty
    trace:
      - call: b
      - call: a
    run: { counts: { allowed: 3 }, exitsCleanly: true, noViolations: true, fires: ["#2", "#7"] }
`));
    expect(t.failures.map((f) => [f.step, f.expected, f.seen])).toEqual([
      [1, 'no violations', 'step 1: blocked `b` PrerequisitesNotMet rule #1: "Tool b cannot be executed: prerequisites [\\"a\\"] not met. Executed tools: []"'],
      [undefined, '3 allowed decisions', '1'],
      [undefined, 'exits cleanly', 'the agent loop never exited (no exit decision)'],
      [undefined, 'rule #2 (MaxCalls on `b`) fires at least once', 'it never fired'],
      [undefined, 'rule #7 fires at least once', 'the agent has 3 rules'],
    ]);
    expect(t.failures[0]!.why[0]).toMatch(/blocked/);
  });

  it('exitsCleanly and noViolations false assert the opposite', () => {
    const t = only(suite(`  - name: negated
${trace}    run: { exitsCleanly: false, noViolations: false }
`));
    expect(t.failures.map((f) => f.expected)).toEqual(['at least one violation', 'does not exit cleanly']);
  });

  it('an unusable trace line fails the test unless the test counts errors', () => {
    const bad = `    trace:
      - call: a
      - cal: b
`;
    expect(only(suite(`  - name: typo\n${bad}`)).failures[0]).toMatchObject({ step: 2, seen: expect.stringContaining("step 2: error") });
    expect(only(suite(`  - name: expected\n${bad}    run: { counts: { error: 1 } }\n`)).status).toBe('pass');
  });

  it('fires names workflow rules by node and number', () => {
    const text = readFileSync('examples/hegel-execution.test.yaml', 'utf8').replace('- { node: readme, rule: "#1" }', '- { node: readme, rule: "#1" }\n        - { node: code, rule: "#5" }');
    const t = runTestFile('x.test.yaml', text, hostOf()).tests[0]!;
    expect(t.failures.map((f) => f.expected)).toEqual(['workflow rule #5 of node `code` (phase_timeout) fires at least once']);
  });
});

describe('tests that cannot run', () => {
  it('a missing rule or trace file, or rule files with errors, give status error with the reason', () => {
    const missing = run('rules: nope.toml\ntests:\n  - name: m\n    trace: [ { call: a } ]\n').tests[0]!;
    expect(missing).toMatchObject({ status: 'error', errors: ['rule file nope.toml: no such file'] });
    const trace = run('rules: small.toml\ntests:\n  - name: m\n    trace: gone.yaml\n', { 'small.toml': AGENT }).tests[0]!;
    expect(trace.errors).toEqual(['trace gone.yaml: no such file']);
    const broken = run('rules: bad.toml\ntests:\n  - name: m\n    trace: [ { call: a } ]\n', { 'bad.toml': '[[agents]\n' }).tests[0]!;
    expect(broken.status).toBe('error');
    expect(broken.errors.join('\n')).toMatch(/bad\.toml:1:\d+ F001/);
    const agent = run('rules: small.toml\nagent: other\ntests:\n  - name: m\n    trace: [ { call: a } ]\n', { 'small.toml': AGENT }).tests[0]!;
    expect(agent.errors.join('\n')).toContain("No agent named 'other'");
  });

  it('a test file that does not read gives errors with lines, and runs nothing', () => {
    expect(run('tests:\n  - name: x\n    trace: []\n    expect:\n      - { step: 1, decison: allowed }\n').errors).toEqual([
      'line 5:20: tests[0].expect[0]: Unrecognized key: "decison"',
    ]);
    // a value not among those allowed: where it is written, and what it most likely misspells (review14)
    expect(run('tests:\n  - name: x\n    trace: []\n    expect:\n      - step: 1\n        decision: alowed\n').errors[0]).toMatch(/^line 6:19: tests\[0\]\.expect\[0\]\.decision: "alowed" is not one of allowed, auto, .* \(did you mean "allowed"\?\)$/);
    expect(run('tests:\n  - name: x\n    trace: []\n    expect:\n      - step: 1\n        rule: #3\n').errors[0]).toMatch(/^line 6:15: tests\[0\]\.expect\[0\]\.rule: write the rule number in quotes, "#3"/);
    expect(run('tests:\n  - name: x\n    trace: []\n  - name: x\n    trace: []\n').errors).toEqual(['line 4: tests[1].name: "x" is also the name of tests[0]']);
    expect(run('tests: [\n').errors[0]).toMatch(/^line \d+: YAML syntax error/);
    expect(run('').errors).toEqual(['line 1: the test file is empty (expected rules, settings and tests)']);
  });
});

describe('one semantics: the runner replays exactly as the simulator', () => {
  it.each([
    ['etl-pipeline.toml', 'traces/etl-walkthrough.yaml'],
    ['hegel-execution.yaml', 'traces/execution-session.yaml'],
  ])('%s with %s gives the decisions of replayItems', (rules, trace) => {
    const text = `rules: ${rules}\ntests:\n  - name: all\n    trace: ${trace}\n`;
    const t = runTestFile('examples/x.test.yaml', text, hostOf()).tests[0]!;
    const file = loadRuleFile(rules, readFileSync(`examples/${rules}`, 'utf8'));
    const items = readTrace(trace, readFileSync(`examples/${trace}`, 'utf8')).items;
    const direct = replayItems(items, { ...(file.agents[0] ? { agent: file.agents[0] } : {}), ...(file.workflows[0] ? { workflow: file.workflows[0] } : {}) });
    expect(t.decisions).toEqual(direct);
    expect(t.decisions.length).toBeGreaterThan(5);
  });
});

describe('the gallery examples', () => {
  const files = readdirSync('examples').filter((f) => f.endsWith('.test.yaml'));
  it('every rule file of the gallery has a test file', () => {
    // Pattern TOML, hegel YAML and Claude Code settings JSON (a Letta `.af` file has no rule-set tests).
    const rules = readdirSync('examples').filter((f) => /\.(toml|ya?ml|json)$/.test(f) && !f.endsWith('.test.yaml'));
    expect(files.map((f) => f.replace('.test.yaml', '')).sort()).toEqual(rules.map((f) => f.replace(/\.(toml|ya?ml|json)$/, '')).sort());
  });
  it.each(files)('%s passes, and each of its tests checks something', (name) => {
    const r = runTestFile(`examples/${name}`, readFileSync(`examples/${name}`, 'utf8'), hostOf());
    expect(r.errors).toEqual([]);
    for (const t of r.tests) {
      expect(t.failures, t.name).toEqual([]);
      expect(t.status).toBe('pass');
    }
  });
});
