/** The human report of a test run: one line per test, and for each failure the step, expected vs seen, and why. */
import { totals, type TestFileResult, type TestResult } from '../types.ts';
import { append } from '../../model/append.ts';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function testLines(file: string, t: TestResult, verbose: boolean): string[] {
  if (t.status === 'pass') return verbose ? [`  PASS  ${t.name} (${plural(t.steps, 'step')})`] : [];
  if (t.status === 'error') return [`  ERROR ${t.name} (${file}:${t.line})`, ...t.errors.map((e) => `        ${e}`)];
  const out = [`  FAIL  ${t.name} (${file}:${t.line})`];
  for (const f of t.failures) {
    out.push(`        ${f.step !== undefined ? `step ${f.step}` : 'run'} (line ${f.line}):`);
    out.push(`          expected: ${f.expected.replace(/^step \d+: /, '')}`);
    out.push(`          seen:     ${f.seen}`);
    if (f.why.length > 0) {
      out.push(`          why:      ${f.why[0]}`);
      for (const w of f.why.slice(1)) out.push(`                    - ${w}`);
    }
  }
  return out;
}

/**
 * The readable report: failing and erroring tests in full (passing ones listed when `verbose`),
 * then a total line such as `5 tests: 4 passed, 1 failed`.
 */
export function textReport(results: readonly TestFileResult[], opts: { verbose?: boolean } = {}): string {
  const out: string[] = [];
  for (const f of results) {
    const lines = f.errors.length > 0 ? [`  ERROR the test file cannot be read:`, ...f.errors.map((e) => `        ${e}`)] : f.tests.flatMap((t) => testLines(f.file, t, opts.verbose ?? false));
    const passed = f.tests.filter((t) => t.status === 'pass').length;
    append(out, [`${f.file}: ${f.errors.length > 0 ? 'not run' : `${passed}/${f.tests.length} passed`}`, ...lines]);
  }
  const t = totals(results);
  const parts = [`${t.passed} passed`];
  if (t.failed > 0) parts.push(`${t.failed} failed`);
  if (t.errors > 0) parts.push(`${plural(t.errors, 'error')}`);
  out.push('', `${plural(t.tests, 'test')} in ${plural(t.files, 'file')}: ${parts.join(', ')}`);
  return out.join('\n');
}
