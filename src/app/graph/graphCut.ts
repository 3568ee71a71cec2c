/**
 * Cut (Ctrl/Cmd+X, the palette): the selected tools or phases copied, as Copy copies them, then
 * deleted, in one undo step (the copy changes no document). A Letta agent's tools are defined in
 * its agent file and Claude Code's, Codex's and Gemini CLI's by their files' rules: none is cut,
 * as none is deleted or pasted; Simulate mode and the presenter are read-only.
 */
import type { ActionContext } from '../actions/types.ts';
import { activeDoc } from '../state/store.ts';
import { removeTools } from '../../core/graph/agentEdits.ts';
import { removePhases } from '../../core/graph/workflowEdits.ts';
import { canCopy, canPasteInto, copyOfSelection, holdCopy, type Copied } from './graphClipboard.ts';
import { UNDO_HINT } from './keys.ts';

/** True when the selection may be cut: it may be copied, and its document takes pasted (so also deleted) nodes. */
export const canCut = (ctx: ActionContext): boolean => canCopy(ctx) && canPasteInto(ctx);

/** Cuts the selected (else the focused) nodes; returns what was copied (its text for the system clipboard), undefined when nothing was cut. */
export function cutSelection(ctx: ActionContext): Copied | undefined {
  if (!canCut(ctx)) return undefined;
  const s = ctx.store.getState();
  const doc = activeDoc(s);
  const copied = copyOfSelection(ctx);
  if (!doc || !copied) return undefined;
  const { clip } = copied;
  const names = new Set(clip.kind === 'tools' ? clip.tools.map((t) => t.name) : clip.nodes.map((n) => n.name));
  const done = doc.kind === 'agent' ? s.editAgent(doc.id, (a) => removeTools(a, names)) : s.editWorkflow(doc.id, (wf) => removePhases(wf, names));
  if (!done) return undefined;
  s.select({ kind: 'none' });
  holdCopy(ctx, copied, 'Cut', ` Paste (Ctrl/Cmd+V) puts them back anywhere; ${UNDO_HINT.charAt(0).toLowerCase()}${UNDO_HINT.slice(1)}`);
  return copied;
}
