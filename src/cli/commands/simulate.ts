import { defineCommand } from '../registry.ts';
import { SIMULATE_SETTING_OPTIONS } from './simulateOptions.ts';
import { RESOLVE_HOST_OPTION, TRACE_OPTION } from './sharedOptions.ts';

/** `simulate <rule files…> --trace <files…> [options]` */
export const simulateCommand = defineCommand({
  name: 'simulate',
  summary: 'replay traces through the rules and print every decision (JSONL)',
  positionals: { name: '<rule files…>', noun: 'rule file', description: 'agent and/or workflow rule files, Codex .rules files, or Gemini CLI policy files and folders (traces: their session logs too)', min: 1 },
  options: [
    TRACE_OPTION,
    ...SIMULATE_SETTING_OPTIONS,
    {
      kind: 'value',
      name: 'compare-profile',
      choices: ['spec', 'hegel', 'pattern', 'letta', 'claude'],
      description:
        'replay under --profile and under this profile too, and print only where the decisions differ, with the reason (JSONL: one line per difference, then a summary line)',
      example: '--compare-profile pattern',
    },
    RESOLVE_HOST_OPTION,
  ],
  examples: [
    'rule-studio simulate agent.toml --trace trace.jsonl',
    'rule-studio simulate workflow.yaml --profile hegel --trace hooks.jsonl states.jsonl',
    'rule-studio simulate agent.toml --trace scripted.yaml --start gate --exit block --consent-default deny',
    'rule-studio simulate agent.toml --trace trace.jsonl --compare-profile pattern',
    'rule-studio simulate default.rules --trace commands.txt  # Codex execpolicy: one command per line',
  ],
  exitCodes:
    'exit codes: 0 replayed (errors in the rule files, such as a cycle, are printed on stderr and the run goes on, as the runtimes run them), 1 the rule files cannot be read or no line of the traces was usable (nothing replayed), 2 unreadable input, bad usage, or a trace refused whole (a scripted trace past its expansion budget; its error record is still printed)',
  // The implementation (and the core it needs) is loaded only when the command runs.
  run: async (args, ctx) => (await import('./simulateRun.ts')).runSimulate(args, ctx),
});

