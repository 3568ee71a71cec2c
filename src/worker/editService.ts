/**
 * Writing the text of a graph or Inspector edit of a big agent, off the main thread: the
 * position-aware rewrite (`editAgentText`) of a 30,000-rule file re-parses and re-reads it, about
 * a second of work. The page sends the text the document holds and what the edit changed (an
 * {@link AgentDelta}); the service applies the delta to its model of that text — the one it wrote
 * last for the document, or a fresh reading — and answers with the new text. The edit worker
 * exposes it; where there is no Worker (Vitest) the page's client runs it in place. Pure.
 */
import type { Agent } from '../core/model/toolRules.ts';
import { applyAgentDelta, type AgentDelta } from '../core/model/agentDelta.ts';
import { editAgentText } from '../core/codecs/edit/editText.ts';
import { readDocText } from '../app/state/documents.ts';

/** An edited agent's text to write: from `baseText` (the text of the agent before the edit). */
export interface AgentTextJob {
  docId: string;
  fileName: string;
  baseText: string;
  /** The agent's name before the edit (a Letta-style file of several agents is never sent). */
  baseName: string;
  /** What the edit changed, from the agent `baseText` holds. */
  delta: AgentDelta;
  /** Both models in full, when the service could not make the one before from the text. */
  models?: { before: Agent; after: Agent };
}

export type AgentTextAnswer = { text: string } | { needsModels: true };

export interface EditApi {
  agentText(job: AgentTextJob): Promise<AgentTextAnswer>;
}

/** Writes the texts of edits (synchronously), remembering the last text written per document. */
export function createAgentTextWriter(): (job: AgentTextJob) => AgentTextAnswer {
  /** The last text written per document and the model it holds. */
  const written = new Map<string, { text: string; agent: Agent }>();
  const modelOf = (job: AgentTextJob): Agent | undefined => {
    const last = written.get(job.docId);
    if (last && last.text === job.baseText) return last.agent;
    const r = readDocText('agent', job.fileName, job.baseText, job.baseName);
    return r.ok ? (r.model as Agent) : undefined;
  };
  return (job) => {
    let before = job.models?.before;
    let after = job.models?.after;
    if (!before || !after) {
      before = modelOf(job);
      after = before && applyAgentDelta(before, job.delta);
    }
    if (!before || !after) return { needsModels: true as const };
    const text = editAgentText(job.fileName, job.baseText, before, after).text;
    written.set(job.docId, { text, agent: after });
    return { text };
  };
}

export function createEditService(): EditApi {
  const write = createAgentTextWriter();
  return { agentText: (job) => Promise.resolve(write(job)) };
}
