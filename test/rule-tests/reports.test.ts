/** Reports of a test run: JUnit XML (checked by an XML parser), TAP 13, JSON and the readable text. */
import { readFileSync } from 'node:fs';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { jsonReport, junitReport, runTestFile, tapReport, textReport, type TestFileResult } from '../../src/core/tests/index.ts';
import { hostOf } from './helpers.ts';

/** The ETL example, one expectation broken, plus a file that does not read and a test that cannot run. */
function mixedResults(): TestFileResult[] {
  const etl = readFileSync('examples/etl-pipeline.test.yaml', 'utf8').replace('{ step: 4, decision: allowed, tool: load }', '{ step: 4, decision: blocked, tool: load }');
  return [
    runTestFile('examples/etl-pipeline.test.yaml', etl, hostOf()),
    runTestFile('bad <&>.test.yaml', 'tests: 3\n', hostOf()),
    runTestFile('x.test.yaml', 'rules: gone.toml\ntests:\n  - name: needs "gone" & <more>\n    trace: []\n', hostOf()),
  ];
}

describe('JUnit XML', () => {
  it('is well-formed and holds one suite per file, one case per test, failures and errors where they belong', () => {
    const xml = junitReport(mixedResults());
    expect(XMLValidator.validate(xml)).toBe(true);
    const doc = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', isArray: (name) => ['testsuite', 'testcase'].includes(name) }).parse(xml) as {
      testsuites: { tests: string; failures: string; errors: string; testsuite: { name: string; tests: string; failures: string; errors: string; testcase: { name: string; failure?: { message: string; '#text': string }; error?: { message: string } }[] }[] };
    };
    const root = doc.testsuites;
    expect([root.tests, root.failures, root.errors]).toEqual(['4', '1', '2']);
    const [etl, bad, missing] = root.testsuite;
    expect(etl!.name).toBe('examples/etl-pipeline.test.yaml');
    expect([etl!.tests, etl!.failures, etl!.errors]).toEqual(['2', '1', '0']);
    const failed = etl!.testcase.find((c) => c.failure)!;
    expect(failed.name).toBe('the guided walk-through');
    expect(failed.failure!.message).toBe('step 4: blocked `load` — seen allowed `load`');
    expect(failed.failure!['#text']).toContain('why: `load` passed every check and ran');
    expect(etl!.testcase.find((c) => !c.failure)!.name).toBe('the happy path exits cleanly with no violations');
    expect(bad!.name).toBe('bad <&>.test.yaml');
    expect(bad!.testcase[0]!.error!.message).toMatch(/^line 1:8: tests: /);
    expect(missing!.testcase[0]!.name).toBe('needs "gone" & <more>');
    expect(missing!.testcase[0]!.error!.message).toBe('rule file gone.toml: no such file');
  });

  it('drops characters XML 1.0 cannot hold instead of writing an invalid document', () => {
    const r = runTestFile('x.test.yaml', 'rules: gone.toml\ntests:\n  - name: "bell \\a and escape \\e"\n    trace: []\n', hostOf());
    const xml = junitReport([r]);
    expect(XMLValidator.validate(xml)).toBe(true);
    expect(xml).toContain('name="bell  and escape "');
  });
});

describe('TAP, JSON and text', () => {
  it('TAP numbers every test and gives failures as YAML diagnostics', () => {
    const tap = tapReport(mixedResults()).split('\n');
    expect(tap.slice(0, 2)).toEqual(['TAP version 13', '1..4']);
    expect(tap.filter((l) => /^(not )?ok /.test(l))).toEqual([
      'not ok 1 - examples/etl-pipeline.test.yaml > the guided walk-through',
      'ok 2 - examples/etl-pipeline.test.yaml > the happy path exits cleanly with no violations',
      'not ok 3 - bad <&>.test.yaml',
      'not ok 4 - x.test.yaml > needs "gone" & <more>',
    ]);
    expect(tap).toContain('    expected: step 4: blocked `load`');
  });

  it('JSON carries totals and each failure', () => {
    const json = JSON.parse(jsonReport(mixedResults())) as { totals: unknown; files: { tests: { status: string; failures: { step?: number }[] }[] }[] };
    expect(json.totals).toEqual({ files: 3, tests: 3, passed: 1, failed: 1, errors: 2 });
    expect(json.files[0]!.tests.map((t) => t.status)).toEqual(['fail', 'pass']);
    expect(json.files[0]!.tests[0]!.failures[0]!.step).toBe(4);
  });

  it('the text report shows the failing step, expected and seen, why, and totals', () => {
    const text = textReport(mixedResults());
    expect(text).toContain('  FAIL  the guided walk-through (examples/etl-pipeline.test.yaml:10)');
    expect(text).toContain('        step 4 (line 20):\n          expected: blocked `load`\n          seen:     allowed `load`\n          why:      `load` passed every check and ran');
    expect(text).toContain('rule file gone.toml: no such file');
    expect(text.trimEnd().split('\n').at(-1)).toBe('3 tests in 3 files: 1 passed, 1 failed, 2 errors');
    expect(text).not.toContain('PASS');
    expect(textReport(mixedResults(), { verbose: true })).toContain('  PASS  the happy path exits cleanly with no violations (4 steps)');
  });
});
