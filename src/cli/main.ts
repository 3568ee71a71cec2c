/**
 * The `rule-studio` command line (`traces.md` §5): check, convert, describe, simulate — thin
 * wrappers over the same core modules the app and the Web Worker use. Commands and options are
 * defined once, in the registry (`src/cli/registry.ts`, `src/cli/commands/index.ts`).
 */
import { parseArgs, quote } from './args.ts';
import { COMMANDS } from './commands/index.ts';
import { EXIT, type CliContext } from './context.ts';
import { termSafe } from './escape.ts';
import { commandHelp, overviewHelp } from './help.ts';
import { systemErrorWords, UnreadableError } from './io.ts';
import { nearest } from './nearest.ts';
import { UsageError } from './registry.ts';

/** A system error (ENOSPC, EIO, …) said in words, with the file it was about when known. */
function systemWords(e: unknown): string {
  const { path, syscall } = e as NodeJS.ErrnoException;
  const what = syscall === 'write' ? 'writing' : syscall === 'open' ? 'opening' : syscall === 'read' ? 'reading' : syscall;
  const words = systemErrorWords(e) ?? '';
  return what || path ? `${what ?? 'using'} ${path ?? ''}`.trimEnd() + ` failed: ${words}` : words;
}

/** Runs the CLI and returns its exit code; never throws. */
export async function main(argv: readonly string[], ctx: CliContext, commands = COMMANDS): Promise<number> {
  const version = ctx.version ?? '0.0.0';
  const [command, ...rest] = argv;
  if (command === '--version' || command === '-V') {
    ctx.out(version);
    return EXIT.ok;
  }
  if (!command || command === '--help' || command === '-h' || command === 'help') {
    const topic = command === 'help' ? commands.find((c) => c.name === rest[0]) : undefined;
    (command ? ctx.out : ctx.err)(topic ? commandHelp(topic) : overviewHelp(commands, version));
    return command ? EXIT.ok : EXIT.unreadable;
  }
  const def = commands.find((c) => c.name === command);
  if (!def) {
    const guess = nearest(command, commands.map((c) => c.name));
    ctx.err(
      `rule-studio: unknown command ${quote(command)}${guess ? ` (did you mean ${guess}?)` : ''}; commands: ${commands
        .map((c) => c.name)
        .join(', ')}; see 'rule-studio --help'`,
    );
    return EXIT.unreadable;
  }
  try {
    const args = parseArgs(rest, def);
    if (args.flag('help')) {
      ctx.out(commandHelp(def));
      return EXIT.ok;
    }
    return await def.run(args, ctx);
  } catch (e) {
    if (e instanceof UsageError) ctx.err(`rule-studio ${def.name}: ${e.message}`);
    else if (e instanceof UnreadableError) ctx.err(`rule-studio ${def.name}: ${termSafe(e.message)}`);
    else if (systemErrorWords(e) !== undefined) ctx.err(`rule-studio ${def.name}: ${termSafe(systemWords(e))}`);
    else ctx.err(`rule-studio ${def.name}: internal error: ${termSafe(e instanceof Error ? e.message : String(e))}`);
    return EXIT.unreadable;
  }
}
