/** The run as JSON for tools: per file and per test, status and failures (decisions left out). */
import { totals, type TestFileResult } from '../types.ts';

/** A JSON document `{ totals, files: [{ file, errors, tests: [{ name, line, status, steps, failures, errors }] }] }`. */
export function jsonReport(results: readonly TestFileResult[]): string {
  const files = results.map((f) => ({
    file: f.file,
    errors: f.errors,
    tests: f.tests.map((t) => ({ name: t.name, line: t.line, status: t.status, steps: t.steps, failures: t.failures, errors: t.errors })),
  }));
  return `${JSON.stringify({ totals: totals(results), files }, null, 2)}\n`;
}
