import { defineCommand } from '../registry.ts';

/** `translate <files…> --to codex|gemini|claude [--sessions …]`: a permission policy said in another dialect. */
export const translateCommand = defineCommand({
  name: 'translate',
  summary: 'translate permission rules between Claude Code settings, Codex execpolicy and Gemini CLI policies, naming what cannot be said',
  positionals: { name: '<files…>', noun: 'file', description: 'Claude Code settings files (.json, every scope you have), Codex .rules files, or Gemini CLI policy .toml files and folders (tier by path)', min: 1 },
  options: [
    { kind: 'value', name: 'to', choices: ['codex', 'gemini', 'claude'], required: true, description: 'the dialect to write: codex (a .rules file, from Claude Code settings), gemini (a policy .toml, from Claude Code settings or Codex rules) or claude (settings JSON, from Codex rules or Gemini policies)', example: '--to codex' },
    { kind: 'list', name: 'sessions', placeholder: '<sessions…>', description: 'Claude Code transcripts (or folders of them) whose shell commands both policies decide; every difference is listed', example: '--sessions ~/.claude/projects/-home-me-app/' },
    { kind: 'value', name: 'out', placeholder: '<file>', description: 'write the translated file there instead of to stdout', example: '--out .codex/rules/default.rules' },
    { kind: 'value', name: 'format', choices: ['text', 'json'], default: 'text', description: 'text: the translated file on stdout, the report on stderr; json: both as data on stdout', example: '--format json' },
  ],
  examples: ['rule-studio translate .claude/settings.json --to codex > default.rules', 'rule-studio translate .claude/settings.json --to gemini > .gemini/policies/claude.toml', 'rule-studio translate default.rules --to claude --sessions session.jsonl', 'rule-studio translate default.rules --to gemini > .gemini/policies/codex.toml', 'rule-studio translate ~/.gemini/policies --to claude'],
  exitCodes: 'exit codes: 0 translated (the report names each rule not said, or said more broadly), 1 a session command is decided differently, 2 unreadable input or bad usage',
  run: async (args, ctx) => (await import('./translateRun.ts')).runTranslate(args, ctx),
});
