/**
 * The browser's copy, cut and paste events, answered for the graph: Ctrl/Cmd+C with nodes selected
 * (the focus on the graph, or no text of the page selected) puts them on the clipboard as
 * rule-file text and as the studio's clip, Ctrl/Cmd+X too and deletes them (`graphCut.ts`);
 * Ctrl/Cmd+V of such a clip pastes it. In a text field,
 * the Source editor or a dialog the events are left alone, and a paste of any other text (or of
 * a copy with no document open) is left to the import handler (`importHandlers.ts`), which opens
 * it as a document.
 */
import type { ActionContext } from '../actions/types.ts';
import { isTextTarget } from './keys.ts';
import { simulationStore } from '../simulator/simulationStore.ts';
import { activeDoc } from '../state/store.ts';
import { canCopy, canPasteInto, CLIP_TYPE, clipFileText, clipOfTransfer, copySelection, pasteClip, type Copied } from './graphClipboard.ts';
import { canCut, cutSelection } from './graphCut.ts';

/** True when `target` is on the graph's canvas. */
const onCanvas = (target: EventTarget | null): boolean => target instanceof Element && target.closest('section.canvas') !== null;

/** True when text of the page (not the graph's) is selected: Ctrl+C copies that. */
function pageTextSelected(doc: Document): boolean {
  const sel = doc.getSelection();
  return sel !== null && !sel.isCollapsed && sel.toString().trim() !== '';
}

/** Installs the copy and paste handlers on `doc` (before the window's import handler); returns their removal. */
export function installClipboardEvents(ctx: ActionContext, doc: Document = document): () => void {
  const leftAlone = (e: ClipboardEvent) => e.defaultPrevented || ctx.ui.getState().dialog !== null || isTextTarget(e.target) || isTextTarget(doc.activeElement);
  const put = (e: ClipboardEvent, copied: Copied | undefined) => {
    if (!copied || !e.clipboardData) return;
    e.clipboardData.setData('text/plain', copied.text);
    e.clipboardData.setData(CLIP_TYPE, clipFileText(copied));
    e.preventDefault();
  };
  const onCopy = (e: ClipboardEvent) => {
    if (leftAlone(e) || (!onCanvas(e.target) && pageTextSelected(doc)) || !canCopy(ctx)) return;
    put(e, copySelection(ctx));
  };
  // Ctrl/Cmd+X: copied as Ctrl+C copies, then deleted (one undo step). Where the nodes may be
  // copied but not deleted (a Letta agent's tools), it says why and copies nothing.
  const onCut = (e: ClipboardEvent) => {
    if (leftAlone(e) || (!onCanvas(e.target) && pageTextSelected(doc)) || !canCopy(ctx)) return;
    if (!canCut(ctx)) {
      e.preventDefault();
      ctx.store.getState().notify('info', 'Cut: a Letta agent’s tools are defined in its agent file, outside its rules; Copy (Ctrl/Cmd+C) copies them.');
      return;
    }
    put(e, cutSelection(ctx));
  };
  const onPaste = (e: ClipboardEvent) => {
    if (leftAlone(e)) return;
    const copied = clipOfTransfer(e.clipboardData);
    // With nothing open, the copy's text opens as a document of its own, as any pasted rule file.
    if (!copied || activeDoc(ctx.store.getState()) === undefined) return;
    // The studio's own clip is never opened as a new document, even where it cannot be pasted.
    e.preventDefault();
    if (simulationStore().getState().presenter) return;
    if (!canPasteInto(ctx)) {
      const why = ctx.ui.getState().mode !== 'design' ? 'Simulate mode is read-only; switch to Design to paste' : 'open a Pattern agent or a workflow to paste into';
      ctx.store.getState().notify('info', `Paste: ${why}.`);
      return;
    }
    pasteClip(ctx, copied);
  };
  doc.addEventListener('copy', onCopy);
  doc.addEventListener('cut', onCut);
  doc.addEventListener('paste', onPaste);
  return () => {
    doc.removeEventListener('copy', onCopy);
    doc.removeEventListener('cut', onCut);
    doc.removeEventListener('paste', onPaste);
  };
}
