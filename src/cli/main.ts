/**
 * The `rule-studio` command line (`traces.md` §5): check, convert, describe, simulate — thin
 * wrappers over the same core modules the app and the Web Worker use.
 */
import { UsageError } from './args.ts';
import { EXIT, type CliContext } from './context.ts';
import { UnreadableError } from './io.ts';
import { runCheck } from './commands/check.ts';
import { runConvert } from './commands/convert.ts';
import { runDescribe } from './commands/describe.ts';
import { runSimulate } from './commands/simulate.ts';

const USAGE = `usage: rule-studio <command> [options]

commands:
  check <files…> [--json] [--profile spec|hegel]     diagnostics for rule files
  convert <file> --to toml|yaml|json                  print the normalised written form
  describe <file>                                     usage descriptions of each agent
  simulate <rule files…> --trace <files…> [options]   replay traces, print decisions (JSONL)

exit codes: 0 ok, 1 errors in the rule files, 2 unreadable input or bad usage`;

const COMMANDS: Record<string, (argv: readonly string[], ctx: CliContext) => number | Promise<number>> = {
  check: runCheck,
  convert: runConvert,
  describe: runDescribe,
  simulate: runSimulate,
};

/** Runs the CLI and returns its exit code; never throws. */
export async function main(argv: readonly string[], ctx: CliContext): Promise<number> {
  const [command, ...rest] = argv;
  if (!command || command === '--help' || command === '-h' || command === 'help') {
    (command ? ctx.out : ctx.err)(USAGE);
    return command ? EXIT.ok : EXIT.unreadable;
  }
  const run = COMMANDS[command];
  if (!run) {
    ctx.err(`rule-studio: unknown command '${command}'\n\n${USAGE}`);
    return EXIT.unreadable;
  }
  try {
    return await run(rest, ctx);
  } catch (e) {
    if (e instanceof UsageError) ctx.err(`rule-studio ${command}: ${e.message}\n\n${USAGE}`);
    else if (e instanceof UnreadableError) ctx.err(`rule-studio ${command}: ${e.message}`);
    else ctx.err(`rule-studio ${command}: internal error: ${e instanceof Error ? e.message : String(e)}`);
    return EXIT.unreadable;
  }
}
