/**
 * The keyboard connect of a workflow: the transition a drag between two phases would draw, one undo
 * step, the new transition selected, and a notice (the live region) saying what was connected.
 */
import type { StudioStore } from '../state/store.ts';
import { activeDoc } from '../state/store.ts';
import { addTransition } from '../../core/graph/workflowEdits.ts';
import { focusedNodeId } from '../graph/nodeFocus.ts';

/** The phase a keyboard connect starts from: the selected phase (or the phase of a selected transition or rule), else the phase node with the keyboard focus. */
export function phaseTargetOf(store: StudioStore): string | undefined {
  const s = store.getState();
  const d = activeDoc(s);
  if (d?.kind !== 'workflow') return undefined;
  const phases = new Set(d.workflow.nodes.map((n) => n.name));
  const sel = s.selection;
  const node = sel.kind === 'phase' || sel.kind === 'transition' || sel.kind === 'phaseRule' ? sel.node : focusedNodeId();
  return node !== undefined && phases.has(node) ? node : undefined;
}

/** Adds a transition `from → to` to workflow document `docId` (named as a drawn one); returns its index in `from`, or -1. */
export function connectPhases(store: StudioStore, docId: string, from: string, to: string): number {
  let index = -1;
  let when = '';
  const s = store.getState();
  const added = s.editWorkflow(docId, (wf) => {
    const next = addTransition(wf, from, to);
    const ts = next.nodes.find((n) => n.name === from)?.transitions ?? [];
    index = ts.length - 1;
    when = ts[index]?.when ?? '';
    return next;
  });
  if (!added || index < 0) return -1;
  s.select({ kind: 'transition', node: from, index });
  s.notify('info', `Connected: ${from} to ${to} when ${when}.`);
  return index;
}
