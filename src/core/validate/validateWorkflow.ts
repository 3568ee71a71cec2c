/**
 * Every workflow check of `diagnostics.md` (W001–W010) for one workflow.
 */
import { sortDiagnostics, type Diagnostic, type SpanIndex } from '../diagnostics/index.ts';
import type { Workflow } from '../model/index.ts';
import { workflowEmitter } from './emit.ts';
import { reportWorkflowGraph } from './workflowGraph.ts';
import { reportWorkflowRules, type WorkflowProfile } from './workflowRules.ts';

export interface WorkflowContext {
  file: string;
  spans: SpanIndex;
  /** Index of the workflow in its file, for span keys. */
  workflowIndex: number;
  /** `spec` (default of `check`) or `hegel`: decides W006's severity. */
  profile: WorkflowProfile;
  /** Only the errors: warnings and infos are neither made nor located in the source. */
  errorsOnly?: boolean;
}

/**
 * Validates one workflow: every W check of `diagnostics.md`, sorted by position then code.
 * Linear in nodes, transitions and rules (plus compiling each distinct pattern).
 */
export function validateWorkflow(wf: Workflow, ctx: WorkflowContext): Diagnostic[] {
  const out: Diagnostic[] = [];
  const emit = workflowEmitter(out, wf.name, ctx);
  reportWorkflowGraph(wf, emit);
  reportWorkflowRules(wf.nodes, ctx.profile, emit);
  return sortDiagnostics(out);
}
