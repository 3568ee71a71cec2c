import { wholeNumberProblem } from '../args.ts';
import { DEFAULT_MAX_STATES } from '../../core/verify/limits.ts';
import { defineCommand } from '../registry.ts';
import { FORMATS, MAX_WARNINGS_OPTION, QUIET_OPTION, SKIP_OTHERS_OPTION } from './diagnosticOutput.ts';
import { SIMULATE_SETTING_OPTIONS } from './simulateOptions.ts';

/** `verify <rule files…>`: explore every agent's rules (deadlocks, traps, dead tools and rules) and every workflow's sessions. */
export const verifyCommand = defineCommand({
  name: 'verify',
  summary: 'prove rule sets: deadlocks, unreachable exits, traps, dead tools and rules, unreachable phases, each with a shortest trace',
  positionals: {
    name: '<rule files|folders|globs|-…>',
    noun: 'rule file',
    description: 'agent and workflow files (every agent and workflow is verified); folders and globs are walked and their rule files picked by content; - reads stdin',
    min: 1,
  },
  options: [
    {
      kind: 'value',
      name: 'max-states',
      placeholder: '<n>',
      default: `${DEFAULT_MAX_STATES}`,
      check: (raw) => wholeNumberProblem(raw, 'states', 100_000_000) ?? (Number(raw) < 1 ? 'takes at least 1 state' : undefined),
      description: 'stop the search after this many distinct states; findings then hold "within the bound" the report names',
      example: '--max-states 1000000',
    },
    {
      kind: 'value',
      name: 'max-seconds',
      placeholder: '<s>',
      default: '60',
      check: (raw) => wholeNumberProblem(raw, 'seconds', 86_400) ?? (Number(raw) < 1 ? 'takes at least 1 second' : undefined),
      description: 'stop the search after this much time, as after --max-states; the report says what was proved by then',
      example: '--max-seconds 600',
    },
    {
      kind: 'value',
      name: 'format',
      choices: FORMATS,
      default: 'text',
      description:
        'text: findings with their traces; json: {"version": 1, "diagnostics": […], "agents": […], "workflows": […]} with the search figures (docs/reference/json-output.md); sarif: SARIF 2.1.0; github: workflow-command annotations',
      example: '--format github',
    },
    { kind: 'flag', name: 'json', description: 'same as --format json', example: '--json' },
    QUIET_OPTION,
    MAX_WARNINGS_OPTION,
    SKIP_OTHERS_OPTION,
    {
      kind: 'value',
      name: 'traces',
      placeholder: '<dir>',
      description: 'also write each finding’s counterexample as a scripted trace (<agent or workflow>-<code>-<n>.yaml) into this (existing) directory',
      example: '--traces counterexamples/',
    },
    ...SIMULATE_SETTING_OPTIONS,
  ],
  examples: [
    'rule-studio verify agent.toml',
    'rule-studio verify agents/*.toml --max-states 1000000 --max-seconds 600 --json',
    'rule-studio verify agent.toml --start gate --exit block --traces counterexamples/',
    'rule-studio verify workflow.yaml --profile hegel   # unreachable phases, rules that never fire, a session firing each',
    'rule-studio simulate agent.toml --trace counterexamples/agent-V001-1.yaml   # replay one',
  ],
  exitCodes:
    'exit codes: 0 no deadlock, unreachable exit or unreachable done, 1 one was found (or the rule files have errors), 2 unreadable input or bad usage',
  // The implementation (and the core it needs) is loaded only when the command runs.
  run: async (args, ctx) => (await import('./verifyRun.ts')).runVerify(args, ctx),
});
