import { defineCommand } from '../registry.ts';
import { LETTA_FAMILY } from '../../core/model/lettaFamily.ts';
import { PROFILE_OPTION } from './sharedOptions.ts';

const FORMATS = ['text', 'json', 'sarif', 'github'] as const;
export type Format = (typeof FORMATS)[number];

/** `check <files…>`: every diagnostic of the rule files, in the format CI or a person reads. */
export const checkCommand = defineCommand({
  name: 'check',
  summary: `diagnostics for rule files (Pattern agent TOML/YAML/JSON, hegel workflow YAML, ${LETTA_FAMILY} agent files .af)`,
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
  // The implementation (and the core it needs) is loaded only when the command runs.
  run: async (args, ctx) => (await import('./checkRun.ts')).runCheck(args, ctx),
});
