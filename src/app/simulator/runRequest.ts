/**
 * What a run replays: the chosen traces of the project (merged by time when several) and the
 * chosen agent and workflow documents, sent to the worker as their texts with their file names.
 */
import type { ChosenSettings } from '../../core/engine/settings.ts';
import type { ProjectData, TraceDoc } from '../state/store.ts';
import type { SimulationRequest } from '../../worker/protocol.ts';
import { settledText } from '../state/documents.ts';
import type { ScriptedProblem } from '../../core/traces/index.ts';

/** The documents and traces a run uses. `null` = none chosen on purpose; undefined = the default. */
export interface RunChoice {
  traceIds?: string[];
  agentDocId?: string | null;
  workflowDocId?: string | null;
}

export interface ResolvedChoice {
  traces: TraceDoc[];
  agentDocId?: string;
  workflowDocId?: string;
}

/**
 * The choice with defaults filled in: the first trace; the active agent document (else the first
 * one); the first workflow document. Ids no longer in the project are dropped.
 */
export function resolveChoice(project: ProjectData, choice: RunChoice): ResolvedChoice {
  const traces = project.traces ?? [];
  const chosen = choice.traceIds ? traces.filter((t) => choice.traceIds?.includes(t.id)) : traces.slice(0, 1);
  const agents = project.docs.filter((d) => d.kind === 'agent');
  const workflows = project.docs.filter((d) => d.kind === 'workflow');
  const active = agents.find((d) => d.id === project.activeDocId);
  const agent =
    choice.agentDocId === null ? undefined : (agents.find((d) => d.id === choice.agentDocId) ?? (choice.agentDocId === undefined ? (active ?? agents[0]) : undefined));
  const workflow =
    choice.workflowDocId === null ? undefined : (workflows.find((d) => d.id === choice.workflowDocId) ?? (choice.workflowDocId === undefined ? workflows[0] : undefined));
  return { traces: chosen, ...(agent ? { agentDocId: agent.id } : {}), ...(workflow ? { workflowDocId: workflow.id } : {}) };
}

/** A chosen scripted trace that does not read whole: Run refuses it (`traces.md`, Scripted trace). */
export interface UnreadTrace {
  traceId: string;
  name: string;
  /** Every problem, in line order (at least one). */
  problems: readonly ScriptedProblem[];
  /** Several traces were chosen (the status names this one). */
  several: boolean;
}

export type BuiltRequest = { ok: true; request: SimulationRequest; resolved: ResolvedChoice } | { ok: false; message: string };

/** Why a refused trace was not replayed, above its first problem. */
export function unreadMessage(u: UnreadTrace): string {
  return `${u.name} was not replayed: a scripted trace runs only when it reads whole. The cursor is on ${u.problems.length === 1 ? 'its error' : 'the first of its errors'} in the trace editor:`;
}

/** `Not run: the trace has 2 errors (first at line 3)`: the run status of a refused trace. */
export function unreadStatus(u: UnreadTrace): string {
  const n = u.problems.length;
  const line = u.problems[0]?.line ?? 1;
  const what = u.several ? u.name : 'the trace';
  return n === 1 ? `Not run: ${what} has 1 error (at line ${line})` : `Not run: ${what} has ${n.toLocaleString('en-US')} errors (first at line ${line})`;
}

/** The family of the agent a run replays (`claude`, `letta`, …), none for a Pattern agent or a workflow alone. */
export function agentFamilyOf(project: ProjectData, choice: RunChoice): string | undefined {
  const doc = project.docs.find((d) => d.id === resolveChoice(project, choice).agentDocId);
  return doc?.kind === 'agent' ? doc.agent.family : undefined;
}

/** The dialect whose rules the Policy view decides (Codex, Gemini CLI), when the chosen agent is one. */
export function decidedInPolicyView(project: ProjectData, choice: RunChoice): 'Codex' | 'Gemini CLI' | undefined {
  if (resolveChoice(project, choice).workflowDocId !== undefined) return undefined;
  const family = agentFamilyOf(project, choice);
  return family === 'codex' ? 'Codex' : family === 'gemini' ? 'Gemini CLI' : undefined;
}

/** The worker request for a choice, or why there is nothing to run. */
export function buildRequest(project: ProjectData, choice: RunChoice, settings: ChosenSettings, chunkSize = 2_000): BuiltRequest {
  const dialect = decidedInPolicyView(project, choice);
  if (dialect) return { ok: false, message: `${dialect} rules are decided by ${dialect}'s own engine in the Policy view (Design mode, bottom panel): each call of your sessions with its decision and the rule that made it.` };
  const resolved = resolveChoice(project, choice);
  if (resolved.traces.length === 0)
    return {
      ok: false,
      message: (project.traces ?? []).length === 0 ? 'No trace to replay yet: add one under Traces (a recorded log, a scripted trace, or a test of this project).' : 'Choose a trace to replay under Traces.',
    };
  const docs = project.docs.filter((d) => d.id === resolved.agentDocId || d.id === resolved.workflowDocId);
  if (docs.length === 0) return { ok: false, message: 'Choose an agent or a workflow to replay the trace against.' };
  return {
    ok: true,
    resolved,
    request: {
      ruleFiles: docs.map((d) => ({ name: d.fileName, text: settledText(d) })),
      traces: resolved.traces.map((t) => ({ name: t.name, text: t.text })),
      settings,
      chunkSize,
    },
  };
}

/** Every trace of the project, for coverage (each replayed on its own). */
export function coverageRequest(project: ProjectData, choice: RunChoice, settings: ChosenSettings): BuiltRequest {
  const all = (project.traces ?? []).map((t) => t.id);
  return buildRequest(project, { ...choice, traceIds: all }, settings);
}
