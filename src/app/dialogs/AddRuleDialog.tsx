/**
 * Add rule asks for the type first: a pick list of every tool-rule type by its friendly name with
 * the file's name beside it and a line on what it does. The picked type is added to the tool with
 * sensible defaults (MaxCalls 1, Cooldown 1 min…) and selected, so the Inspector shows its fields.
 */
import { useState } from 'react';
import { useStudioStore } from '../state/context.tsx';
import { useUiStore } from '../state/uiContext.tsx';
import { activeDoc } from '../state/store.ts';
import { TOOL_RULE_CHOICES, TOOL_RULE_NAMES } from '../../core/describe/ruleNames.ts';
import type { ToolRuleTypeName } from '../../core/model/toolRules.ts';
import { PickList } from '../components/PickList.tsx';
import { Modal } from './Modal.tsx';
import { ruleTargetOf } from '../actions/ruleTarget.ts';
import { addRuleOfType } from '../actions/ruleEdits.ts';

const ITEMS = TOOL_RULE_CHOICES.map((c) => ({ id: c.type, label: TOOL_RULE_NAMES[c.type], detail: c.type, hint: c.hint }));

export function AddRuleDialog() {
  const store = useStudioStore();
  const ui = useUiStore();
  // The tool and document at the moment the dialog opened.
  const [target] = useState(() => {
    const s = store.getState();
    const doc = activeDoc(s);
    const tool = ruleTargetOf(s);
    return doc?.kind === 'agent' && tool !== undefined ? { docId: doc.id, tool } : undefined;
  });
  const close = () => ui.getState().closeDialog();
  const pick = (type: string) => {
    close();
    if (target) addRuleOfType(store, target.docId, target.tool, type as ToolRuleTypeName);
  };
  return (
    <Modal title={target ? `Add a rule for “${target.tool}”` : 'Add a rule'} onClose={close}>
      {target ? (
        <PickList label="Rule type" listLabel="Rule types" placeholder="Type to filter rule types…" items={ITEMS} onPick={pick} empty="No rule type matches." />
      ) : (
        <p className="muted">Select a tool on the graph first.</p>
      )}
    </Modal>
  );
}
