/** The workflow rule evaluator: public API. */
export { createWorkflowEngine, type WorkflowEngine, type WorkflowStepContext } from './engine.ts';
export type { WorkflowEngineSnapshot, RuleStateSnapshot, PhaseSnapshot, WindowItemSnapshot } from './snapshot.ts';
export { compactDuration, groupThousands, windowPhrase } from './texts.ts';
