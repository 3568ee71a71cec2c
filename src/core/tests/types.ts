/** Results of rule-set tests, shared by the runner, the reporters, the CLI and the studio. */
import type { Decision } from '../engine/decisions.ts';

/** `pass`; `fail`: an expectation did not hold; `error`: the test could not run (missing file, rule errors). */
export type TestStatus = 'pass' | 'fail' | 'error';

/** One expectation that did not hold. */
export interface TestFailure {
  /** The step (1-based, as the simulator counts) the failure is about, when it is about one. */
  step?: number;
  /** Line of the expectation in the test file. */
  line: number;
  /** The expectation, in words (`step 3: blocked PrerequisitesNotMet rule #3`). */
  expected: string;
  /** What the run gave instead. */
  seen: string;
  /** Why the engine decided that: the explanation of the decision seen (summary, then details). */
  why: string[];
}

/** The outcome of one test. */
export interface TestResult {
  name: string;
  /** Line of the test in its file. */
  line: number;
  status: TestStatus;
  failures: TestFailure[];
  /** Why the test could not run (status `error`). */
  errors: string[];
  /** What changed without failing it: `step 5: rule #5 is now #4` (a rule found by its identity at another number). */
  notes?: string[];
  /** Trace items replayed. */
  steps: number;
  /** Every decision of the run (empty when the test could not run, or the runner was asked not to keep them). */
  decisions: Decision[];
  /** The 0-based trace item of each decision (parallel to `decisions`). */
  decisionSteps: number[];
}

/** The outcome of one test file. */
export interface TestFileResult {
  file: string;
  /** Problems that kept the whole file from running (YAML, schema), `line N: …`. */
  errors: string[];
  tests: TestResult[];
}

/** Totals over several files. */
export interface TestTotals {
  files: number;
  tests: number;
  passed: number;
  failed: number;
  errors: number;
}

/** Counts tests by outcome; a file that could not be read counts as one error. */
export function totals(results: readonly TestFileResult[]): TestTotals {
  const t: TestTotals = { files: results.length, tests: 0, passed: 0, failed: 0, errors: 0 };
  for (const f of results) {
    if (f.errors.length > 0) t.errors++;
    for (const r of f.tests) {
      t.tests++;
      if (r.status === 'pass') t.passed++;
      else if (r.status === 'fail') t.failed++;
      else t.errors++;
    }
  }
  return t;
}

/** True when every test of every file passed and every file could be read. */
export function allPassed(results: readonly TestFileResult[]): boolean {
  const t = totals(results);
  return t.failed === 0 && t.errors === 0;
}
