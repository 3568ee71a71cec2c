/** The tool-rule engine (`tool-rules.md` §3–§6, §8). */
export { createToolEngine } from './engine.ts';
export type { ToolEngine, ToolEngineSnapshot, ToolEngineState, ToolStepResult } from './types.ts';
export type { StateKeyOptions } from './stateKey.ts';
export { DecisionStamp } from '../stamp.ts';
export { dedupeKey, canonicalJson } from './dedupeKey.ts';
export { callHash, sameArgs } from './argsIdentity.ts';
export { rustDebugList, rustDebugString, rustDurationDebug } from './messages.ts';
