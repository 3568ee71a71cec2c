/**
 * Applies a diagnostic's quick fix to its document's text, as the Source editor's code action
 * does (Ctrl+.), from wherever the problem is shown: one undoable edit of only the text the fix
 * touches, and a notice saying what was done (review16: F011's fix was reachable only from Source).
 */
import type { Diagnostic } from '../../core/diagnostics/types.ts';
import { applyTextEdits } from '../../core/diagnostics/textEdits.ts';
import type { RuleDoc } from '../state/documents.ts';
import type { useStudioStore } from '../state/context.tsx';

type Store = ReturnType<typeof useStudioStore>;

/** Applies `d.fix` to `doc`'s text; false (and a notice why) when the text moved on since the fix was made. */
export function applyQuickFix(store: Store, doc: RuleDoc, d: Diagnostic): boolean {
  const fix = d.fix;
  if (!fix) return false;
  const current = store.getState().project.docs.find((x) => x.id === doc.id);
  if (!current || current.text !== doc.text) {
    store.getState().notify('info', `${doc.fileName} changed since this problem was found: check it again before fixing.`);
    return false;
  }
  store.getState().setText(doc.id, applyTextEdits(doc.text, fix.edits));
  store.getState().notify('info', `${fix.title}: done in ${doc.fileName}. Undo restores it.`);
  return true;
}
