/**
 * Rule-set tests (`docs/rule-tests.md`): the test file format, the runner (the simulator's replay,
 * one step function), pinning decisions as expectations, `--update`, and the reports.
 */
export { TestFile, TestCase, StepExpectation, RunExpectation, RuleNumberRef, TestSettings, EXPECTED_KINDS, testFileJsonSchema } from './schema.ts';
export { parseTestFile, MAX_TEST_FILE_CHARS, type ParsedTestFile, type TestFileParse, type TestFileProblem } from './parse.ts';
export { runTest, runTestFile, runParsedTestFile, type RunTestOptions, type TestHost, type ReadResult } from './run.ts';
export { describeDecision, describeExpectation, matchStep } from './stepMatch.ts';
export { pinDecision, pinStep, pinAll, pinCounts } from './pin.ts';
export { newTestFileText, type NewTest } from './write.ts';
export { updateTestText, type UpdateResult } from './update.ts';
export { allPassed, totals, type TestFailure, type TestFileResult, type TestResult, type TestStatus, type TestTotals } from './types.ts';
export { textReport } from './report/text.ts';
export { junitReport, xmlEscape, type JunitTimes } from './report/junit.ts';
export { tapReport } from './report/tap.ts';
export { jsonReport } from './report/json.ts';
export { isTestFileName } from './fileName.ts';
export { findNamed, projectTestHost, type NamedText } from './projectHost.ts';
export { RuleCoverage, coverageText, coverageJson, coverageLcov, type CoveredRule, type CoverageSink } from './coverage.ts';
