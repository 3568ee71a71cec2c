/**
 * The studio's Tests view runs a test file of Codex `.rules` or Gemini CLI policies as
 * `rule-studio test` does (the gallery's two dialect test files): before, the worker read them as
 * generic rule-set tests and reported every `decision: allow` and `rule: file:line` as a problem.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runProjectTests } from '../../src/worker/tests.ts';

const read = (p: string) => readFileSync(p, 'utf8');
/** A project as the studio holds it: documents and traces by their base names. */
const project = (rules: string[], traces: string[]) => ({
  ruleFiles: rules.map((p) => ({ name: p.slice(p.lastIndexOf('/') + 1), text: read(p) })),
  traces: traces.map((p) => ({ name: p.slice(p.lastIndexOf('/') + 1), text: read(p) })),
});

describe('dialect test files in the studio', () => {
  it('runs the Codex gallery test with Codex decisions: every test passes', () => {
    const [file] = runProjectTests({ tests: [{ id: 't', name: 'codex-default.test.yaml', text: read('examples/dialect-tests/codex-default.test.yaml') }], ...project(['examples/codex-default.rules'], ['examples/traces/codex-session.jsonl']) });
    expect(file?.dialect).toBe('codex');
    expect(file?.errors).toEqual([]);
    expect(file?.tests.length).toBeGreaterThan(3);
    expect(file?.tests.filter((t) => t.status !== 'pass')).toEqual([]);
  });

  it('runs the Gemini gallery test with Gemini decisions: every test passes', () => {
    const text = read('examples/dialect-tests/gemini-policies.test.yaml');
    const [file] = runProjectTests({ tests: [{ id: 't', name: 'gemini-policies.test.yaml', text }], ...project(['examples/gemini-policies/admin/org.toml', 'examples/gemini-policies/user/dev.toml'], []) });
    expect(file?.dialect).toBe('gemini');
    expect(file?.errors).toEqual([]);
    expect(file?.tests.filter((t) => t.status !== 'pass').map((t) => [t.name, t.errors, t.failures])).toEqual([]);
  });

  it('reports a wrong expectation as a failure at its step, not as a problem of the file', () => {
    const text = read('examples/dialect-tests/codex-default.test.yaml').replace('{ step: 1, decision: forbidden, rule: codex-default.rules:15 }', '{ step: 1, decision: allow, rule: codex-default.rules:15 }');
    const [file] = runProjectTests({ tests: [{ id: 't', name: 'codex-default.test.yaml', text }], ...project(['examples/codex-default.rules'], ['examples/traces/codex-session.jsonl']) });
    const failed = file?.tests.filter((t) => t.status === 'fail') ?? [];
    expect(failed.map((t) => t.name)).toEqual(['recursive deletes are forbidden, whatever follows']);
    expect(failed[0]?.failures[0]?.step).toBe(1);
  });
});
