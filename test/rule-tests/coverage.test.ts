/** `test --coverage`: which rules decided an event in some test, as text, JSON and lcov. */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runRealCli } from '../cli/harness.ts';

const AGENT = [
  '[[agents]]',
  'name = "shop"',
  'tools = ["login", "buy", "refund", "logout"]',
  '',
  '[[agents.tool_rules]]',
  'tool_name = "login"',
  'rule_type = { type = "StartConstraint" }',
  '',
  '[[agents.tool_rules]]',
  'tool_name = "buy"',
  'rule_type = { type = "MaxCalls", value = 1 }',
  '',
  '[[agents.tool_rules]]',
  'tool_name = "refund"',
  'rule_type = { type = "MaxCalls", value = 1 }',
  '',
].join('\n');

const TESTS = [
  'rules: shop.toml',
  'tests:',
  '  - name: buy twice',
  '    trace:',
  '      - call: buy',
  '        args: { n: 1 }',
  '      - call: buy',
  '        args: { n: 2 }',
  '    expect:',
  '      - { step: 1, decision: auto, tool: login }',
  '      - { step: 2, decision: blocked, tool: buy, code: MaxCallsExceeded }',
  '',
].join('\n');

function project(): string {
  const dir = mkdtempSync(join(tmpdir(), 'rule-coverage-'));
  writeFileSync(join(dir, 'shop.toml'), AGENT);
  writeFileSync(join(dir, 'shop.test.yaml'), TESTS);
  return dir;
}

describe('test --coverage', () => {
  it('text: counts a rule covered when it decided an event (a refusal, an auto start call), and lists the others', async () => {
    const dir = project();
    const r = await runRealCli(['test', dir, '--coverage', 'text']);
    expect(r.code).toBe(0);
    const cov = r.stdout.slice(r.stdout.indexOf('Rule coverage'));
    expect(cov).toBe(
      [
        'Rule coverage: 2/3 rules decided an event (66.7%)',
        `  ${join(dir, 'shop.toml')}: agent shop: 2/3`,
        '    not covered: rule #3 MaxCalls on refund (line 13)',
        '',
      ].join('\n'),
    );
  });

  it('json: a versioned document with each rule, its line and hits', async () => {
    const dir = project();
    const out = join(dir, 'coverage.json');
    const r = await runRealCli(['test', dir, '--reporter', 'json', '--coverage', 'json', '--coverage-out', out]);
    expect(r.code).toBe(0);
    JSON.parse(r.stdout); // the report alone on stdout
    const doc = JSON.parse(readFileSync(out, 'utf8')) as { version: number; total: number; covered: number; rules: { rule: number; line: number; hits: number; label: string }[] };
    expect(doc.version).toBe(1);
    expect([doc.total, doc.covered]).toEqual([3, 2]);
    expect(doc.rules.map((x) => [x.rule, x.label, x.line, x.hits])).toEqual([
      [1, 'StartConstraint on login', 5, 1],
      [2, 'MaxCalls on buy', 9, 1],
      [3, 'MaxCalls on refund', 13, 0],
    ]);
  });

  it('lcov: one record per rule file, a DA line per rule', async () => {
    const dir = project();
    const out = join(dir, 'rules.lcov');
    expect((await runRealCli(['test', dir, '--coverage', 'lcov', '--coverage-out', out])).code).toBe(0);
    expect(readFileSync(out, 'utf8')).toBe(['TN:', `SF:${join(dir, 'shop.toml')}`, 'DA:5,1', 'DA:9,1', 'DA:13,0', 'LF:3', 'LH:2', 'end_of_record', ''].join('\n'));
  });

  it('refuses to mix a non-text report or coverage with the other on stdout', async () => {
    const dir = project();
    const r = await runRealCli(['test', dir, '--coverage', 'lcov']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--coverage-out');
  });
});
