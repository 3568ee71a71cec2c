/**
 * Writing the text of a graph or Inspector edit of a big document (an agent — Pattern's or
 * Letta's — or a workflow), off the main thread: the position-aware rewrite (`editAgentText`,
 * `editWorkflowText`) of a big file re-parses and re-reads it, seconds of work for a 30,000-rule
 * agent or a 5,000-phase workflow. The page sends the text the document holds and what the edit
 * changed (an {@link AgentDelta} or a {@link WorkflowDelta}); the service applies the delta to its
 * model of that text — the one it wrote last for the document, or a fresh reading — and answers
 * with the new text. The edit worker exposes it; where there is no Worker (Vitest) the page's
 * client runs it in place. Pure.
 */
import '../app/state/codecsEager.ts';
import type { Agent } from '../core/model/toolRules.ts';
import type { Workflow } from '../core/model/workflow.ts';
import { applyAgentDelta, type AgentDelta } from '../core/model/agentDelta.ts';
import { applyWorkflowDelta, type WorkflowDelta } from '../core/model/workflowDelta.ts';
import { editAgentText, editWorkflowText } from '../core/codecs/edit/editText.ts';
import { readDocText } from '../app/state/documents.ts';
import { bigTextBlob } from '../app/persistence/docStorage.ts';

interface JobBase {
  docId: string;
  fileName: string;
  /** The text of the document before the edit. */
  baseText: string;
  /** The model's name before the edit (picks the agent of a Letta file of several; a workflow's name is the document's, not its text's). */
  baseName: string;
}

/** An edited agent's text to write. */
export interface AgentTextJob extends JobBase {
  kind: 'agent';
  /** What the edit changed, from the agent `baseText` holds. */
  delta: AgentDelta;
  /** Both models in full, when the service could not make the one before from the text. */
  models?: { before: Agent; after: Agent };
}

/** An edited workflow's text to write. */
export interface WorkflowTextJob extends JobBase {
  kind: 'workflow';
  delta: WorkflowDelta;
  models?: { before: Workflow; after: Workflow };
}

export type TextJob = AgentTextJob | WorkflowTextJob;

/**
 * The new text, with it as a Blob when it is big (over `OFF_THREAD_CHARS`): autosave keeps big
 * texts as Blobs, and making one of a 2.7 MB text on the page took 0.12 s of the task after a
 * graph edit (as `DocAnalysis.textBlob` for readings).
 */
export type TextAnswer = { text: string; textBlob?: Blob } | { needsModels: true };

export interface EditApi {
  docText(job: TextJob): Promise<TextAnswer>;
}

/** The text after the edit, from both models (the position-aware rewrite of the document's kind). */
function rewrite(job: TextJob, before: Agent | Workflow, after: Agent | Workflow): string {
  return job.kind === 'agent'
    ? editAgentText(job.fileName, job.baseText, before as Agent, after as Agent).text
    : editWorkflowText(job.fileName, job.baseText, before as Workflow, after as Workflow).text;
}

/** `before` with the job's delta applied (undefined when the delta was made from another model). */
function applied(job: TextJob, before: Agent | Workflow): Agent | Workflow | undefined {
  return job.kind === 'agent' ? applyAgentDelta(before as Agent, job.delta) : applyWorkflowDelta(before as Workflow, job.delta);
}

/** Writes the texts of edits (synchronously), remembering the last text written per document. */
export function createTextWriter(): (job: TextJob) => TextAnswer {
  /** The last text written per document and the model it holds. */
  const written = new Map<string, { text: string; model: Agent | Workflow }>();
  const modelOf = (job: TextJob): Agent | Workflow | undefined => {
    const last = written.get(job.docId);
    if (last && last.text === job.baseText) return last.model;
    const r = readDocText(job.kind, job.fileName, job.baseText, job.baseName);
    if (!r.ok) return undefined;
    // A workflow is named by its document (hegel names workflows by file), not by its text.
    return job.kind === 'workflow' ? { ...(r.model as Workflow), name: job.baseName } : r.model;
  };
  return (job) => {
    let before: Agent | Workflow | undefined = job.models?.before;
    let after: Agent | Workflow | undefined = job.models?.after;
    if (!before || !after) {
      before = modelOf(job);
      after = before && applied(job, before);
    }
    if (!before || !after) return { needsModels: true as const };
    const text = rewrite(job, before, after);
    written.set(job.docId, { text, model: after });
    return { text };
  };
}

export function createEditService(): EditApi {
  const write = createTextWriter();
  return {
    docText: (job) => {
      const answer = write(job);
      const textBlob = 'text' in answer ? bigTextBlob(answer.text) : undefined;
      return Promise.resolve(textBlob ? { ...answer, textBlob } : answer);
    },
  };
}
