/**
 * How `check` and `verify` print diagnostics, shared: the format (text, versioned JSON, SARIF,
 * GitHub annotations), `--quiet` (errors only) and `--max-warnings` (eslint's: exit 1 past N).
 */
import type { Diagnostic } from '../../core/diagnostics/types.ts';
import { wholeNumberProblem } from '../args.ts';
import { EXIT, type CliContext } from '../context.ts';
import { jsonTermSafe } from '../escape.ts';
import { formatDiagnostic, summarize } from '../format.ts';
import { githubAnnotations } from '../formats/github.ts';
import { toSarif } from '../formats/sarif.ts';
import type { FlagOption, ParsedArgs, ValueOption } from '../registry.ts';
import { UsageError } from '../registry.ts';

export const FORMATS = ['text', 'json', 'sarif', 'github'] as const;
export type Format = (typeof FORMATS)[number];

/** The version of the JSON output (`docs/reference/json-output.md`); raised when a field changes meaning or goes. */
export const JSON_OUTPUT_VERSION = 1;

export const QUIET_OPTION: FlagOption = {
  kind: 'flag',
  name: 'quiet',
  short: 'q',
  description: 'report errors only (warnings still count toward the warning limit)',
  example: '-q',
};

export const MAX_WARNINGS_OPTION: ValueOption = {
  kind: 'value',
  name: 'max-warnings',
  placeholder: '<n>',
  check: (raw) => wholeNumberProblem(raw, 'warnings'),
  description:
    'exit 1 when there are more than this many warnings (0: any warning fails), as eslint does',
  example: '--max-warnings 0',
};

export const SKIP_OTHERS_OPTION: FlagOption = {
  kind: 'flag',
  name: 'skip-non-rule-files',
  description:
    'skip named files that are not rule files (F003 "Not a rule file") as a folder walk does; for pre-commit, which names every staged YAML, TOML and JSON file',
  example: '--skip-non-rule-files',
};

/** A diagnostic as the JSON output gives it: rule and transition numbers count from 1, as messages do. */
export function jsonDiagnostic(d: Diagnostic): Diagnostic {
  const t = d.target;
  if (t.kind === 'file') return d;
  const target = { ...t };
  if (target.rule !== undefined) target.rule += 1;
  if (target.kind === 'workflow' && target.transition !== undefined) target.transition += 1;
  return { ...d, target };
}

/** The format asked for with `--format` or `--json` (both given and different is a usage error). */
export function formatOf(args: ParsedArgs): Format {
  const given = args.value('format') as Format | undefined;
  if (args.flag('json') && given !== undefined && given !== 'json')
    throw new UsageError(`--json and --format ${given} ask for two different formats`);
  return args.flag('json') ? 'json' : (given ?? 'text');
}

/**
 * Prints the diagnostics in `format` and returns the exit code: 1 on an error or on more warnings
 * than `--max-warnings`. `extra` adds fields to the JSON document (verify's per-agent figures).
 */
export function printDiagnostics(
  ctx: CliContext,
  args: ParsedArgs,
  diagnostics: readonly Diagnostic[],
  format: Format,
  extra: Record<string, unknown> = {},
): number {
  const quiet = args.flag('quiet');
  const shown = quiet ? diagnostics.filter((d) => d.severity === 'error') : diagnostics;
  if (format === 'json')
    ctx.out(
      jsonTermSafe(
        JSON.stringify(
          { version: JSON_OUTPUT_VERSION, diagnostics: shown.map(jsonDiagnostic), ...extra },
          null,
          2,
        ),
      ),
    );
  else if (format === 'sarif')
    ctx.out(
      jsonTermSafe(
        JSON.stringify(toSarif(shown, ctx.version ?? '0.0.0', ctx.repositoryUrl), null, 2),
      ),
    );
  else if (format === 'github') {
    const lines = githubAnnotations(shown);
    if (lines.length > 0) ctx.out(lines.join('\n'));
  } else for (const d of shown) ctx.out(formatDiagnostic(d));
  if (format === 'text' || format === 'github') ctx.err(summarize(diagnostics));
  return exitCodeOf(ctx, args, diagnostics);
}

/** 1 on an error or on more warnings than `--max-warnings` (said on stderr), else 0. */
export function exitCodeOf(
  ctx: CliContext,
  args: ParsedArgs,
  diagnostics: readonly Diagnostic[],
): number {
  const raw = args.value('max-warnings');
  const warnings = diagnostics.filter((d) => d.severity === 'warning').length;
  const tooMany = raw !== undefined && warnings > Number(raw);
  if (tooMany) ctx.err(`rule-studio: too many warnings (${warnings}; --max-warnings ${raw})`);
  return diagnostics.some((d) => d.severity === 'error') || tooMany ? EXIT.errors : EXIT.ok;
}
