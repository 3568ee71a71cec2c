/**
 * Parses a command's arguments against its definition in the registry: positionals,
 * `--name value`, `--name=value`, flags, and list options (`--trace a b c` takes every following
 * argument up to the next option). Every problem is a {@link UsageError} with a friendly message;
 * echoed input is escaped for the terminal.
 */
import { termSafe } from './escape.ts';
import { nearest } from './nearest.ts';
import { COMMON_OPTIONS, UsageError, type CommandDef, type OptionDef, type ParsedArgs } from './registry.ts';

export { UsageError } from './registry.ts';

/** `'x'` for messages: quoted, escaped, and cut when very long. */
export const quote = (raw: string): string => `'${termSafe(raw.length > 80 ? `${raw.slice(0, 80)}…` : raw)}'`;

/** All options a command accepts, its own and the common ones. */
export const optionsOf = (def: CommandDef): readonly OptionDef[] => [...def.options, ...COMMON_OPTIONS];

/** An unknown option, echoed as written (`-q` stays `-q`, `--nope` stays `--nope`). */
function unknownOption(written: string, def: CommandDef): UsageError {
  const name = written.replace(/^--?/, '').split('=')[0] as string;
  const guess = nearest(name, optionsOf(def).map((o) => o.name));
  return new UsageError(
    `unknown option ${termSafe(written)}${guess ? ` (did you mean --${guess}?)` : ''}; see 'rule-studio ${def.name} --help'`,
  );
}

function checkValue(opt: OptionDef & { kind: 'value' }, raw: string): void {
  if (opt.choices && !opt.choices.includes(raw)) {
    const guess = nearest(raw, opt.choices);
    throw new UsageError(
      `--${opt.name} must be one of ${opt.choices.join(', ')} (got ${quote(raw)}${guess ? `; did you mean ${guess}?` : ''})`,
    );
  }
  const problem = opt.check?.(raw);
  if (problem !== undefined) throw new UsageError(`--${opt.name} ${problem} (got ${quote(raw)})`);
}

/** Parses `argv` (after the command name); throws {@link UsageError} on bad usage. */
export function parseArgs(argv: readonly string[], def: CommandDef): ParsedArgs {
  const positionals: string[] = [];
  const values = new Map<string, string>();
  const lists = new Map<string, string[]>();
  const flags = new Set<string>();
  const byName = new Map(optionsOf(def).map((o) => [o.name, o]));
  let onlyPositionals = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (onlyPositionals || !arg.startsWith('-') || arg === '-') {
      positionals.push(arg);
      continue;
    }
    if (arg === '--') {
      onlyPositionals = true;
      continue;
    }
    if (arg === '-h') {
      flags.add('help');
      continue;
    }
    const shortOpt = arg.startsWith('--') ? undefined : optionsOf(def).find((o) => o.short !== undefined && `-${o.short}` === arg);
    if (!arg.startsWith('--') && !shortOpt) throw unknownOption(arg, def);
    const eq = shortOpt ? -1 : arg.indexOf('=');
    const name = shortOpt ? shortOpt.name : arg.slice(2, eq < 0 ? undefined : eq);
    const inline = eq < 0 ? undefined : arg.slice(eq + 1);
    const opt = byName.get(name);
    if (!opt) throw unknownOption(eq < 0 ? arg : arg.slice(0, eq), def);
    if (opt.kind === 'flag') {
      if (inline !== undefined) throw new UsageError(`--${name} takes no value`);
      flags.add(name);
    } else if (opt.kind === 'list') {
      const list = lists.get(name) ?? [];
      if (inline !== undefined) list.push(inline);
      while (i + 1 < argv.length && !(argv[i + 1] as string).startsWith('--')) list.push(argv[++i] as string);
      if (list.length === 0) throw new UsageError(`--${name} needs at least one ${opt.placeholder}`);
      lists.set(name, list);
    } else {
      const value = inline ?? argv[++i];
      if (value === undefined) throw new UsageError(`--${name} needs a value, e.g. ${opt.example}`);
      checkValue(opt, value);
      values.set(name, value);
    }
  }
  const args: ParsedArgs = {
    positionals,
    value: (n) => values.get(n),
    list: (n) => lists.get(n) ?? [],
    flag: (n) => flags.has(n),
  };
  if (args.flag('help')) return args;
  for (const opt of def.options)
    if (opt.kind !== 'flag' && opt.required && !values.has(opt.name) && !lists.has(opt.name))
      throw new UsageError(`${def.name} needs --${opt.name}, e.g. ${opt.example}`);
  const { min, max } = def.positionals;
  if (positionals.length < min || (max !== undefined && positionals.length > max)) {
    const { noun } = def.positionals;
    const count = (n: number) => (n === 1 ? `one ${noun}` : `${n} ${noun}s`);
    const want = max === 0 ? `no ${noun}s` : max === min ? `exactly ${count(min)}` : max === undefined ? `at least ${count(min)}` : `${min} to ${max} ${noun}s`;
    throw new UsageError(`${def.name} takes ${want} (got ${positionals.length}); see 'rule-studio ${def.name} --help'`);
  }
  return args;
}

/** A whole number, within what a timer can hold; for `check` of `<ms>` options. */
export function wholeNumberProblem(raw: string, unit: string, max = Number.MAX_SAFE_INTEGER): string | undefined {
  if (!/^\d+$/.test(raw)) return `takes a whole number of ${unit}`;
  if (Number(raw) > max) return `takes at most ${max} ${unit}`;
  return undefined;
}
