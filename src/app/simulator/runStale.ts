/**
 * Whether the finished run still shows what the rules decide: a run replays the texts its rule files
 * had when it started; once one of them (or the replayed trace) is edited, its decisions, rule
 * numbers and state may no longer be the rules' (a deleted rule shifts every number after it).
 */
import type { ProjectData } from '../state/store.ts';
import { settledText } from '../state/documents.ts';
import type { RunInfo } from './simulationStore.ts';

/** What changed since `run` started: the rules, the trace, or nothing (`undefined`). */
export function staleBy(project: ProjectData, run: RunInfo | undefined): 'rules' | 'trace' | undefined {
  if (!run || run.status === 'running' || run.ruleTexts === undefined) return undefined;
  const docs = project.docs.filter((d) => d.id === run.agentDocId || d.id === run.workflowDocId);
  // a document the run used is gone, or its text is not the one replayed
  if (docs.length !== run.ruleTexts.length || docs.some((d, i) => settledText(d) !== run.ruleTexts?.[i])) return 'rules';
  if (run.traceText !== undefined && run.traceIds.length === 1) {
    const trace = project.traces?.find((t) => t.id === run.traceIds[0]);
    if (trace && trace.text !== run.traceText) return 'trace';
  }
  return undefined;
}
