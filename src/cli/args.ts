/**
 * A small argument parser for the CLI: positionals, `--flag value`, `--flag=value`, boolean
 * flags, and `--trace a b c` (a flag that takes every following non-flag argument).
 */

export interface ParsedArgs {
  positionals: string[];
  /** Last value of each single-valued option. */
  options: Map<string, string>;
  /** Every value of multi-valued options (e.g. `--trace`). */
  lists: Map<string, string[]>;
  flags: Set<string>;
}

export interface ArgSpec {
  /** Options that take one value. */
  values: readonly string[];
  /** Options that take every following non-flag argument. */
  lists?: readonly string[];
  /** Options that take no value. */
  booleans?: readonly string[];
}

export class UsageError extends Error {}

/** Parses `argv` (after the command name) against `spec`; throws {@link UsageError} on bad usage. */
export function parseArgs(argv: readonly string[], spec: ArgSpec): ParsedArgs {
  const out: ParsedArgs = { positionals: [], options: new Map(), lists: new Map(), flags: new Set() };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (!arg.startsWith('--') || arg === '--') {
      out.positionals.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    const name = arg.slice(2, eq < 0 ? undefined : eq);
    const inline = eq < 0 ? undefined : arg.slice(eq + 1);
    if (spec.booleans?.includes(name)) {
      if (inline !== undefined) throw new UsageError(`--${name} takes no value`);
      out.flags.add(name);
    } else if (spec.lists?.includes(name)) {
      const list = out.lists.get(name) ?? [];
      if (inline !== undefined) list.push(inline);
      while (i + 1 < argv.length && !(argv[i + 1] as string).startsWith('--')) list.push(argv[++i] as string);
      if (list.length === 0) throw new UsageError(`--${name} needs at least one file`);
      out.lists.set(name, list);
    } else if (spec.values.includes(name)) {
      const value = inline ?? argv[++i];
      if (value === undefined) throw new UsageError(`--${name} needs a value`);
      out.options.set(name, value);
    } else {
      throw new UsageError(`unknown option --${name}`);
    }
  }
  return out;
}

/** Reads a one-of option, or throws a usage error listing the accepted values. */
export function oneOf<T extends string>(args: ParsedArgs, name: string, allowed: readonly T[]): T | undefined {
  const v = args.options.get(name);
  if (v === undefined) return undefined;
  if (!(allowed as readonly string[]).includes(v))
    throw new UsageError(`--${name} must be one of ${allowed.join(', ')} (got '${v}')`);
  return v as T;
}
