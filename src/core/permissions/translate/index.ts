/** Translation between permission dialects (Claude Code ↔ Codex execpolicy, Claude Code → Gemini CLI) and its check on sessions. */
export type { Dialect, SourceRule, Translation, TranslationNote, RuleVerdict } from './types.ts';
export { claudeToCodex, starlarkString } from './claudeToCodex.ts';
export { codexToClaude, MAX_EXPANSION } from './codexToClaude.ts';
export { claudeToGemini, GEMINI_PRIORITY } from './claudeToGemini.ts';
export { compareOnCommands, verdictOf } from './compare.ts';
export type { AnyPolicy, Comparison, VerdictDifference } from './compare.ts';
export { TRANSLATIONS, translationsFrom, policyOfFiles, policyOfTranslation, sessionShellCommands, DIALECT_NAME, TRANSLATED_FILE } from './registry.ts';
export type { TranslationDirection, PolicyFiles } from './registry.ts';
export { codexToGemini } from './codexToGemini.ts';
export { geminiToClaude } from './geminiToClaude.ts';
