/**
 * The CLI's one declarative registry: every command and every option is described here once, and
 * the parser, the help pages, the "did you mean" suggestions and the value checks are all derived
 * from these definitions.
 *
 * To add a command, write `src/cli/commands/<name>.ts` exporting a {@link CommandDef} (use
 * {@link defineCommand}) and list it in `src/cli/commands/index.ts`. Put its implementation in
 * `<name>Run.ts` and make `run` a dynamic import of it
 * (`run: async (args, ctx) => (await import('./<name>Run.ts')).run<Name>(args, ctx)`), so the core
 * modules it needs are evaluated only when that command runs (start-up, `--help`, `--version`). To add an option to a command,
 * add an {@link OptionDef} to its `options` and read it in `run` with `args.value(name)`,
 * `args.list(name)` or `args.flag(name)`; help and validation follow by themselves.
 */
import type { CliContext } from './context.ts';

/** A problem with how the CLI was called (exit code 2, help hint after the message). */
export class UsageError extends Error {}

interface OptionBase {
  /** Long name without the dashes, e.g. `profile` for `--profile`. */
  name: string;
  /** A one-letter alias without the dash, e.g. `q` for `-q` (as eslint's and opa's). */
  short?: string;
  /** One line for the help page. */
  description: string;
  /** A realistic use of the option, shown in help (e.g. `--profile hegel`). */
  example: string;
}

/** An option that takes no value (`--json`). */
export interface FlagOption extends OptionBase {
  kind: 'flag';
}

/** An option with one value (`--profile hegel`, `--profile=hegel`). */
export interface ValueOption extends OptionBase {
  kind: 'value';
  /** Placeholder in help, e.g. `<ms>`; defaults to the choices joined by `|`. */
  placeholder?: string;
  /** The only accepted values; anything else is a usage error naming them. */
  choices?: readonly string[];
  /** The default as a user reads it, e.g. `spec` or `300000 (5 min)`; omit for "none". */
  default?: string;
  /** Returns a friendly problem text for a bad value, or undefined when the value is fine. */
  check?: (raw: string) => string | undefined;
  /** Must be given (help shows it in the usage line). */
  required?: boolean;
}

/** An option that takes every following argument up to the next option (`--trace a.jsonl b.yaml`). */
export interface ListOption extends OptionBase {
  kind: 'list';
  placeholder: string;
  required?: boolean;
}

export type OptionDef = FlagOption | ValueOption | ListOption;

/** Positional arguments of a command. */
export interface PositionalDef {
  /** Placeholder in help, e.g. `<files…>`. */
  name: string;
  /** Singular noun for messages, e.g. `file` ("takes at least one file"). */
  noun: string;
  description: string;
  min: number;
  /** Most accepted; omit for any number. */
  max?: number;
}

/** The arguments of one run, already checked against the command's definition. */
export interface ParsedArgs {
  positionals: readonly string[];
  /** The value of a value option (the last one given), or undefined. */
  value(name: string): string | undefined;
  /** Every value of a list option, in order (empty when absent). */
  list(name: string): readonly string[];
  /** Whether a flag was given. */
  flag(name: string): boolean;
}

export interface CommandDef {
  name: string;
  /** One line for the command list. */
  summary: string;
  positionals: PositionalDef;
  options: readonly OptionDef[];
  /** Whole command lines shown under "examples" in help. */
  examples: readonly string[];
  /** Exit codes this command uses, beyond the shared ones, for the help page. */
  exitCodes?: string;
  run(args: ParsedArgs, ctx: CliContext): number | Promise<number>;
}

/** Identity helper that keeps a command definition's literal types checked. */
export const defineCommand = (def: CommandDef): CommandDef => def;

/** Options every command accepts (handled before `run`). */
export const COMMON_OPTIONS: readonly OptionDef[] = [
  { kind: 'flag', name: 'help', description: 'show this help and exit', example: '--help' },
];
