import { defineCommand } from '../registry.ts';

/** `merge <reports…>`: the JSON reports of the shards of one run, as one report. */
export const mergeCommand = defineCommand({
  name: 'merge',
  summary: 'join the JSON reports of the shards of one report run',
  positionals: { name: '<reports…>', noun: 'report', description: 'JSON reports written by report --format json --shard i/n', min: 1 },
  options: [{ kind: 'value', name: 'format', choices: ['text', 'json', 'html'], default: 'text', description: 'as report --format', example: '--format html' }],
  examples: ['rule-studio merge part-*.json --format html > report.html'],
  exitCodes: 'exit codes: 0 merged, 2 unreadable or mismatched reports, or bad usage',
  run: async (args, ctx) => (await import('./mergeRun.ts')).runMerge(args, ctx),
});
