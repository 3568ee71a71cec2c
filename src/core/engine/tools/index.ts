/** The tool-rule engine (`tool-rules.md` §3–§6, §8). */
export { createToolEngine } from './engine.ts';
export type { ToolEngine, ToolEngineSnapshot, ToolStepResult } from './types.ts';
export { dedupeKey, argsKey, canonicalJson } from './dedupeKey.ts';
export { rustDebugList, rustDebugString, rustDurationDebug } from './messages.ts';
