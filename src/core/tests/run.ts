/**
 * The rule-set test runner: replays each test's trace with the simulator's own replay (one step
 * function, `createReplay`), checks the per-step expectations as the steps go by, then the
 * expectations about the whole run. A failure says which expectation, at which step, what was
 * expected and what was seen, and why the engine decided that (the simulator's explanation).
 */
import type { Decision } from '../engine/decisions.ts';
import { createReplay, type ReplayConfig, type ReplaySnapshot } from '../engine/replay.ts';
import { explainDecision } from '../simulator/explain.ts';
import type { TraceItem } from '../traces/events.ts';
import { parseTestFile, problemPlace, type ParsedTestFile } from './parse.ts';
import { checkRun } from './runChecks.ts';
import type { StepExpectation, TestCase } from './schema.ts';
import { setUpTest, type TestHost } from './setup.ts';
import { describeDecision, describeExpectation, matchStep } from './stepMatch.ts';
import type { TestFailure, TestFileResult, TestResult } from './types.ts';
import { append } from '../model/append.ts';
import type { CoverageSink } from './coverage.ts';
import type { Agent } from '../model/toolRules.ts';
import { resolveRuleRef } from './ruleRef.ts';

export type { TestHost, ReadResult } from './setup.ts';

/** Explains a decision with the state after its step, as the simulator's Explanation panel does. */
export type Explainer = (d: Decision, step: number) => string[];

function whyLines(d: Decision, config: ReplayConfig, state: ReplaySnapshot | undefined, item: TraceItem | undefined): string[] {
  const e = explainDecision(d, {
    ...(config.agent ? { agent: config.agent } : {}),
    ...(config.workflow ? { workflow: config.workflow } : {}),
    ...(config.settings ? { settings: config.settings } : {}),
    ...(state ? { state } : {}),
    ...(item?.kind === 'event' ? { event: item.event } : {}),
  });
  return [e.summary, ...e.details, ...(e.engine ? [`${e.engine.code}: ${e.engine.message}`] : [])];
}

/** Explains decisions of a finished run by replaying up to their step (only used for failures). */
function laterExplainer(items: readonly TraceItem[], config: ReplayConfig): Explainer {
  return (d, step) => {
    const replay = createReplay(config);
    for (let i = 0; i <= step && i < items.length; i++) replay.push(items[i] as TraceItem);
    return whyLines(d, config, replay.snapshot(), items[step]);
  };
}

function stepFailure(e: StepExpectation, line: number, seen: readonly Decision[], closest: Decision | undefined, why: string[], agent: Agent | undefined): TestFailure {
  return {
    step: e.step,
    line,
    expected: `step ${e.step}: ${describeExpectation(e, agent)}`,
    seen: seen.length === 0 ? 'no decision' : seen.map(describeDecision).join('; '),
    why: closest ? why : [],
  };
}

/** Options of the test runner. */
export interface RunTestOptions {
  /**
   * Keep every decision of each run in its result (default true: `--update` pins them). False
   * drops them once the run's expectations are checked, so a file of many long tests holds one
   * run's decisions at a time (20 tests of 1M events each once took `test` to 2.9 GB and a crash).
   */
  keepDecisions?: boolean;
  /** Run only the tests whose name this accepts (`test --filter`); the others are left out of the result. */
  only?: (name: string) => boolean;
  /** Where each run's rules and decisions go for `test --coverage`. */
  coverage?: CoverageSink;
}

/** Runs test `index` of a parsed file. Never throws. */
export function runTest(parsed: ParsedTestFile, index: number, host: TestHost, options: RunTestOptions = {}): TestResult {
  const test = parsed.suite.tests[index] as TestCase;
  const line = parsed.lineAt(['tests', index]);
  const base = { name: test.name, line };
  const setup = setUpTest(parsed, index, host);
  if (!setup.ok) return { ...base, status: 'error', failures: [], errors: setup.errors, steps: 0, decisions: [], decisionSteps: [] };
  const { prepared, settings, items } = setup;
  const config: ReplayConfig = {
    ...(prepared.agent ? { agent: prepared.agent } : {}),
    ...(prepared.workflow ? { workflow: prepared.workflow } : {}),
    settings,
  };
  const expectations = test.expect ?? [];
  const byStep = new Map<number, { e: StepExpectation; line: number }[]>();
  expectations.forEach((e, i) => {
    const list = byStep.get(e.step - 1) ?? [];
    list.push({ e, line: parsed.lineAt(['tests', index, 'expect', i]) });
    byStep.set(e.step - 1, list);
  });

  options.coverage?.rules(setup.files, prepared.agent, prepared.workflow);
  const replay = createReplay(config);
  const failures: TestFailure[] = [];
  const notes: string[] = [];
  const decisions: Decision[] = [];
  const decisionSteps: number[] = [];
  for (let step = 0; step < items.length; step++) {
    const item = items[step] as TraceItem;
    const out = replay.push(item);
    for (const d of out) {
      decisions.push(d);
      decisionSteps.push(step);
      options.coverage?.decision(d);
    }
    const here = byStep.get(step);
    if (!here) continue;
    let state: ReplaySnapshot | undefined;
    for (const { e, line: eLine } of here) {
      const m = matchStep(e, out, prepared.agent);
      if (m.ok) {
        // a rule found by its identity at another number: passes, and says so
        const moved = e.rule === undefined ? undefined : resolveRuleRef(e.rule, prepared.agent).note;
        if (moved) notes.push(`step ${e.step}: ${moved}`);
        continue;
      }
      state ??= replay.snapshot();
      failures.push(stepFailure(e, eLine, out, m.closest, m.closest ? whyLines(m.closest, config, state, item) : [], prepared.agent));
    }
  }
  for (const [step, list] of byStep)
    if (step >= items.length)
      for (const { e, line: eLine } of list)
        failures.push({ step: e.step, line: eLine, expected: `step ${e.step}: ${describeExpectation(e, prepared.agent)}`, seen: `the trace has ${items.length} step${items.length === 1 ? '' : 's'}`, why: [] });

  append(
    failures,
    checkRun({
      run: test.run,
      line: parsed.lineAt(['tests', index, 'run']),
      decisions,
      decisionSteps,
      ...(prepared.agent ? { agent: prepared.agent } : {}),
      ...(prepared.workflow ? { workflow: prepared.workflow } : {}),
      explain: laterExplainer(items, config),
    }),
  );
  failures.sort((a, b) => (a.step ?? Infinity) - (b.step ?? Infinity) || a.line - b.line);
  const keep = options.keepDecisions ?? true;
  return {
    ...base,
    status: failures.length > 0 ? 'fail' : 'pass',
    failures,
    ...(notes.length > 0 ? { notes } : {}),
    errors: [],
    steps: items.length,
    decisions: keep ? decisions : [],
    decisionSteps: keep ? decisionSteps : [],
  };
}

/** Runs every test of a parsed file, one after the other. */
export function runParsedTestFile(parsed: ParsedTestFile, host: TestHost, options: RunTestOptions = {}): TestFileResult {
  const tests: TestResult[] = [];
  parsed.suite.tests.forEach((t, i) => {
    if (!options.only || options.only(t.name)) tests.push(runTest(parsed, i, host, options));
  });
  return { file: parsed.file, errors: [], tests };
}

/** Reads and runs a test file. Never throws: a file that does not read gives `errors`. */
export function runTestFile(file: string, text: string, host: TestHost, options: RunTestOptions = {}): TestFileResult {
  const p = parseTestFile(file, text);
  if (!p.ok) return { file, errors: p.problems.map((x) => `${problemPlace(x)}: ${x.message}`), tests: [] };
  return runParsedTestFile(p.parsed, host, options);
}
