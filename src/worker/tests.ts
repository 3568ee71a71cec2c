/**
 * Running the project's rule-set tests in the worker, with the core runners: the simulator's replay,
 * or for a test of Codex `.rules` or Gemini CLI policies that dialect's engine, as `rule-studio test`
 * chooses.
 */
import { policyTestDialect, runPolicyTestFile } from '../core/permissions/policyTests.ts';
import { projectTestHost } from '../core/tests/projectHost.ts';
import { runTestFile } from '../core/tests/run.ts';
import { TestRunRequest, type TestFileOutcome } from './protocol.ts';

/** Runs every test file of the request; a malformed request gives one file-level error. */
export function runProjectTests(raw: TestRunRequest): TestFileOutcome[] {
  const parsed = TestRunRequest.safeParse(raw);
  if (!parsed.success) return [{ id: '', name: '(request)', errors: [`Malformed test request: ${parsed.error.issues[0]?.message ?? 'invalid'}`], tests: [] }];
  const { tests, ruleFiles, traces } = parsed.data;
  const host = projectTestHost(ruleFiles, traces);
  return tests.map((t) => {
    const dialect = policyTestDialect(t.text, host);
    const r = dialect ? runPolicyTestFile(t.name, t.text, host, dialect) : runTestFile(t.name, t.text, host);
    return { id: t.id, name: t.name, errors: r.errors, tests: r.tests.map(({ decisions: _d, decisionSteps: _s, ...rest }) => rest), ...(dialect ? { dialect } : {}) };
  });
}
