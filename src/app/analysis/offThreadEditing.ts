/**
 * Writing the texts of graph and Inspector edits of big documents — agents (Pattern's and
 * Letta's) and workflows — off the main thread (issue 9.3). An edit of a big document takes its
 * new model at once and is marked pending (`withAgent`, `withWorkflow`); this
 * writer watches the store for documents whose text is pending, asks the edit worker for each
 * document's newest one (one job at a time, older requests replaced), and settles the text in
 * the store — in the current project and in the undo history alike, so undo and redo find the
 * written text. A pending document brought back by undo or a reload is asked for again. When the
 * worker fails, the text is written in place (slow, but never lost).
 */
import type { StudioStore } from '../state/store.ts';
import { modelOfDoc, setOffThreadWriter, settledText, type RuleDoc } from '../state/documents.ts';
import { agentDelta } from '../../core/model/agentDelta.ts';
import { workflowDelta } from '../../core/model/workflowDelta.ts';
import { createEditClient, type EditClient } from '../../worker/editClient.ts';
import type { TextJob } from '../../worker/editService.ts';
import { createLatestQueue } from './latestQueue.ts';
import { rememberTextBlob } from '../persistence/docStorage.ts';

/** Installs the writer; returns its removal. `client` is the worker client it writes with (its own worker by default). */
export function installOffThreadEditing(store: StudioStore, client: EditClient = createEditClient()): () => void {
  /** The pending document last asked for, per document id (queued or being written). */
  const asked = new Map<string, RuleDoc>();
  const same = (a: RuleDoc | undefined, b: RuleDoc) => a !== undefined && a.pendingText === b.pendingText && modelOfDoc(a) === modelOfDoc(b);
  const done = (doc: RuleDoc) => {
    if (asked.get(doc.id) === doc) asked.delete(doc.id);
  };
  const current = (doc: RuleDoc) => store.getState().project.docs.some((d) => same(d, doc));

  const queue = createLatestQueue<RuleDoc>(async (_id, doc) => {
    const pending = doc.pendingText;
    if (!pending || !current(doc)) return done(doc); // undone before its turn: asked again if it comes back
    const base = { docId: doc.id, fileName: doc.fileName, baseText: doc.text, baseName: pending.base.name };
    const job: TextJob = doc.kind === 'agent'
      ? { ...base, kind: 'agent', delta: agentDelta(doc.pendingText!.base, doc.agent) }
      : { ...base, kind: 'workflow', delta: workflowDelta(doc.pendingText!.base, doc.workflow) };
    let text: string;
    try {
      let answer = await client.docText(job);
      if ('needsModels' in answer) answer = await client.docText({ ...job, models: { before: pending.base, after: modelOfDoc(doc) } } as TextJob);
      text = 'text' in answer ? answer.text : settledText(doc);
      // Before the text lands: the save it sets off finds the Blob made.
      if ('text' in answer && answer.textBlob) rememberTextBlob({ id: doc.id, text }, answer.textBlob);
    } catch {
      text = settledText(doc);
    }
    done(doc);
    store.getState().settleText(pending, modelOfDoc(doc), text);
  });

  const ask = () => {
    for (const d of store.getState().project.docs) {
      if (!d.pendingText || same(asked.get(d.id), d)) continue;
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
