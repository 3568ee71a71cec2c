/** Claude Code's permission rules as a pure core: settings, merge, rules, `decide`, checks. */
export * from './types.ts';
export { parseRule, hasUnescapedStar } from './rule.ts';
export { splitCommand, stripWrappers, commandParts, bashMatches, wildcardMatches } from './bash.ts';
export { pathMatches, normalizePath, absolutePath } from './paths.ts';
export { readSettingsFile, readCommandLineRules, mergeSettings, settingsRoot } from './settings.ts';
export type { PermissionPolicy, SettingsFileRead } from './settings.ts';
export { decide, ruleMatches, isProtected, effectiveMode, callPath } from './decide.ts';
export { checkPolicy } from './checks.ts';
export { policyReport, whatIf, totalsAfter } from './policyReport.ts';
export { mergedSettingsText } from './writeSettings.ts';
export type { PolicyReport, RuleRow, DecisionChange } from './policyReport.ts';
