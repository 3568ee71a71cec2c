import { defineCommand } from '../registry.ts';

/** A test-name filter: `/regex/flags` or plain text (a substring). */
export function nameFilter(raw: string): (name: string) => boolean {
  const m = /^\/(.*)\/([a-z]*)$/s.exec(raw);
  if (!m) return (name) => name.includes(raw);
  const re = new RegExp(m[1] as string, (m[2] as string).replace(/g|y/g, ''));
  return (name) => re.test(name);
}

function filterProblem(raw: string): string | undefined {
  try {
    nameFilter(raw);
    return undefined;
  } catch (e) {
    return `is not a valid regular expression (${e instanceof Error ? e.message : String(e)})`;
  }
}

const REPORTERS = ['text', 'junit', 'tap', 'json'] as const;
export type Reporter = (typeof REPORTERS)[number];

/** `test [paths…]`: runs rule-set tests, prints a report, exits 1 when one fails. */
export const testCommand = defineCommand({
  name: 'test',
  summary: 'run rule-set tests: the decisions each test file expects, per step and per run (also per call for Codex .rules and Gemini CLI policies)',
  positionals: { name: '<paths…>', noun: 'path', description: 'test files, or folders searched for *.test.yaml (default: .)', min: 0 },
  options: [
    {
      kind: 'value',
      name: 'reporter',
      choices: REPORTERS,
      default: 'text',
      description: 'text: a readable report; junit: JUnit XML for CI; tap: TAP 13; json: one JSON document',
      example: '--reporter junit > rule-tests.xml',
    },
    { kind: 'flag', name: 'update', description: 'record the decisions seen now as the expectations that no longer hold, and print what changed', example: '--update' },
    {
      kind: 'value',
      name: 'filter',
      placeholder: '<text|/regex/>',
      check: (raw) => filterProblem(raw),
      description: 'run only the tests whose name holds this text, or matches /regex/ (flags after the last /, e.g. /deploy/i)',
      example: "--filter 'blocks deploy'",
    },
    {
      kind: 'value',
      name: 'coverage',
      choices: ['text', 'json', 'lcov'],
      description:
        'which rules decided at least one event in some test: text (after a text report), json ({"version": 1, …}) or lcov (a tracefile for CI coverage badges)',
      example: '--coverage lcov --coverage-out rule-coverage.lcov',
    },
    {
      kind: 'value',
      name: 'coverage-out',
      placeholder: '<file>',
      description: 'write the coverage to this file instead of stdout (needed when the report or the coverage is not text)',
      example: '--coverage-out rule-coverage.json',
    },
    { kind: 'flag', name: 'verbose', description: 'list passing tests too (text reporter)', example: '--verbose' },
  ],
  examples: [
    'rule-studio test',
    'rule-studio test examples/ --reporter junit > rule-tests.xml',
    'rule-studio test agents/etl.test.yaml --update',
    'rule-studio test examples/dialect-tests/',
    'rule-studio test examples/ --coverage text',
    'rule-studio test --reporter junit --coverage lcov --coverage-out rule-coverage.lcov > rule-tests.xml',
  ],
  exitCodes: 'exit codes: 0 every test passed, 1 a test failed or could not run, 2 unreadable input or bad usage',
  // The implementation (and the core it needs) is loaded only when the command runs.
  run: async (args, ctx) => (await import('./testRun.ts')).runTest(args, ctx),
});
