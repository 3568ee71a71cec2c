/** `rule-studio test`: finds and runs the tests of a folder, exit codes, reporters and --update, on real files. */
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { runRealCli } from './harness.ts';

const cli = (...argv: string[]) => runRealCli(argv);

/** A copy of the examples folder to break. */
function copyOfExamples(): string {
  const dir = mkdtempSync(join(tmpdir(), 'rule-tests-'));
  cpSync('examples', dir, { recursive: true });
  return dir;
}

describe('rule-studio test', () => {
  it('passes on the examples folder', async () => {
    const r = await cli('test', 'examples/');
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/\n24 tests in 10 files: 24 passed\n$/);
  });

  it('exits 1 when a rule is broken, naming the step, the expected and seen decision, and the rule', async () => {
    const dir = copyOfExamples();
    const rules = join(dir, 'etl-pipeline.toml');
    // MaxCalls 1 on load becomes 2: the second load is no longer refused
    writeFileSync(rules, readFileSync(rules, 'utf8').replace('{ type = "MaxCalls", value = 1 }', '{ type = "MaxCalls", value = 2 }'));
    const r = await cli('test', dir);
    expect(r.code).toBe(1);
    const file = join(dir, 'etl-pipeline.test.yaml');
    expect(r.stdout).toContain(`  FAIL  the guided walk-through (${file}:10)`);
    expect(r.stdout).toContain('        step 5 (line 21):\n          expected: blocked `load` MaxCallsExceeded rule #5\n          seen:     allowed `load`\n');
    expect(r.stdout).toMatch(/expected: rule #5 \(MaxCalls on `load`\) fires at least once\n\s+seen:\s+it never fired/);
    expect(r.stdout).toMatch(/24 tests in 10 files: 23 passed, 1 failed\n$/);
  });

  it('--reporter junit prints valid JUnit XML with the failure', async () => {
    const dir = copyOfExamples();
    const rules = join(dir, 'api-client.toml');
    writeFileSync(rules, readFileSync(rules, 'utf8').replace('{ type = "Cooldown", value = 2 }', '{ type = "Cooldown", value = 0 }'));
    const r = await cli('test', dir, '--reporter', 'junit');
    expect(r.code).toBe(1);
    expect(XMLValidator.validate(r.stdout)).toBe(true);
    expect(r.stdout).toMatch(/<testsuites name="rule-studio test" tests="24" failures="1" errors="0" time="\d+\.\d{3}" timestamp="\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d">/);
    expect(r.stdout).toContain('<failure message="step 2: blocked `post` CooldownActive rule #5 — seen allowed `post`"');
  });

  it('--update records the decisions seen, prints what changed, and the tests pass afterwards', async () => {
    const dir = copyOfExamples();
    const rules = join(dir, 'etl-pipeline.toml');
    writeFileSync(rules, readFileSync(rules, 'utf8').replace('{ type = "MaxCalls", value = 1 }', '{ type = "MaxCalls", value = 2 }'));
    const u = await cli('test', join(dir, 'etl-pipeline.test.yaml'), '--update');
    expect(u.code).toBe(0);
    expect(u.stdout).toContain('etl-pipeline.test.yaml: updated\n  "the guided walk-through": step 5: - blocked `load` MaxCallsExceeded rule #5  + allowed `load`\n');
    expect(readFileSync(join(dir, 'etl-pipeline.test.yaml'), 'utf8')).toContain('      - { step: 5, decision: allowed, tool: load }\n');
    expect((await cli('test', dir)).code).toBe(0);
  });

  it('bad usage and missing paths exit 2', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'rule-tests-'));
    const none = await cli('test', empty);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('no test files (*.test.yaml) under');
    expect((await cli('test', 'examples', '--reporter', 'xml')).code).toBe(2);
    expect((await cli('test', join(empty, 'missing'))).stderr).toContain('no such file');
  });
});
