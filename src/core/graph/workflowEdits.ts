/** Pure edits of a workflow made from the graph and the inspector. */
import type { Transition, Workflow, WorkflowNode } from '../model/workflow.ts';
import { DONE_NODE } from '../model/workflow.ts';
import { uniqueName } from './agentEdits.ts';

/** Adds a phase with a unique name (`phase`, `phase_2`, …) and no transition yet. */
export function addPhase(wf: Workflow, base = 'phase'): { workflow: Workflow; name: string } {
  const name = uniqueName(base, new Set([...wf.nodes.map((n) => n.name), DONE_NODE]));
  // No transition yet: where the phase leads (another phase, or `done`) is for the user to draw.
  const node: WorkflowNode = { name, prompt: '', transitions: [], rules: [] };
  return { workflow: { ...wf, nodes: [...wf.nodes, node] }, name };
}

/**
 * Adds a new phase after phase `from` (as Stately Studio adds a state after the selected one):
 * the phase of {@link addPhase}, joined from `from` by a transition named as a drawn one
 * ({@link addTransition}). One edit, so one undo step.
 */
export function addPhaseAfter(wf: Workflow, from: string, base = 'phase'): { workflow: Workflow; name: string } {
  const r = addPhase(wf, base);
  return { workflow: addTransition(r.workflow, from, r.name), name: r.name };
}

/**
 * Renames a phase; transitions pointing to it and `start_node` follow, and a transition named as
 * drawn to it (`<phase>_to_<from>`) is renamed with it when that name is free. Returns the same
 * workflow when the new name is empty, `done` or already taken.
 */
export function renamePhase(wf: Workflow, from: string, to: string): Workflow {
  if (from === to || to === '' || to === DONE_NODE || wf.nodes.some((n) => n.name === to)) return wf;
  const transitionsOf = (n: WorkflowNode): Transition[] => {
    const whens = new Set(n.transitions.map((t) => t.when));
    return n.transitions.map((t) => {
      if (t.to !== from) return t;
      const when = t.when === `${n.name}_to_${from}` && !whens.has(`${n.name}_to_${to}`) ? `${n.name}_to_${to}` : t.when;
      return { ...t, when, to };
    });
  };
  return {
    ...wf,
    start_node: wf.start_node === from ? to : wf.start_node,
    nodes: wf.nodes.map((n) => ({ ...n, name: n.name === from ? to : n.name, transitions: transitionsOf(n) })),
  };
}

/** Replaces phase `name` with `fn(node)`. */
export function updatePhase(wf: Workflow, name: string, fn: (n: WorkflowNode) => WorkflowNode): Workflow {
  let changed = false;
  const nodes = wf.nodes.map((n) => {
    if (n.name !== name) return n;
    const next = fn(n);
    if (next !== n) changed = true;
    return next;
  });
  return changed ? { ...wf, nodes } : wf;
}

/** Removes a phase (transitions to it stay and show as dangling until fixed). */
export function removePhase(wf: Workflow, name: string): Workflow {
  return removePhases(wf, new Set([name]));
}

/** Removes several phases at once (a multi-selection deleted); transitions to them are left to dangle, as for one. */
export function removePhases(wf: Workflow, names: ReadonlySet<string>): Workflow {
  const nodes = wf.nodes.filter((n) => !names.has(n.name));
  return nodes.length === wf.nodes.length ? wf : { ...wf, nodes };
}

/** Adds a transition `from → to` (when `<from>_complete`, or `<from>_to_<to>` for a further one; unique within the phase). */
export function addTransition(wf: Workflow, from: string, to: string): Workflow {
  return updatePhase(wf, from, (n) => {
    // Named after what was drawn: the first way out is `<from>_complete`, others `<from>_to_<to>`.
    const base = n.transitions.length === 0 ? `${from}_complete` : `${from}_to_${to}`;
    const when = uniqueName(base, new Set(n.transitions.map((t) => t.when)));
    return { ...n, transitions: [...n.transitions, { when, to }] };
  });
}

/** Removes transition `index` of phase `name`. */
export function removeTransition(wf: Workflow, name: string, index: number): Workflow {
  return updatePhase(wf, name, (n) => (index < n.transitions.length ? { ...n, transitions: n.transitions.filter((_, i) => i !== index) } : n));
}
