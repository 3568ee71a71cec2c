import { availableParallelism } from 'node:os';
import { parseArgs } from '../args.ts';
import { startWorkerEarly } from '../corpus/workerProcess.ts';
import { defineCommand, type ParsedArgs } from '../registry.ts';
import { SIMULATE_SETTING_OPTIONS } from './simulateOptions.ts';

/** The processes `report` replays on: `--workers`, or one per core. */
export const reportWorkers = (args: ParsedArgs): number => Number(args.value('workers') ?? Math.max(1, availableParallelism()));

const SHARD = /^([1-9]\d{0,5})\/([1-9]\d{0,5})$/;

/** `report <rule files…> --corpus <sessions…>`: a folder of sessions, each its own run, summed up. */
export const reportCommand = defineCommand({
  name: 'report',
  summary: 'replay a corpus of sessions, each as its own run, and sum them up per rule and per session',
  positionals: { name: '<rule files…>', noun: 'rule file', description: 'agent and/or workflow rule files', min: 1 },
  options: [
    { kind: 'list', name: 'corpus', placeholder: '<sessions… | folders…>', required: true, description: 'session logs, or folders whose .jsonl, .json and .yaml traces are each replayed alone', example: '--corpus sessions/' },
    { kind: 'value', name: 'format', choices: ['text', 'json', 'html'], default: 'text', description: 'text for a terminal; json (for merge and other tools); html: one self-contained page with charts', example: '--format html > report.html' },
    {
      kind: 'value',
      name: 'shard',
      placeholder: '<i/n>',
      description: 'replay only shard i of n (every n-th session by name, from the i-th); join the JSON reports with merge',
      example: '--shard 2/8',
      check: (raw) => {
        const m = SHARD.exec(raw);
        return m && Number(m[1]) <= Number(m[2]) ? undefined : 'takes i/n with 1 ≤ i ≤ n, e.g. 2/8';
      },
    },
    { kind: 'value', name: 'workers', placeholder: '<n>', default: 'one per core', description: 'processes replaying sessions side by side (this one and n − 1 worker processes)', example: '--workers 2', check: (raw) => (/^([1-9]|[1-5]\d|6[0-4])$/.test(raw) ? undefined : 'takes 1 to 64') },
    ...SIMULATE_SETTING_OPTIONS,
  ],
  examples: ['rule-studio report agent.toml --corpus sessions/', 'rule-studio report agent.toml --corpus sessions/ --format html > report.html', 'rule-studio report agent.toml --corpus sessions/ --shard 1/4 --format json > part-1.json'],
  exitCodes: 'exit codes: 0 reported, 1 the rule files cannot be replayed, 2 unreadable input or bad usage',
  run: async (args, ctx) => (await import('./reportRun.ts')).runReport(args, ctx),
});

/**
 * For the process entry, given the command line: a `report` that will replay on worker processes
 * starts the first now, so it starts while the command loads, reads its rule files and lists its
 * sessions (the pool takes it, or drops it when one process is enough). A command line that does
 * not parse starts none: the command says what is wrong.
 */
export function startReportWorkerEarly(argv: readonly string[]): void {
  if (argv[0] !== reportCommand.name) return;
  try {
    const args = parseArgs(argv.slice(1), reportCommand);
    if (!args.flag('help') && reportWorkers(args) > 1) startWorkerEarly();
  } catch {
    // A usage error: the command reports it.
  }
}
