import type { DecisionKind } from '../../core/engine/decisions.ts';
import { wholeNumberProblem } from '../args.ts';
import { defineCommand } from '../registry.ts';
import { SIMULATE_SETTING_OPTIONS } from './simulateOptions.ts';
import { TRACE_OPTION } from './sharedOptions.ts';

const KINDS: readonly DecisionKind[] = ['allowed', 'auto', 'blocked', 'deduplicated', 'denied', 'timeout', 'not_found', 'ignored', 'exit', 'exit_blocked', 'periodic_due', 'transition', 'interrupt'];
const positive = (raw: string) => (raw === '0' ? 'must be 1 or more' : wholeNumberProblem(raw, 'steps', 2 ** 31 - 1));

/** `minimise <rule files…> --trace <files…> --step K [options]` */
export const minimiseCommand = defineCommand({
  name: 'minimise',
  summary: 'shrink a trace to the fewest, simplest events that still give one decision (scripted YAML)',
  positionals: { name: '<rule files…>', noun: 'rule file', description: 'agent and/or workflow rule files', min: 1 },
  options: [
    TRACE_OPTION,
    {
      kind: 'value',
      name: 'step',
      placeholder: '<K>',
      check: positive,
      description: "the decision's step, as the studio and rule-set tests count them: one per trace item, from 1",
      example: '--step 81234',
    },
    {
      kind: 'value',
      name: 'event',
      placeholder: '<E>',
      check: (raw) => wholeNumberProblem(raw, 'events', 2 ** 31 - 1),
      description: "instead of --step: the decision's `event` as `simulate` prints it (usable events, from 0)",
      example: '--event 81233',
    },
    {
      kind: 'value',
      name: 'kind',
      choices: KINDS,
      default: 'the first violation at the step, else its only decision',
      description: 'which of the step’s decisions to keep (a step can decide several things)',
      example: '--kind blocked',
    },
    {
      kind: 'value',
      name: 'format',
      choices: ['yaml', 'jsonl'],
      default: 'yaml',
      description: 'the minimised trace as a scripted trace (yaml) or canonical events (jsonl)',
      example: '--format jsonl',
    },
    {
      kind: 'value',
      name: 'max-tests',
      placeholder: '<n>',
      check: (raw) => wholeNumberProblem(raw, 'tests', 2 ** 31 - 1),
      default: 'no limit',
      description: 'stop after testing this many candidates (the result is then shorter, not yet minimal)',
      example: '--max-tests 5000',
    },
    ...SIMULATE_SETTING_OPTIONS,
  ],
  examples: [
    'rule-studio minimise agent.toml --trace session.jsonl --step 81234 > minimal.yaml',
    'rule-studio minimise agent.toml workflow.yaml --trace hooks.jsonl states.jsonl --event 5120 --kind interrupt',
    'rule-studio minimise agent.toml --trace session.jsonl --step 12 --format jsonl --dedupe-window 0',
  ],
  exitCodes:
    'exit codes: 0 minimised (the trace on stdout, the closing note on stderr), 1 the rule files have errors, 2 unreadable input, bad usage, or no such decision at that step',
  // The implementation (and the core it needs) is loaded only when the command runs.
  run: async (args, ctx) => (await import('./minimiseRun.ts')).runMinimise(args, ctx),
});
