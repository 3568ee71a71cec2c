/** Codex execpolicy as a pure core: the `.rules` reader (a Starlark subset) and `checkCommand`. */
export { loadCodexRules, checkCommand, toCodexJson, severityOf, normalizeAbsolute, fileName } from './policy.ts';
export type { CodexDecision, CodexRule, CodexNetworkRule, CodexPolicy, RulesFileInput, LoadOptions, CodexLoad, CheckOptions, CodexMatch, CodexEvaluation } from './policy.ts';
export { shlexSplit } from './shlex.ts';
export { StarlarkError, DEFAULT_BUDGET } from './starlark.ts';
export type { Budget, Pos } from './starlark.ts';
export { checkCodexPolicy, covers } from './checks.ts';
export { readCodexScript, scriptExecCall, SESSION_CHECK } from './script.ts';
export type { ScriptCommand, ScriptError } from './script.ts';
export { readCodexRollout, createRolloutReader, isCodexRollout, recordedOf, shellScriptCommands, replayCodexCall, codexAgreement, replayCodexSessions, DEFAULT_ROLLOUT_BUDGET } from './rollout.ts';
export type { CodexExecCall, CodexSession, RecordedExec, RolloutBudget, Agreement, CodexCallReplay, CodexReplay, RolloutUpdate, RolloutLineReader } from './rollout.ts';
