/**
 * Verifying a workflow: explore its sessions (`exploreWorkflow.ts`) and report what the static
 * checks cannot see (`workflowFindings.ts`), as findings or as diagnostics of a loaded file.
 */
import type { LoadedFile } from '../codecs/types.ts';
import type { Diagnostic } from '../diagnostics/types.ts';
import { resolveSettings, workflowProfileOf, type ReplaySettingsInput } from '../engine/settings.ts';
import type { Workflow } from '../model/workflow.ts';
import { workflowEmitter } from '../validate/emit.ts';
import { validateWorkflow } from '../validate/validateWorkflow.ts';
import { startCannotFinish } from '../validate/workflowGraph.ts';
import { ruleId, searchWorkflowSteps } from './exploreWorkflow.ts';
import type { SearchLimits } from './exploreTools.ts';
import { counted, finish, type SearchProgress } from './steps.ts';
import type { SearchStats, VerifyFinding } from './findings.ts';
import { workflowFindings, type WorkflowStatics } from './workflowFindings.ts';

/** The verdict on one workflow. */
export interface WorkflowVerification {
  workflow: string;
  findings: VerifyFinding[];
  stats: SearchStats;
}

const NO_STATICS: WorkflowStatics = { unreachable: new Set(), doneReachable: true, flaggedRules: new Set() };

/**
 * Explores a workflow's sessions under the settings (profile and `evaluateOn`; default the
 * spec's) and returns every finding with its shortest session. `statics` says what the static
 * checks already report (default: nothing, and `done` reachable on paper).
 */
export function verifyWorkflow(wf: Workflow, settings: ReplaySettingsInput = {}, limits: SearchLimits = {}, statics: WorkflowStatics = NO_STATICS): WorkflowVerification {
  return finish(verifyWorkflowSteps(wf, settings, limits, statics));
}

/** {@link verifyWorkflow} in steps (progress yielded every few hundred states). */
export function* verifyWorkflowSteps(
  wf: Workflow,
  settings: ReplaySettingsInput = {},
  limits: SearchLimits = {},
  statics: WorkflowStatics = NO_STATICS,
): Generator<SearchProgress, WorkflowVerification> {
  const s = yield* searchWorkflowSteps(wf, resolveSettings(settings), limits);
  return {
    workflow: wf.name,
    findings: workflowFindings(s, statics),
    stats: { states: s.states, transitions: s.transitions, depth: s.completeDepth, exhaustive: s.exhaustive, settled: s.settled },
  };
}

/**
 * What W003, W004 and the rule checks already say about a workflow. W004 names the places the
 * workflow gets stuck, not every node leading there, so whether the start node can finish is
 * worked out from the transitions, as W004 does.
 */
export function workflowStatics(statics: readonly Diagnostic[], wf: Workflow): WorkflowStatics {
  const unreachable = new Set<string>();
  const flaggedRules = new Set<string>();
  const doneReachable = !startCannotFinish(wf);
  for (const d of statics) {
    if (d.target.kind !== 'workflow' || d.target.node === undefined) continue;
    if (d.code === 'W003') unreachable.add(d.target.node);
    if (d.target.rule !== undefined && d.severity !== 'info') flaggedRules.add(ruleId(d.target.node, d.target.rule));
  }
  return { unreachable, doneReachable, flaggedRules };
}

/**
 * The diagnostics (with proofs and traces) of every workflow of one loaded file, in steps; the
 * progress yielded counts on from `before.states`, which grows by each search's states.
 */
export function* verifyFileWorkflowsSteps(
  f: LoadedFile,
  settings: ReplaySettingsInput,
  limits: SearchLimits,
  before: { states: number },
  push: (d: Diagnostic, finding: VerifyFinding) => void,
): Generator<SearchProgress, (WorkflowVerification & { file: string })[]> {
  const profile = workflowProfileOf(resolveSettings(settings).profile);
  const verified: (WorkflowVerification & { file: string })[] = [];
  for (const [workflowIndex, wf] of f.workflows.entries()) {
    const ctx = { file: f.file, spans: f.spans, workflowIndex, profile };
    const result = yield* counted(verifyWorkflowSteps(wf, settings, limits, workflowStatics(validateWorkflow(wf, ctx), wf)), before);
    const out: Diagnostic[] = [];
    const emit = workflowEmitter(out, wf.name, ctx);
    for (const finding of result.findings) {
      const onNode = finding.node !== undefined && finding.node !== 'done';
      emit(finding.code, finding.severity, finding.message, {
        ...(onNode ? { node: finding.node } : { field: 'start_node' }),
        ...(finding.rule !== undefined ? { rule: finding.rule } : {}),
      });
      push(out.pop() as Diagnostic, finding);
    }
    verified.push({ ...result, file: f.file });
  }
  return verified;
}
