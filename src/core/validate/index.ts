/**
 * The validator: every check of `diagnostics.md` sections "Tool rules (T)" and "Workflows (W)", and the Letta checks (L, `docs/letta.md`).
 */
export { validateAgent, type AgentContext } from './validateAgent.ts';
export { validateLetta } from './validateLetta.ts';
export { validateWorkflow, type WorkflowContext } from './validateWorkflow.ts';
export type { WorkflowProfile } from './workflowRules.ts';
