/**
 * Writing the texts of graph and Inspector edits of big agents off the main thread (issue 9.3).
 * An edit of a big agent takes its new model at once and is marked pending (`withAgent`); this
 * writer watches the store for documents whose text is pending, asks the edit worker for each
 * document's newest one (one job at a time, older requests replaced), and settles the text in
 * the store — in the current project and in the undo history alike, so undo and redo find the
 * written text. A pending document brought back by undo or a reload is asked for again. When the
 * worker fails, the text is written in place (slow, but never lost).
 */
import type { StudioStore } from '../state/store.ts';
import { setOffThreadWriter, settledText, type AgentDoc } from '../state/documents.ts';
import { agentDelta } from '../../core/model/agentDelta.ts';
import { createEditClient, type EditClient } from '../../worker/editClient.ts';
import { createLatestQueue } from './latestQueue.ts';

/** Installs the writer; returns its removal. `client` is the worker client it writes with (its own worker by default). */
export function installOffThreadEditing(store: StudioStore, client: EditClient = createEditClient()): () => void {
  /** The pending document last asked for, per document id (queued or being written). */
  const asked = new Map<string, AgentDoc>();
  const same = (a: AgentDoc | undefined, b: AgentDoc) => a !== undefined && a.pendingText === b.pendingText && a.agent === b.agent;
  const done = (doc: AgentDoc) => {
    if (asked.get(doc.id) === doc) asked.delete(doc.id);
  };
  const current = (doc: AgentDoc) => store.getState().project.docs.some((d) => d.kind === 'agent' && d.pendingText === doc.pendingText && d.agent === doc.agent);

  const queue = createLatestQueue<AgentDoc>(async (_id, doc) => {
    const pending = doc.pendingText;
    if (!pending || !current(doc)) return done(doc); // undone before its turn: asked again if it comes back
    const job = { docId: doc.id, fileName: doc.fileName, baseText: doc.text, baseName: pending.base.name, delta: agentDelta(pending.base, doc.agent) };
    let text: string;
    try {
      let answer = await client.agentText(job);
      if ('needsModels' in answer) answer = await client.agentText({ ...job, models: { before: pending.base, after: doc.agent } });
      text = 'text' in answer ? answer.text : settledText(doc);
    } catch {
      text = settledText(doc);
    }
    done(doc);
    store.getState().settleText(pending, doc.agent, text);
  });

  const ask = () => {
    for (const d of store.getState().project.docs) {
      if (d.kind !== 'agent' || !d.pendingText || same(asked.get(d.id), d)) continue;
      asked.set(d.id, d);
      queue.push(d.id, d);
    }
  };
  const unsubscribe = store.subscribe((s, prev) => {
    if (s.project !== prev.project) ask();
  });
  const removeWriter = setOffThreadWriter();
  ask();
  return () => {
    unsubscribe();
    removeWriter();
    client.dispose();
  };
}
