import { checkFiles, hasErrors, type Profile } from '../../core/check.ts';
import { EXIT } from '../context.ts';
import { formatDiagnostic, summarize } from '../format.ts';
import { jsonTermSafe } from '../escape.ts';
import { githubAnnotations } from '../formats/github.ts';
import { toSarif } from '../formats/sarif.ts';
import { defineCommand, UsageError } from '../registry.ts';
import { PROFILE_OPTION } from './sharedOptions.ts';
import { loadFiles } from './loadFiles.ts';

const FORMATS = ['text', 'json', 'sarif', 'github'] as const;
type Format = (typeof FORMATS)[number];

/** `check <files…>`: every diagnostic of the rule files, in the format CI or a person reads. */
export const checkCommand = defineCommand({
  name: 'check',
  summary: 'diagnostics for rule files (agent TOML/YAML/JSON, workflow YAML)',
  positionals: { name: '<files…>', noun: 'file', description: 'rule files to check', min: 1 },
  options: [
    {
      kind: 'value',
      name: 'format',
      choices: FORMATS,
      default: 'text',
      description:
        'text: file:line:col severity code message; json: one JSON array; sarif: SARIF 2.1.0 for code scanning; github: workflow-command annotations',
      example: '--format sarif > rule-studio.sarif',
    },
    { kind: 'flag', name: 'json', description: 'same as --format json', example: '--json' },
    PROFILE_OPTION,
  ],
  examples: [
    'rule-studio check agent.toml workflow.yaml',
    'rule-studio check --profile hegel --format github workflows/*.yaml',
    'rule-studio check --format sarif agents/*.toml > rule-studio.sarif',
  ],
  run(args, ctx) {
    const given = args.value('format') as Format | undefined;
    if (args.flag('json') && given !== undefined && given !== 'json')
      throw new UsageError(`--json and --format ${given} ask for two different formats`);
    const format: Format = args.flag('json') ? 'json' : (given ?? 'text');
    const profile = (args.value('profile') ?? 'spec') as Profile;
    const diagnostics = checkFiles(loadFiles(ctx, args.positionals), profile);
    if (format === 'json') ctx.out(jsonTermSafe(JSON.stringify(diagnostics, null, 2)));
    else if (format === 'sarif') ctx.out(jsonTermSafe(JSON.stringify(toSarif(diagnostics, ctx.version ?? '0.0.0'), null, 2)));
    else if (format === 'github') {
      const lines = githubAnnotations(diagnostics);
      if (lines.length > 0) ctx.out(lines.join('\n'));
      ctx.err(summarize(diagnostics));
    } else {
      for (const d of diagnostics) ctx.out(formatDiagnostic(d));
      ctx.err(summarize(diagnostics));
    }
    return hasErrors(diagnostics) ? EXIT.errors : EXIT.ok;
  },
});
