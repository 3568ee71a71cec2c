/**
 * The validator: every check of `diagnostics.md` sections "Tool rules (T)" and "Workflows (W)".
 */
export { validateAgent, type AgentContext } from './validateAgent.ts';
export { validateWorkflow, type WorkflowContext } from './validateWorkflow.ts';
export type { WorkflowProfile } from './workflowRules.ts';
