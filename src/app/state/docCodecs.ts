/**
 * Everything the page needs to read, check, write and edit rule texts: the parsers (TOML, YAML,
 * JSON), the readers of every family, the validator with its regex engine, the writers and the
 * text patchers. Together they are a third of the page's code, and an empty project needs none of
 * them, so they are loaded after the first render (`codecs.ts`) rather than with the page.
 */
export { loadRuleFile } from '../../core/codecs/load.ts';
export { agentToolGraph } from '../../core/graph/agentToolGraph.ts';
export { claudeRulesInOrder } from '../../core/graph/claudeGraph.ts';
export { codexPolicyReport, replaceCodexRuleAt } from '../../core/permissions/codex/policyReport.ts';
export { geminiCallText, geminiRuleRows, replaceGeminiRuleAt } from '../../core/permissions/gemini/policyReport.ts';
export { translationsFrom, TRANSLATED_FILE } from '../../core/permissions/translate/registry.ts';
export { mergedSettingsOf } from '../../core/permissions/claude/writeSettings.ts';
export { permissionSyntaxError } from '../../core/permissions/syntax.ts';
export { writeAgentsToml } from '../../core/codecs/write/agentsToml.ts';
export { writeRuleFile } from '../../core/codecs/write.ts';
export { updateWorkflowYaml, writeWorkflowYaml } from '../../core/codecs/write/workflowYaml.ts';
export { checkLoadedFile, togetherDiagnostics } from '../../core/check.ts';
export { editAgentText, editWorkflowText } from '../../core/codecs/edit/editText.ts';
export { normaliseText, withNormaliseFixes } from '../../core/codecs/edit/normalise.ts';
export { compilePattern } from '../../core/regex/index.ts';
export { decodeBundle, encodeBundle } from '../../core/project/bundle.ts';
export { parseTestFile } from '../../core/tests/parse.ts';
export { inlineTraces } from '../../core/tests/inlineTraces.ts';
export { decodeShareLink, encodeShareLink } from '../../core/project/shareLink.ts';
export { estimateTraceItems } from '../../core/traces/estimate.ts';
export { readTrace } from '../../core/traces/readTrace.ts';
