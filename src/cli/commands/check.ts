import { defineCommand } from '../registry.ts';
import { LETTA_FAMILY } from '../../core/model/lettaFamily.ts';
import { FORMATS, MAX_WARNINGS_OPTION, QUIET_OPTION, SKIP_OTHERS_OPTION } from './diagnosticOutput.ts';
import { PROFILE_OPTION } from './sharedOptions.ts';

/** `check <files…>`: every diagnostic of the rule files, in the format CI or a person reads. */
export const checkCommand = defineCommand({
  name: 'check',
  summary: `diagnostics for rule files: Pattern agents (TOML/YAML/JSON), hegel workflows (YAML), ${LETTA_FAMILY} agents (.af), Claude Code settings (.json), Codex execpolicy (.rules), Gemini CLI policies (TOML)`,
  positionals: {
    name: '<files|folders|globs|-…>',
    noun: 'file',
    description: 'rule files to check; folders and globs are walked and their rule files picked by content (other YAML/TOML/JSON files are skipped); - reads stdin',
    min: 1,
  },
  options: [
    {
      kind: 'value',
      name: 'format',
      choices: FORMATS,
      default: 'text',
      description:
        'text: file:line:col severity code message; json: one JSON document {"version": 1, "diagnostics": […]} (docs/reference/json-output.md); sarif: SARIF 2.1.0 for code scanning; github: workflow-command annotations',
      example: '--format sarif > rule-studio.sarif',
    },
    { kind: 'flag', name: 'json', description: 'same as --format json', example: '--json' },
    PROFILE_OPTION,
    QUIET_OPTION,
    MAX_WARNINGS_OPTION,
    SKIP_OTHERS_OPTION,
  ],
  examples: [
    'rule-studio check agent.toml workflow.yaml',
    'rule-studio check --profile hegel --format github workflows/*.yaml',
    'rule-studio check --format sarif agents/*.toml > rule-studio.sarif',
    "rule-studio check . --max-warnings 0   # every rule file under the folder; ordinary YAML/TOML is skipped",
    "rule-studio check 'agents/**/*.toml' -q",
    'cat agent.toml | rule-studio check -',
    'rule-studio check .claude/settings.json ~/.codex/rules/default.rules ~/.gemini/policies   # permission rules',
  ],
  // The implementation (and the core it needs) is loaded only when the command runs.
  run: async (args, ctx) => (await import('./checkRun.ts')).runCheck(args, ctx),
});
