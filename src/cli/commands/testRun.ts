/** `test`'s run: runs rule-set tests and prints a report (see `test.ts`). */
import { dirname, isAbsolute, join } from 'node:path';
import {
  allPassed,
  isTestFileName,
  jsonReport,
  junitReport,
  runTestFile,
  tapReport,
  textReport,
  updateTestText,
  type TestFileResult,
  type TestHost,
} from '../../core/tests/index.ts';
import { EXIT, type CliContext } from '../context.ts';
import { jsonTermSafe, termSafe, termSafeData, xmlTermSafe } from '../escape.ts';
import { UnreadableError } from '../io.ts';
import { UsageError, type ParsedArgs } from '../registry.ts';
import type { Reporter } from './test.ts';

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

function report(results: readonly TestFileResult[], reporter: Reporter, verbose: boolean): string {
  switch (reporter) {
    case 'junit':
      return xmlTermSafe(junitReport(results));
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
  const files = findTestFiles(args.positionals.length > 0 ? args.positionals : ['.'], ctx);
  if (args.flag('update')) return update(files, ctx);
  // Each run's decisions are dropped once its expectations are checked: the report needs none.
  const results = files.map((file) => runTestFile(file, ctx.readText(file), hostFor(file, ctx), { keepDecisions: false }));
  ctx.out(report(results, reporter, args.flag('verbose')));
  return allPassed(results) ? EXIT.ok : EXIT.errors;

}

function update(files: readonly string[], ctx: CliContext): number {
  if (!ctx.writeText) throw new UsageError('--update cannot write files here');
  let ok = true;
  for (const file of files) {
    const text = ctx.readText(file);
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
