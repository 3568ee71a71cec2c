/** The simulator's pure core: explanations, what-if diffs, summary and coverage, stepping, overview, teaching links. */
export { explainDecision, type ExplainContext, type Explanation, type RuleRef } from './explain.ts';
export { interruptDiagnostic } from './explainWorkflow.ts';
export { changedFields, diffDecisions, type DecisionDiff, type DiffChange, type DiffEntry } from './diff.ts';
export { whatIf, type WhatIfResult } from './whatIf.ts';
export { compareProfiles, createProfileComparison, serializeProfileDiffEntry, serializeProfileDiffSummary, type ProfileComparison, type ProfileDiffEntry, type ProfileDiffSummary } from './compareProfiles.ts';
export { profileReason, type ProfileCause, type ProfileReason } from './profileReasons.ts';
export { DECISION_KINDS, summarize, type KindCounts, type Summary, type SummaryContext, type ToolCount, type ToolRuleCount, type WorkflowRuleCount } from './summary.ts';
export { summaryMarkdown } from './summaryMarkdown.ts';
export { decisionsJsonl } from './jsonl.ts';
export { ToolRuleAttribution } from './attribution.ts';
export { createStepper, type Stepper, type StepperOptions, type StepView } from './stepper.ts';
export { VIOLATION_KINDS, isViolation, nextViolation, violations } from './violations.ts';
export { overviewBins, type OverviewBin } from './overview.ts';
export { decodeTeaching, encodeTeaching, TEACHING_MAX_CHARS, TEACHING_NOTE_MAX_CHARS, TEACHING_SCHEMA_VERSION, TeachingNote, TeachingPayload, type TeachingPayloadInput, type TeachingResult } from './teaching.ts';
export { CALL_TEXT_MAX, decisionCallText } from './decisionCall.ts';
export { describeWorkflowRule, toolRuleLine, workflowRuleLine } from './ruleText.ts';
export { walkedPath, type PathEdge, type PathGraph, type WalkedPath } from './walkedPath.ts';
