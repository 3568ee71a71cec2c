/** `fmt`'s run: formats rule files and prints, writes, checks or diffs them (see `fmt.ts`). */
import { formatRuleText } from '../../core/codecs/fmt/index.ts';
import { EXIT, type CliContext } from '../context.ts';
import { jsonTermSafe, termSafe } from '../escape.ts';
import { formatDiagnostic } from '../format.ts';
import { UsageError, type ParsedArgs } from '../registry.ts';
import { unifiedDiff } from '../unifiedDiff.ts';
import { readRuleInputs } from './ruleInputs.ts';

/** Text lines with control, bidi and log-command characters escaped (tabs kept), as every output of the CLI shows them. */
const linesSafe = (text: string): string =>
  text
    .split('\n')
    .map((line) => line.split('\t').map(termSafe).join('\t'))
    .join('\n');

/**
 * A formatted file as printed to stdout: JSON with such characters as `\u` escapes (the same
 * value); TOML and YAML line by line (a value may change: said on stderr; --write keeps the text).
 */
function shown(text: string, json: boolean): string {
  return json ? jsonTermSafe(text) : linesSafe(text);
}

export function runFmt(args: ParsedArgs, ctx: CliContext): number {
  const write = args.flag('write');
  const check = args.flag('check');
  const diff = args.flag('diff');
  const quiet = args.flag('quiet');
  if (write && (check || diff)) throw new UsageError('--write rewrites the files; --check and --diff change nothing: give one of them');
  const inputs = readRuleInputs(ctx, args.positionals, { skipOthers: args.flag('skip-non-rule-files') });
  const print = !write && !check && !diff;
  if (print && inputs.filter((i) => !i.stdin).length > 1)
    throw new UsageError(`${inputs.length} files to format: give --write, --check or --diff (without them one file is printed to stdout)`);
  if (write && !ctx.writeText && inputs.some((i) => !i.stdin)) throw new UsageError('files cannot be written here');
  let refused = 0;
  const unformatted: string[] = [];
  for (const { loaded, text, stdin } of inputs) {
    // What reading refused (not UTF-8, binary, too large) comes first; then the formatter's own checks.
    const unreadable = loaded.diagnostics.filter((d) => d.severity === 'error' && d.code === 'F001');
    const result = unreadable.length > 0 ? { text: undefined, changed: false, diagnostics: unreadable } : formatRuleText(loaded.file, text);
    if (result.text === undefined) {
      refused++;
      for (const d of result.diagnostics) ctx.err(formatDiagnostic(d));
      continue;
    }
    if (result.changed) unformatted.push(loaded.file);
    if (diff && result.changed) ctx.out(linesSafe(unifiedDiff(loaded.file, text, result.text)));
    if (check && !diff && result.changed) ctx.out(termSafe(loaded.file));
    if (print || (write && stdin)) {
      const safe = shown(result.text, loaded.format === 'json');
      if (safe !== result.text && loaded.format !== 'json')
        ctx.err(`${termSafe(loaded.file)}: control, bidi or CI log-command characters are shown escaped; fmt --write keeps them as written`);
      ctx.out(safe);
    }
    else if (write && result.changed) ctx.writeText?.(loaded.file, result.text);
  }
  if (check && !quiet) {
    const n = unformatted.length;
    ctx.err(n === 0 ? `${inputs.length - refused} file${inputs.length - refused === 1 ? '' : 's'} formatted` : `${n} file${n === 1 ? ' is' : 's are'} not formatted: run rule-studio fmt --write`);
  }
  if (refused > 0) return EXIT.errors;
  return check && unformatted.length > 0 ? EXIT.errors : EXIT.ok;
}
