/** `test`'s run: runs rule-set tests and prints a report (see `test.ts`). */
import { dirname, isAbsolute, join } from 'node:path';
import {
  allPassed,
  coverageJson,
  coverageLcov,
  coverageText,
  RuleCoverage,
  isTestFileName,
  jsonReport,
  junitReport,
  runTestFile,
  tapReport,
  textReport,
  updateTestText,
  type JunitTimes,
  type TestFileResult,
  type TestHost,
} from '../../core/tests/index.ts';
import { EXIT, type CliContext } from '../context.ts';
import { jsonTermSafe, termSafe, termSafeData, xmlTermSafe } from '../escape.ts';
import { UnreadableError } from '../io.ts';
import { UsageError, type ParsedArgs } from '../registry.ts';
import { nameFilter, type Reporter } from './test.ts';
import { policyTestDialect, runPolicyTestFile } from '../../core/permissions/policyTests.ts';

/** Rule and trace files named by a test are read relative to the test file. */
function hostFor(file: string, ctx: CliContext): TestHost {
  return {
    readFile(path) {
      const full = isAbsolute(path) ? path : join(dirname(file), path);
      try {
        return { ok: true, text: ctx.readText(full) };
      } catch (e) {
        if (e instanceof UnreadableError) return { ok: false, message: e.message };
        throw e;
      }
    },
  };
}

/** The test files the paths name: files as given, folders searched for `*.test.yaml`. */
function findTestFiles(paths: readonly string[], ctx: CliContext): string[] {
  const out: string[] = [];
  for (const path of paths) {
    const found = ctx.listFiles ? ctx.listFiles(path) : [path];
    const tests = found.length === 1 && found[0] === path ? found : found.filter(isTestFileName);
    if (tests.length === 0) throw new UsageError(`no test files (*.test.yaml) under ${termSafe(path)}`);
    for (const t of tests) if (!out.includes(t)) out.push(t);
  }
  return out;
}

/**
 * The results with every value a line-oriented report prints escaped ({@link termSafe}): a name
 * holding a newline cannot start a line of its own (a `::` workflow command, a forged `ok 2`).
 */
const lineSafe = (results: readonly TestFileResult[]): TestFileResult[] =>
  results.map((f) => ({
    ...f,
    file: termSafe(f.file),
    errors: termSafeData(f.errors),
    tests: f.tests.map((t) => ({ ...t, name: termSafe(t.name), errors: termSafeData(t.errors), failures: termSafeData(t.failures) })),
  }));

function report(results: readonly TestFileResult[], reporter: Reporter, verbose: boolean, times: JunitTimes): string {
  switch (reporter) {
    case 'junit':
      return xmlTermSafe(junitReport(results, undefined, times));
    case 'tap':
      return tapReport(lineSafe(results));
    case 'json':
      return jsonTermSafe(jsonReport(results));
    case 'text':
      return textReport(lineSafe(results), { verbose });
  }
}

export function runTest(args: ParsedArgs, ctx: CliContext): number {
  const reporter = (args.value('reporter') ?? 'text') as Reporter;
  // --update prints what it changed, as text; a JUnit/TAP/JSON reader would get no report at all,
  // so the combination is refused rather than answered in another format than asked.
  if (args.flag('update') && args.value('reporter') !== undefined && reporter !== 'text')
    throw new UsageError(`--update prints what it changed as text and runs no report; --reporter ${reporter} cannot go with it (run the tests again without --update for the ${reporter} report)`);
  const filter = args.value('filter');
  const only = filter === undefined ? undefined : nameFilter(filter);
  const files = findTestFiles(args.positionals.length > 0 ? args.positionals : ['.'], ctx);
  if (args.flag('update')) {
    if (filter !== undefined) throw new UsageError('--update records every test of a file; --filter cannot go with it');
    return update(files, ctx);
  }
  const coverageFormat = args.value('coverage') as 'text' | 'json' | 'lcov' | undefined;
  const coverageOut = args.value('coverage-out');
  if (coverageOut !== undefined && coverageFormat === undefined) throw new UsageError('--coverage-out names where --coverage goes: give --coverage text|json|lcov too');
  if (coverageFormat !== undefined && (coverageOut === undefined || coverageOut === '-') && (coverageFormat !== 'text' || reporter !== 'text'))
    throw new UsageError(`the ${reporter} report and the ${coverageFormat} coverage cannot share stdout: give --coverage-out <file>`);
  const coverage = coverageFormat === undefined ? undefined : new RuleCoverage();
  const timestamp = new Date().toISOString().replace(/\.\d+Z$/, '');
  const seconds: number[] = [];
  // Each run's decisions are dropped once its expectations are checked: the report needs none.
  const results = files
    .map((file) => {
      const t0 = performance.now();
      const sink = coverage?.sink((name) => (isAbsolute(name) ? name : join(dirname(file), name)));
      const text = ctx.readText(file);
      const host = hostFor(file, ctx);
      // A test of Codex `.rules` or Gemini CLI policies: each call decided by that dialect's engine.
      const dialect = policyTestDialect(text, host);
      const r = dialect ? runPolicyTestFile(file, text, host, dialect, only ? { only } : {}) : runTestFile(file, text, host, { keepDecisions: false, ...(only ? { only } : {}), ...(sink ? { coverage: sink } : {}) });
      seconds.push((performance.now() - t0) / 1000);
      return r;
    })
    .map((r, i) => ({ r, s: seconds[i] as number }))
    .filter(({ r }) => !only || r.tests.length > 0 || r.errors.length > 0);
  if (only && results.length === 0) {
    ctx.err(`rule-studio test: no test name matches --filter ${termSafe(filter ?? '')}`);
    return EXIT.errors;
  }
  ctx.out(report(results.map((x) => x.r), reporter, args.flag('verbose'), { timestamp, seconds: results.map((x) => x.s) }));
  if (coverage && coverageFormat) {
    const rules = coverage.rules();
    const lines = (t: string) => t.split('\n').map(termSafe).join('\n');
    const text = coverageFormat === 'text' ? lines(coverageText(rules)) : coverageFormat === 'json' ? jsonTermSafe(coverageJson(rules)) : lines(coverageLcov(rules));
    if (coverageOut === undefined || coverageOut === '-') ctx.out(text);
    else if (!ctx.writeText) throw new UsageError('--coverage-out cannot write files here');
    else ctx.writeText(coverageOut, text);
  }
  return allPassed(results.map((x) => x.r)) ? EXIT.ok : EXIT.errors;

}

function update(files: readonly string[], ctx: CliContext): number {
  if (!ctx.writeText) throw new UsageError('--update cannot write files here');
  let ok = true;
  for (const file of files) {
    const text = ctx.readText(file);
    if (policyTestDialect(text, hostFor(file, ctx))) {
      ok = false;
      ctx.err(termSafe(`${file}: not updated: --update records decisions of rule-set and Claude Code tests; write the expectations of a Codex or Gemini test by hand (rule-studio simulate prints each decision)`));
      continue;
    }
    const r = updateTestText(file, text, hostFor(file, ctx));
    if (r.before.errors.length > 0) {
      ok = false;
      ctx.err(termSafe(`${file}: not updated, the test file cannot be read:`));
      for (const e of r.before.errors) ctx.err(termSafe(`  ${e}`));
      continue;
    }
    if (r.changes.length > 0) {
      ctx.writeText(file, r.text);
      ctx.out(termSafe(`${file}: updated`));
      for (const c of r.changes) ctx.out(termSafe(`  ${c}`));
    } else ctx.out(termSafe(`${file}: unchanged`));
    for (const s of r.skipped) {
      ok = false;
      ctx.err(termSafe(`${file}: not updated: ${s}`));
    }
  }
  return ok ? EXIT.ok : EXIT.errors;
}
