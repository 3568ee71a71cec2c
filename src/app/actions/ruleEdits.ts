/**
 * The edits behind Add rule's type picker and the keyboard connect: one undo step each, the new
 * rule selected, and a notice (the live region) saying what changed with the rule's number and
 * both names of its type.
 */
import { requestRuleFocus } from '../inspector/nameFocus.ts';
import type { StudioStore } from '../state/store.ts';
import { addPrecedingEdge, addRule } from '../../core/graph/agentEdits.ts';
import { ruleTypeLabel } from '../../core/describe/ruleNames.ts';
import { ruleNumber } from '../../core/model/ruleNumber.ts';
import { forwardSpot } from '../graph/docGraph.ts';
import { keepsPositions } from '../graph/usePlacement.ts';
import type { ToolRuleTypeName } from '../../core/model/toolRules.ts';

/** Adds a rule of `type` (with its defaults) to `tool` in agent document `docId`; returns its index. */
export function addRuleOfType(store: StudioStore, docId: string, tool: string, type: ToolRuleTypeName): number {
  let index = -1;
  const s = store.getState();
  const added = s.editAgent(docId, (a) => {
    const r = addRule(a, tool, type);
    index = r.rule;
    return r.agent;
  });
  if (!added || index < 0) return -1;
  requestRuleFocus(docId, index);
  s.select({ kind: 'rule', index });
  s.notify('info', `Added rule ${ruleNumber(index)} for “${tool}”: ${ruleTypeLabel(type)}. Its fields are in the Inspector.`);
  return index;
}

/** Adds "`from` before `to`" (as drawing the edge would); returns the index of the rule holding it. */
export function connectTools(store: StudioStore, docId: string, from: string, to: string): number {
  let rule = -1;
  let changed = false;
  const s = store.getState();
  // The rule and the move that makes it read forward are one undo step.
  const key = `connect:${from}>${to}:${Date.now()}`;
  const added = s.editAgent(
    docId,
    (a) => {
      const r = addPrecedingEdge(a, from, to);
      rule = r.rule;
      changed = r.agent !== a;
      return r.agent;
    },
    { key },
  );
  if (!added || rule < 0) return -1;
  // Connected from a list, not drawn by hand: a tool that now runs after another but sits before it,
  // held by no other edge, moves after it, so the graph still reads left to right (review13 #6).
  const doc = store.getState().project.docs.find((d) => d.id === docId);
  const moved = changed && doc && keepsPositions(doc) ? forwardSpot(doc, from, to) : undefined;
  if (moved) store.getState().setPositions(docId, moved, { key });
  s.select({ kind: 'rule', index: rule });
  s.notify('info', `${changed ? 'Connected' : 'Already connected'}: ${from} before ${to} (rule ${ruleNumber(rule)}, ${ruleTypeLabel('RequiresPrecedingTools')}).`);
  return rule;
}
