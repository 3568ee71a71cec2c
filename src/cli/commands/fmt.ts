import { defineCommand } from '../registry.ts';
import { QUIET_OPTION, SKIP_OTHERS_OPTION } from './diagnosticOutput.ts';

/** `fmt [--write | --check | --diff] <files|folders|globs|->`: rule files in one normal form, comments kept. */
export const fmtCommand = defineCommand({
  name: 'fmt',
  summary: 'format rule files in one normal form, keeping comments and order (as opa fmt, taplo fmt, prettier)',
  positionals: {
    name: '<files|folders|globs|-…>',
    noun: 'file',
    description:
      'rule files to format; folders and globs are walked and their rule files picked by content (other YAML/TOML/JSON files are skipped); - reads stdin and writes stdout',
    min: 1,
  },
  options: [
    { kind: 'flag', name: 'write', short: 'w', description: 'rewrite the files in place (only those that change)', example: '--write' },
    { kind: 'flag', name: 'check', description: 'change nothing; list the files that are not formatted and exit 1 if there are any (for CI)', example: '--check' },
    { kind: 'flag', name: 'diff', description: 'print a unified diff of what formatting would change (with --check, exit 1 when there is one)', example: '--diff' },
    { ...QUIET_OPTION, description: 'with --check, no closing summary line (the files are still listed)' },
    SKIP_OTHERS_OPTION,
  ],
  examples: [
    'rule-studio fmt agent.toml              # prints the formatted file',
    'rule-studio fmt --write examples/',
    'rule-studio fmt --check .               # in CI: exit 1 when a rule file is not formatted',
    'rule-studio fmt --diff workflows/*.yaml',
    'cat agent.toml | rule-studio fmt - > formatted.toml',
  ],
  exitCodes:
    'exit codes: 0 done (or, with --check, every file formatted), 1 a file is not formatted (--check) or cannot be formatted (left as it is), 2 unreadable input or bad usage',
  // The implementation (and the core it needs) is loaded only when the command runs.
  run: async (args, ctx) => (await import('./fmtRun.ts')).runFmt(args, ctx),
});
