/** Gemini CLI policies as a pure core: the TOML policy reader and `checkToolCall`. */
export {
  loadGeminiPolicies,
  looksLikeGeminiPolicy,
  tierFromPath,
  readGeminiScript,
  buildArgsPatterns,
  isSafePattern,
  formatMcpToolName,
  APPROVAL_MODES,
  TIER_NUMBER,
  MAX_PATTERN_LENGTH,
} from './policy.ts';
export type {
  GeminiDecision,
  ApprovalMode,
  GeminiTier,
  GeminiRule,
  GeminiFileInput,
  GeminiLoad,
  GeminiScriptCall,
} from './policy.ts';
export { checkToolCall, stableStringify, parseMcpToolName, isBuildFile } from './engine.ts';
export type {
  GeminiToolCall,
  GeminiCheckOptions,
  GeminiEvaluation,
  BuildFileProtection,
} from './engine.ts';
export { parseShell, hasRedirection, stripShellWrapper, REDIRECTION_NAMES } from './shell.ts';
export type { ShellDetail, ShellParse } from './shell.ts';
export { checkGeminiPolicy, coversRule } from './checks.ts';
export { applyShellHeuristics, isKnownSafe, isDangerous, shellWords } from './heuristics.ts';
export { learnGeminiRules, LEARNED_PRIORITY } from './learn.ts';
export type { GeminiLearnCall, GeminiProposal, GeminiLearned } from './learn.ts';
export { readGeminiSession, createGeminiSessionReader, isGeminiSession, replayGeminiCall, geminiAgreement, DEFAULT_GEMINI_TRACE_BUDGET } from './session.ts';
export type { GeminiSessionCall, GeminiTrace, GeminiTraceBudget, GeminiRecorded, GeminiAgreement, GeminiCallReplay, GeminiUpdate, GeminiSessionReader } from './session.ts';
