/** Help pages, derived from the command registry: the overview and one page per command. */
import { optionsOf } from './args.ts';
import type { CommandDef, OptionDef } from './registry.ts';
import { append } from '../core/model/append.ts';

const EXIT_CODES = 'exit codes: 0 ok, 1 errors in the rule files, 2 unreadable input or bad usage';

function optionUsage(o: OptionDef): string {
  if (o.kind === 'flag') return o.short ? `-${o.short}, --${o.name}` : `--${o.name}`;
  if (o.kind === 'list') return `--${o.name} ${o.placeholder}`;
  return `--${o.name} ${o.placeholder ?? (o.choices ? o.choices.join('|') : '<value>')}`;
}

function usageLine(def: CommandDef): string {
  const required = def.options.filter((o) => o.kind !== 'flag' && o.required).map(optionUsage);
  const pos = def.positionals.max === 0 ? [] : [def.positionals.min === 0 ? `[${def.positionals.name}]` : def.positionals.name];
  return ['rule-studio', def.name, ...pos, ...required, '[options]'].join(' ');
}

/** The page `rule-studio <command> --help` prints: usage, every option with default and example. */
export function commandHelp(def: CommandDef): string {
  const opts = optionsOf(def);
  const width = Math.min(34, Math.max(...opts.map((o) => optionUsage(o).length)) + 2);
  const positional = def.positionals.max === 0 ? [] : [`  ${def.positionals.name.padEnd(width)}${def.positionals.description}`, ''];
  const lines = [`${def.summary}`, '', `usage: ${usageLine(def)}`, '', ...positional, 'options:'];
  for (const o of opts) {
    const head = optionUsage(o);
    const pad = ' '.repeat(width + 2);
    lines.push(head.length < width ? `  ${head.padEnd(width)}${o.description}` : `  ${head}\n${pad}${o.description}`);
    if (o.kind === 'value') lines.push(`${pad}default: ${o.default ?? (o.required ? '(required)' : '(none)')}`);
    else if (o.kind === 'list' && o.required) lines.push(`${pad}default: (required)`);
    else if (o.kind === 'flag') lines.push(`${pad}default: off`);
    else lines.push(`${pad}default: (none)`);
    lines.push(`${pad}example: ${o.example}`);
  }
  append(lines, ['', 'examples:', ...def.examples.map((e) => `  ${e}`), '', def.exitCodes ?? EXIT_CODES]);
  return lines.join('\n');
}

/** The overview `rule-studio --help` prints: every command with its usage line. */
export function overviewHelp(commands: readonly CommandDef[], version: string): string {
  const width = Math.max(...commands.map((c) => c.name.length)) + 2;
  return [
    `rule-studio ${version}: design, validate and replay the rules that govern how AI agents use tools`,
    '',
    'usage: rule-studio <command> [options]',
    '',
    'commands:',
    ...commands.map((c) => `  ${c.name.padEnd(width)}${c.summary}\n  ${' '.repeat(width)}${usageLine(c)}`),
    '',
    "'rule-studio <command> --help' lists every option of a command with its default and an example.",
    "'rule-studio --version' prints the version.",
    '',
    EXIT_CODES,
  ].join('\n');
}
