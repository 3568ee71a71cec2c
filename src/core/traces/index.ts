/** Trace readers: every supported trace file → canonical {@link TraceItem}s, and merging them. */
export { TraceEvent, TokenUsage, ConsentAnswer, type TraceItem, type TraceEventType } from './events.ts';
export { createLineReader, type LineReader, type LineConsumer, MAX_LINE_CHARS, MAX_RECORDED_LINE_CHARS } from './lineReader.ts';
export { createCanonicalReader, readCanonical, type CanonicalReaderOptions } from './canonical.ts';
export { readScripted, readScriptedNode, scriptedItems, scriptedEventCount, MAX_SCRIPTED_EVENTS } from './scripted.ts';
export { estimateTraceItems } from './estimate.ts';
export { parseDuration } from './scriptedDuration.ts';
export { STEP_MODIFIERS, MAX_REPEAT } from './scriptedSteps.ts';
export { createHegelHooksReader, readHegelHooks } from './hegelHooks.ts';
export { createHegelStatesReader, readHegelStates } from './hegelStates.ts';
export { createClaudeTranscriptReader, readClaudeTranscript } from './claudeCode.ts';
export { readChatMessages, detectChatFlavor } from './chatMessages.ts';
export { detectTraceFormat, type TraceFormat } from './detect.ts';
export { readTrace } from './readTrace.ts';
export { mergeTraces } from './merge.ts';
export { createStreamingReader } from './streaming.ts';
export { scriptedOutline, type ScriptedOutline, type ScriptedProblem, type OutlinedStep } from './scriptedOutline.ts';
export { scriptedDedupeWarnings, type DedupeWarning } from './scriptedDedupe.ts';
