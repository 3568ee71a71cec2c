/** The tool-rule engine (`tool-rules.md` §3–§6, §8). */
export { createToolEngine } from './engine.ts';
export type { ToolEngine, ToolEngineSnapshot, ToolStepResult } from './types.ts';
export { dedupeKey, canonicalJson } from './dedupeKey.ts';
export { callHash, sameArgs } from './argsIdentity.ts';
export { rustDebugList, rustDebugString, rustDurationDebug } from './messages.ts';
