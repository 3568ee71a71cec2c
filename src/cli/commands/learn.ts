import { defineCommand } from '../registry.ts';
import { SIMULATE_SETTING_OPTIONS } from './simulateOptions.ts';

/** The replay settings `learn` understands (the session's context under Claude Code's rules). */
const CONTEXT_OPTIONS = SIMULATE_SETTING_OPTIONS.filter((o) => o.name === 'cwd' || o.name === 'home' || o.name === 'permission-mode');

/** `learn <sessions…> [--settings files…]`: a least-privilege allow list from what the sessions did. */
export const learnCommand = defineCommand({
  name: 'learn',
  summary: "propose a least-privilege allow list from sessions (Claude Code settings, Codex prefix_rules or Gemini CLI policy rules): what prompted, grouped, with counts and risk",
  positionals: { name: '<sessions…>', noun: 'session', description: 'Claude Code transcripts, Codex session logs (~/.codex/sessions, rollout-*.jsonl), Gemini CLI session logs (~/.gemini/tmp/*/chats/session-*.jsonl) or scripted traces, or folders of them', min: 1 },
  options: [
    { kind: 'list', name: 'settings', placeholder: '<settings files…>', description: 'the Claude Code settings the sessions ran under (every scope you have), Codex .rules files, or Gemini CLI policy files and folders; the proposals add to them', example: '--settings .claude/settings.json ~/.claude/settings.json' },
    { kind: 'value', name: 'format', choices: ['text', 'json'], default: 'text', description: 'text: the proposals by tool and the allow list as a diff; json: the same as data', example: '--format json' },
    ...CONTEXT_OPTIONS,
  ],
  examples: ['rule-studio learn ~/.claude/projects/-home-me-app/ --settings .claude/settings.json', 'rule-studio learn session.jsonl --format json', 'rule-studio learn ~/.codex/sessions/ --settings ~/.codex/rules/default.rules', 'rule-studio learn ~/.gemini/tmp/ --settings ~/.gemini/policies'],
  exitCodes: 'exit codes: 0 proposed (or nothing to propose), 2 unreadable input or bad usage',
  run: async (args, ctx) => (await import('./learnRun.ts')).runLearn(args, ctx),
});
