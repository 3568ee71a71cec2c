/** Graph actions: Auto layout, Add tool, Add rule, Connect, Add phase (toolbar, shortcuts and palette). */
import type { Action, ActionContext } from './types.ts';
import { activeDoc, type Selection } from '../state/store.ts';
import { addTool, toolNamesOf } from '../../core/graph/agentEdits.ts';
import { ruleTargetOf } from './ruleTarget.ts';
import { addPhase, addPhaseAfter, insertPhaseOn } from '../../core/graph/workflowEdits.ts';
import type { Workflow } from '../../core/model/workflow.ts';
import { addLettaRule } from '../../core/graph/lettaEdits.ts';
import { insertedSpots, layoutOf, missingPositions } from '../graph/docGraph.ts';
import { requestFit } from '../graph/fitRequests.ts';
import { requestViewLayout } from '../graph/viewLayoutRequests.ts';
import { keepsPositions } from '../graph/usePlacement.ts';
import { renameKey, requestNameFocus } from '../inspector/nameFocus.ts';
import { focusedEdgeId, focusedNodeId } from '../graph/nodeFocus.ts';
import { phaseTargetOf } from './phaseEdits.ts';

const doc = ({ store }: ActionContext) => activeDoc(store.getState());

/** The transition Add phase goes on: the selected one, else the one whose edge has the keyboard focus (`t:<phase>:<index>`), when it exists. */
function transitionOf(selection: Selection, wf: Workflow): { node: string; index: number } | undefined {
  let at: { node: string; index: number } | undefined;
  if (selection.kind === 'transition') at = { node: selection.node, index: selection.index };
  else if (selection.kind === 'none') {
    const id = focusedEdgeId();
    const m = id === undefined ? null : /^t:(.+):(\d+)$/.exec(id);
    if (m) at = { node: m[1]!, index: Number(m[2]) };
  }
  return at !== undefined && wf.nodes.find((n) => n.name === at.node)?.transitions[at.index] !== undefined ? at : undefined;
}

/**
 * The tool a new rule or a keyboard connection is for: the selection's, else the graph node that
 * has the keyboard focus (reached by Tab or F6, it looks picked: it is, and gets selected first).
 */
const ruleTarget = ({ store }: ActionContext): string | undefined => {
  const s = store.getState();
  const picked = ruleTargetOf(s);
  if (picked !== undefined) return picked;
  const focused = focusedNodeId();
  const d = activeDoc(s);
  if (focused === undefined || d?.kind !== 'agent' || !toolNamesOf(d.agent).has(focused)) return undefined;
  return ruleTargetOf({ ...s, selection: { kind: 'tool', tool: focused } });
};

/** Selects the focused node an action is about to act on, when the selection is not already about it. */
const adopt = ({ store }: ActionContext, tool: string) => {
  if (ruleTargetOf(store.getState()) !== tool) store.getState().select({ kind: 'tool', tool });
};

export const graphActions: Action[] = [
  {
    id: 'auto-layout',
    icon: 'layout',
    label: 'Auto layout',
    keywords: 'arrange tidy',
    toolbar: true,
    shortcuts: ['Mod+Shift+L'],
    hint: 'Lay out the whole graph again, layered in reading order (one undo step)',
    unavailable: 'Open an agent or a workflow first',
    enabled: (ctx) => doc(ctx) !== undefined,
    run(ctx) {
      const d = doc(ctx);
      if (!d) return;
      // A graph past the cap keeps no positions: its view (laid out on its own) is laid out again.
      if (keepsPositions(d)) ctx.store.getState().setPositions(d.id, layoutOf(d), { key: `auto-layout:${Date.now()}` });
      else requestViewLayout(d.id);
      requestFit(d.id);
    },
  },
  {
    id: 'add-tool',
    icon: 'plus',
    hideWhenDisabled: true,
    label: 'Add tool',
    keywords: 'new create node tool',
    toolbar: true,
    shortcuts: ['T'],
    hint: 'Add a declared tool to the agent and select it (a Letta agent’s tools are defined in its agent file)',
    unavailable: 'Open a Pattern agent first (a Letta agent’s tools are in its agent file; Claude Code’s come from its settings’ rules)',
    enabled: (ctx) => {
      const d = doc(ctx);
      return d?.kind === 'agent' && d.agent.family === undefined;
    },
    run(ctx) {
      const d = doc(ctx);
      if (d?.kind !== 'agent') return;
      const s = ctx.store.getState();
      const anchor = s.selection.kind === 'tool' ? s.selection.tool : undefined;
      // The name addTool will give (it is pure): the name then typed joins this undo step.
      const name = addTool(d.agent).name;
      const added = s.editAgent(d.id, (a) => addTool(a).agent, { key: renameKey(d.id, name), holds: true });
      // Refused (the text does not read): no node, no selection, no Name field taking the keys.
      if (!added) return;
      const after = activeDoc(ctx.store.getState());
      if (after && keepsPositions(after)) s.placeNodes(after.id, missingPositions(after, anchor));
      requestNameFocus(name);
      s.select({ kind: 'tool', tool: name });
    },
  },
  {
    id: 'add-rule',
    icon: 'plus',
    shownWhen: (ctx) => doc(ctx)?.kind === 'agent' && ctx.ui.getState().mode === 'design',
    label: 'Add rule',
    keywords: 'new create edge constraint',
    toolbar: true,
    shortcuts: ['Mod+Shift+R'],
    hint: 'Add a rule to the selected tool: choose its type first (a Letta agent gets max_count_per_step 1)',
    unavailable: 'Select a tool first',
    enabled: (ctx) => ruleTarget(ctx) !== undefined,
    run(ctx) {
      const d = doc(ctx);
      const tool = ruleTarget(ctx);
      if (d?.kind !== 'agent' || tool === undefined) return;
      adopt(ctx, tool);
      if (d.agent.family !== 'letta') return ctx.ui.getState().openDialog('add-rule');
      let index = -1;
      const added = ctx.store.getState().editAgent(d.id, (a) => {
        const r = addLettaRule(a, tool, 'max_count_per_step');
        index = r.rule;
        return r.agent;
      });
      if (!added) return;
      ctx.store.getState().select({ kind: 'rule', index });
    },
  },
  {
    id: 'connect-tool',
    icon: 'connect',
    // In the More menu only with a Pattern agent open (greyed, saying why, until a tool is picked).
    shownWhen: (ctx) => {
      const d = doc(ctx);
      // a Pattern agent's (no family): Letta, Claude Code, Codex and Gemini tools take no ordering edge
      return d?.kind === 'agent' && d.agent.family === undefined;
    },
    label: 'Connect tool…',
    overflow: true,
    toolbar: true,
    shortcuts: ['C'],
    hint: 'Draw an ordering edge from the selected tool by keyboard: choose the other tool from a list',
    unavailable: 'Select a tool of a Pattern agent first',
    enabled(ctx) {
      const d = doc(ctx);
      return d?.kind === 'agent' && d.agent.family !== 'letta' && ruleTarget(ctx) !== undefined;
    },
    run(ctx) {
      const tool = ruleTarget(ctx);
      if (tool === undefined) return;
      adopt(ctx, tool);
      ctx.ui.getState().openDialog('connect');
    },
  },
  {
    id: 'connect-phase',
    icon: 'connect',
    label: 'Connect phase…',
    keywords: 'transition edge draw',
    // Not on the bar; on a workflow it is the C that says why it does not apply.
    shownWhen: (ctx) => doc(ctx)?.kind === 'workflow',
    shortcuts: ['C'],
    hint: 'Draw a transition from the selected phase by keyboard: choose the phase it leads to from a list',
    unavailable: 'Select a phase of a workflow first',
    enabled: (ctx) => phaseTargetOf(ctx.store) !== undefined,
    run(ctx) {
      const phase = phaseTargetOf(ctx.store);
      if (phase === undefined) return;
      const s = ctx.store.getState();
      if (s.selection.kind !== 'phase' || s.selection.node !== phase) s.select({ kind: 'phase', node: phase });
      ctx.ui.getState().openDialog('connect-phase');
    },
  },
  {
    id: 'add-phase',
    icon: 'plus',
    hideWhenDisabled: true,
    label: 'Add phase',
    keywords: 'new create node phase state',
    toolbar: true,
    shortcuts: ['Mod+Shift+H'],
    hint: 'Add a phase to the workflow and select it: on the selected or focused transition (between its two phases), else after the selected or focused phase (inserted on its one way out, else joined to it by a transition), else on its own',
    unavailable: 'Open a workflow first',
    enabled: (ctx) => doc(ctx)?.kind === 'workflow',
    run(ctx) {
      const d = doc(ctx);
      if (d?.kind !== 'workflow') return;
      const s = ctx.store.getState();
      // On the selected (or focused) transition, between its two phases; else after the selected
      // (or focused) phase: never an orphan while the user is on the graph (review17 #2).
      const edge = transitionOf(s.selection, d.workflow);
      const focusedPhase = focusedNodeId();
      const anchor = edge?.node ?? (s.selection.kind === 'phase' ? s.selection.node : s.selection.kind === 'none' && focusedPhase !== undefined && d.workflow.nodes.some((n) => n.name === focusedPhase) ? focusedPhase : undefined);
      // After the selected phase, joined to it, in the same edit (one undo step), as Stately adds a state.
      const add = (wf: Workflow) =>
        edge !== undefined ? insertPhaseOn(wf, edge.node, edge.index) : anchor !== undefined && wf.nodes.some((n) => n.name === anchor) ? addPhaseAfter(wf, anchor) : addPhase(wf);
      // The name typed for the new phase joins this undo step too.
      const name = add(d.workflow).name;
      const added = s.editWorkflow(d.id, (wf) => add(wf).workflow, { key: renameKey(d.id, name), holds: true });
      if (!added) return;
      const after = activeDoc(ctx.store.getState());
      if (after?.kind === 'workflow' && keepsPositions(after)) {
        // Inserted on the anchor's one way out: it takes the place of where that way led, which moves on.
        const target = after.workflow.nodes.find((n) => n.name === name)?.transitions[0]?.to;
        const inserted = anchor !== undefined && target !== undefined && after.workflow.nodes.find((n) => n.name === anchor)?.transitions.some((t) => t.to === name) ? insertedSpots(after, name, target) : undefined;
        if (inserted) s.setPositions(after.id, inserted, { key: renameKey(d.id, name), holds: true });
        else s.placeNodes(after.id, missingPositions(after, anchor, anchor !== undefined));
      }
      requestNameFocus(name);
      s.select({ kind: 'phase', node: name });
    },
  },
];
