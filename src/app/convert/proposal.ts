/**
 * A proposed rewrite of one document's text ("Convert to Pattern's form" / "… hegel's form"),
 * shown as a diff the user accepts or rejects. Its own small store, so the dialog stays a
 * self-contained piece of the shell.
 */
import { createStore } from 'zustand/vanilla';
import type { StudioStore } from '../state/store.ts';
import { activeDoc } from '../state/store.ts';
import { codecs } from '../state/codecs.ts';

export interface Proposal {
  docId: string;
  fileName: string;
  title: string;
  before: string;
  after: string;
  /** What the rewrite is, for the dialog: the form written and whether comments were kept. */
  note: string;
}

export const proposalStore = createStore<{ proposal: Proposal | null }>()(() => ({ proposal: null }));

/** Proposes converting the active document to its loader's form; tells the user when there is nothing to do. */
export function proposeConversion(store: StudioStore, target: 'agent' | 'workflow'): void {
  const doc = activeDoc(store.getState());
  const who = target === 'agent' ? "Pattern's" : "hegel's";
  if (!doc || doc.kind !== target) {
    store.getState().notify('info', `Open ${target === 'agent' ? 'an agent' : 'a workflow'} document to convert it to ${who} form.`);
    return;
  }
  const r = codecs().normaliseText(doc.fileName, doc.text);
  if (!r) {
    store.getState().notify('error', `${doc.fileName} does not read cleanly yet (see Problems), so it cannot be converted. Nothing was changed.`);
    return;
  }
  if (!r.changed) {
    store.getState().notify('info', `${doc.fileName} is already in ${r.form}. Nothing was changed.`);
    return;
  }
  const note =
    r.how === 'patched'
      ? `Only the parts ${who} loader rejects are rewritten, into ${r.form}; comments and layout stay.`
      : `This file has to be written afresh in ${r.form}: its comments cannot be kept.`;
  proposalStore.setState({ proposal: { docId: doc.id, fileName: doc.fileName, title: `Convert to ${who} form`, before: doc.text, after: r.text, note } });
}

/** Applies the proposal (one undo step) when the document still has the text it was made from. */
export function acceptProposal(store: StudioStore): void {
  const p = proposalStore.getState().proposal;
  proposalStore.setState({ proposal: null });
  if (!p) return;
  const doc = store.getState().project.docs.find((d) => d.id === p.docId);
  if (!doc || doc.text !== p.before) {
    store.getState().notify('error', `${p.fileName} changed since the conversion was proposed. Nothing was changed; run the command again.`);
    return;
  }
  store.getState().setText(p.docId, p.after);
  store.getState().notify('info', `${p.fileName} converted. Undo (Ctrl/Cmd+Z) brings back the text as it was.`);
}

export function rejectProposal(): void {
  proposalStore.setState({ proposal: null });
}
