import { defineCommand } from '../registry.ts';
import { SIMULATE_SETTING_OPTIONS } from './simulateOptions.ts';
import { NO_OPEN_OPTION, PORT_OPTION, RESOLVE_HOST_OPTION } from './sharedOptions.ts';

/** `follow <session> <rule files…>`: a running session's decisions, live. */
export const followCommand = defineCommand({
  name: 'follow',
  summary: "watch a running session's log and print each decision as the call happens",
  positionals: {
    name: '<session> <rule files…>',
    noun: 'file',
    description:
      'the session log (a Claude Code transcript, a hooks log, canonical JSONL, a Codex rollout log, a Gemini CLI session log; it may not exist yet), or a folder whose newest .jsonl is followed; then the rule files (Codex .rules files, Gemini CLI policies: files or folders)',
    min: 2,
  },
  options: [
    ...SIMULATE_SETTING_OPTIONS,
    { kind: 'value', name: 'format', choices: ['text', 'jsonl'], default: 'text', description: 'text: one readable line per decision; jsonl: the decision stream of simulate', example: '--format jsonl' },
    { kind: 'flag', name: 'studio', description: 'also open the studio on the rule files and stream the decisions to it live (127.0.0.1 only, as serve); for Codex and Gemini CLI, the session itself, decided in the Policy view', example: '--studio' },
    NO_OPEN_OPTION,
    PORT_OPTION,
    { kind: 'flag', name: 'from-end', description: 'only what is appended from now on (the session so far is skipped)', example: '--from-end' },
    RESOLVE_HOST_OPTION,
  ],
  examples: [
    'rule-studio follow ~/.claude/projects/my-repo/ agent.toml',
    'rule-studio follow .hegel/hooks.jsonl workflow.yaml --profile hegel --evaluate-on every_event',
    'rule-studio follow session.jsonl agent.toml --format jsonl | jq .',
    'rule-studio follow ~/.claude/projects/my-repo/ agent.toml --studio',
    'rule-studio follow ~/.codex/sessions/ ~/.codex/rules/default.rules',
    'rule-studio follow ~/.gemini/tmp/<project hash>/chats/ ~/.gemini/policies .gemini/policies --format jsonl',
  ],
  exitCodes: 'exit codes: 0 stopped (Ctrl+C), 1 the rule files cannot be replayed, 2 unreadable input or bad usage',
  run: async (args, ctx) => (await import('./followRun.ts')).runFollow(args, ctx),
});
