/**
 * Copy, Cut, Paste and Duplicate of the selected nodes (tools or phases), as in Figma or Excalidraw.
 * Ctrl/Cmd+C, Ctrl/Cmd+X and Ctrl/Cmd+V are left to the browser, whose copy and paste events the studio
 * answers (`installClipboardEvents`: no permission asked); the palette and the Inspector's buttons
 * run these, through `navigator.clipboard` where the page may use it and the in-app clipboard
 * otherwise. Simulate mode and the presenter are read-only: none of them runs there.
 */
import type { Action, ActionContext } from './types.ts';
import { canCopy, canPasteInto, clipOfText, copySelection, duplicateSelection, heldClip, pasteClip } from '../graph/graphClipboard.ts';
import { canCut, cutSelection } from '../graph/graphCut.ts';

/** Whether the page may read the system clipboard without asking (a paste from the palette must not raise a prompt). */
async function mayReadClipboard(): Promise<boolean> {
  try {
    const state = await navigator.permissions.query({ name: 'clipboard-read' as PermissionName });
    return state.state === 'granted';
  } catch {
    return false;
  }
}

/** What a paste from the palette pastes: the system clipboard's clip where it may be read, else the in-app one. */
async function clipToPaste() {
  if (typeof navigator !== 'undefined' && navigator.clipboard && (await mayReadClipboard())) {
    const text = await navigator.clipboard.readText().catch(() => undefined);
    const read = text === undefined ? undefined : clipOfText(text);
    if (read) return read;
  }
  return heldClip();
}

/** Puts a clip's rule-file text on the system clipboard too (from the palette, where no copy event carries it); a refusal is not an error. */
function toSystemClipboard(text: string | undefined): void {
  if (text !== undefined && typeof navigator !== 'undefined') void navigator.clipboard?.writeText(text).catch(() => undefined);
}

const SELECT_FIRST = 'Select tools of a Pattern or Letta agent, or phases of a workflow, in Design mode first';

export const clipboardActions: Action[] = [
  {
    id: 'copy-nodes',
    label: 'Copy',
    keywords: 'copy clipboard nodes tools phases',
    shortcuts: ['Mod+C'],
    native: true,
    hint: 'Copy the selected tools with the rules among them (or phases with their transitions), as rule-file text too',
    unavailable: SELECT_FIRST,
    enabled: canCopy,
    run(ctx) {
      toSystemClipboard(copySelection(ctx)?.text);
    },
  },
  {
    id: 'cut-nodes',
    label: 'Cut',
    keywords: 'cut clipboard move nodes tools phases',
    shortcuts: ['Mod+X'],
    native: true,
    hint: 'Cut the selected tools with their rules (or phases with their transitions): copied as Copy copies them, then deleted, in one undo step',
    unavailable: SELECT_FIRST.replace('Pattern or Letta', 'Pattern'),
    enabled: canCut,
    run(ctx) {
      toSystemClipboard(cutSelection(ctx)?.text);
    },
  },
  {
    id: 'paste-nodes',
    label: 'Paste',
    keywords: 'paste clipboard nodes tools phases',
    shortcuts: ['Mod+V'],
    native: true,
    hint: 'Paste the copied tools or phases beside the originals; a name already taken gets _2',
    unavailable: 'Copy tools or phases first, then open a Pattern agent or a workflow in Design mode',
    enabled: (ctx: ActionContext) => canPasteInto(ctx) && heldClip() !== undefined,
    async run(ctx) {
      const copied = await clipToPaste();
      if (copied) pasteClip(ctx, copied);
    },
  },
  {
    id: 'duplicate-nodes',
    label: 'Duplicate',
    keywords: 'duplicate clone copy paste nodes tools phases',
    shortcuts: ['Mod+D'],
    hint: 'Duplicate the selected tools with the rules among them (or phases with their transitions), in one undo step',
    unavailable: SELECT_FIRST.replace('Pattern or Letta', 'Pattern'),
    enabled: (ctx: ActionContext) => canCopy(ctx) && canPasteInto(ctx),
    run: (ctx) => void duplicateSelection(ctx),
  },
];
