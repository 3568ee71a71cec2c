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
 * Adds a new phase after phase `from` (as Stately Studio adds a state after the selected one), in
 * one edit, so one undo step. A phase with one way out gets the new phase inserted on it: its
 * transition leads to the new phase, which goes on to where it led (`<new>_complete`), so
 * start → done becomes start → phase → done. A phase with no way out, or several, is joined to the
 * new phase by a transition named as a drawn one ({@link addTransition}).
 */
export function addPhaseAfter(wf: Workflow, from: string, base = 'phase'): { workflow: Workflow; name: string } {
  const r = addPhase(wf, base);
  const source = wf.nodes.find((n) => n.name === from);
  const only = source?.transitions.length === 1 ? source.transitions[0] : undefined;
  if (!only || only.to === from) return { workflow: addTransition(r.workflow, from, r.name), name: r.name };
  return insertPhaseOn(wf, from, 0, base);
}

/**
 * Adds a new phase on transition `index` of phase `from` (an edge selected or focused on the
 * graph, review17 #2): the transition keeps its name and leads to the new phase, which goes on to
 * where it led (`<new>_complete`), so `from → to` becomes `from → new → to` in one edit. A
 * transition that does not exist adds the phase after `from` ({@link addPhaseAfter}).
 */
export function insertPhaseOn(wf: Workflow, from: string, index: number, base = 'phase'): { workflow: Workflow; name: string } {
  const t = wf.nodes.find((n) => n.name === from)?.transitions[index];
  if (!t) return addPhaseAfter(wf, from, base);
  const r = addPhase(wf, base);
  const inserted = updatePhase(r.workflow, from, (n) => ({ ...n, transitions: n.transitions.map((x, i) => (i === index ? { ...x, to: r.name } : x)) }));
  return { workflow: addTransition(inserted, r.name, t.to), name: r.name };
}

/**
 * Renames a phase; transitions pointing to it and `start_node` follow, and the transitions named
 * as drawn follow its name when the new name is free in their phase: its own ways out
 * (`<from>_complete`, `<from>_to_<x>`) and the ways into it (`<phase>_to_<from>`). Others keep
 * their names. Returns the same workflow when the new name is empty, `done` or already taken.
 */
export function renamePhase(wf: Workflow, from: string, to: string): Workflow {
  if (from === to || to === '' || to === DONE_NODE || wf.nodes.some((n) => n.name === to)) return wf;
  const transitionsOf = (n: WorkflowNode): Transition[] => {
    const whens = new Set(n.transitions.map((t) => t.when));
    /** `when` renamed to `next` if that name is free in the phase. */
    const renamed = (t: Transition, next: string): string => {
      if (whens.has(next)) return t.when;
      whens.delete(t.when);
      whens.add(next);
      return next;
    };
    const own = n.name === from;
    return n.transitions.map((t) => {
      const target = t.to === from ? to : t.to;
      let when = t.when;
      if (own && t.when === `${from}_complete`) when = renamed(t, `${to}_complete`);
      else if (t.when === `${n.name}_to_${t.to}`) {
        const drawn = `${own ? to : n.name}_to_${target}`;
        if (drawn !== t.when) when = renamed(t, drawn);
      }
      return when === t.when && target === t.to ? t : { ...t, when, to: target };
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
