/**
 * JUnit XML (the Ant/Surefire form CI systems read): one `<testsuite>` per test file, one
 * `<testcase>` per test, `<failure>` for a failed expectation, `<error>` for a test that could not
 * run. The core has no clock: the CLI passes the times ({@link JunitTimes}).
 */
import { totals, type TestFileResult, type TestResult } from '../types.ts';

const REFERENCE: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;', '\t': '&#9;', '\n': '&#10;', '\r': '&#13;' };

/**
 * Escapes text for XML content and attribute values; drops characters XML 1.0 forbids. Tab, LF
 * and CR are written as references: an attribute keeps them (a reader would turn raw ones into
 * spaces), and a value never breaks the report's lines (a CI log reading a line of it as a command).
 */
export function xmlEscape(s: string): string {
  let out = '';
  for (const ch of s) {
    const c = ch.codePointAt(0) ?? 0;
    if (c === 0x9 || c === 0xa || c === 0xd || (c >= 0x20 && c <= 0xd7ff) || (c >= 0xe000 && c <= 0xfffd) || c >= 0x10000) out += REFERENCE[ch] ?? ch;
  }
  return out;
}

/** Content of several lines: each escaped, then joined with real newlines. */
const xmlLines = (lines: readonly string[]) => lines.map(xmlEscape).join('\n');

const attr = (name: string, value: string | number) => `${name}="${xmlEscape(String(value))}"`;

/** The failures as escaped XML content. */
function failureText(t: TestResult): string {
  return t.failures
    .map((f) => xmlLines([`${f.step !== undefined ? `step ${f.step}` : 'run'} (line ${f.line})`, `expected: ${f.expected}`, `seen: ${f.seen}`, ...f.why.map((w) => `why: ${w}`)]))
    .join('\n\n');
}

function testcase(file: string, t: TestResult): string {
  const open = `    <testcase ${attr('name', t.name)} ${attr('classname', file)} ${attr('file', file)} ${attr('line', t.line)}`;
  if (t.status === 'pass') return `${open}/>`;
  if (t.status === 'error')
    return `${open}>\n      <error ${attr('message', t.errors[0] ?? 'the test could not run')} type="TestError">${xmlLines(t.errors)}</error>\n    </testcase>`;
  const first = t.failures[0];
  const message = first ? `${first.expected} — seen ${first.seen}` : 'failed';
  return `${open}>\n      <failure ${attr('message', message)} type="ExpectationFailed">${failureText(t)}</failure>\n    </testcase>`;
}

/** When the run started and how long each test file took, measured by the caller. */
export interface JunitTimes {
  /** ISO 8601 start of the run, e.g. `2026-11-28T13:58:00`. */
  timestamp: string;
  /** Seconds each test file took, by its index in the results. */
  seconds: readonly number[];
}

const seconds = (s: number) => s.toFixed(3);

/**
 * The whole run as a JUnit XML document; with `times`, each `<testsuite>` and the
 * `<testsuites>` carry `time` (seconds) and `timestamp` (per file, the run's start).
 */
export function junitReport(results: readonly TestFileResult[], name = 'rule-studio test', times?: JunitTimes): string {
  const t = totals(results);
  const suites = results.map((f, i) => {
    const failures = f.tests.filter((x) => x.status === 'fail').length;
    const errors = f.tests.filter((x) => x.status === 'error').length + (f.errors.length > 0 ? 1 : 0);
    const tests = f.tests.length + (f.errors.length > 0 ? 1 : 0);
    const head = `  <testsuite ${attr('name', f.file)} ${attr('tests', tests)} ${attr('failures', failures)} ${attr('errors', errors)} skipped="0"${times ? ` ${attr('time', seconds(times.seconds[i] ?? 0))} ${attr('timestamp', times.timestamp)}` : ''}>`;
    const cases = f.tests.map((x) => testcase(f.file, x));
    if (f.errors.length > 0)
      cases.push(`    <testcase name="(test file)" ${attr('classname', f.file)}>\n      <error ${attr('message', f.errors[0] ?? '')} type="TestFileError">${xmlLines(f.errors)}</error>\n    </testcase>`);
    return [head, ...cases, '  </testsuite>'].join('\n');
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites ${attr('name', name)} ${attr('tests', t.tests + results.filter((f) => f.errors.length > 0).length)} ${attr('failures', t.failed)} ${attr('errors', t.errors)}${times ? ` ${attr('time', seconds(times.seconds.reduce((a, b) => a + b, 0)))} ${attr('timestamp', times.timestamp)}` : ''}>`,
    ...suites,
    '</testsuites>',
    '',
  ].join('\n');
}
