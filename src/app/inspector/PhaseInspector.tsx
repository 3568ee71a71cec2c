/** Edits a phase: name (transitions follow), summary, prompt, transitions, rules with parameters. */
import { ruleNumber } from '../../core/model/ruleNumber.ts';
import { ruleTypeLabel } from '../../core/describe/ruleNames.ts';
import { useLayoutEffect, useRef, useState } from 'react';
import type { WorkflowDoc } from '../state/documents.ts';
import { useStudioStore } from '../state/context.tsx';
import { useUiStore } from '../state/uiContext.tsx';
import type { WorkflowNode, WorkflowRuleTypeName } from '../../core/model/workflow.ts';
import { DONE_NODE, WORKFLOW_RULE_TYPES } from '../../core/model/workflow.ts';
import { renamePhase, updatePhase } from '../../core/graph/workflowEdits.ts';
import { workflowGraphOf } from '../graph/docGraph.ts';
import { focusNodeSoon } from '../graph/nodeFocus.ts';
import { DraftField, Field, TextField } from './fields.tsx';
import { renameKey } from './nameFocus.ts';
import { newWorkflowRule, PhaseRuleFields } from './PhaseRuleFields.tsx';
import { Button, IconButton } from '../components/ui/Button.tsx';
import { DuplicateButton } from './DuplicateButton.tsx';

export function PhaseInspector({ doc, name, transition }: { doc: WorkflowDoc; name: string; transition?: number }) {
  const store = useStudioStore();
  const ui = useUiStore();
  const [newType, setNewType] = useState<WorkflowRuleTypeName>('repeated_command');
  const node = doc.workflow.nodes.find((n) => n.name === name);
  const section = useRef<HTMLDivElement>(null);
  /** What New phase rule / New transition just added: its first field takes the focus once drawn. */
  const added = useRef<'rule' | 'transition' | undefined>(undefined);
  useLayoutEffect(() => {
    const what = added.current;
    if (!what) return;
    added.current = undefined;
    const items = section.current?.querySelectorAll(what === 'rule' ? '.insp-rule' : '.insp-transition');
    items?.[items.length - 1]?.querySelector<HTMLElement>('input, select, textarea')?.focus();
  });
  if (!node) return <p className="muted">This phase no longer exists.</p>;
  const gnode = workflowGraphOf(doc).nodes.find((n) => n.id === name);
  const s = () => store.getState();
  const edit = (fn: (n: WorkflowNode) => WorkflowNode, field: string) =>
    s().editWorkflow(doc.id, (wf) => updatePhase(wf, name, fn), { key: `phase:${doc.id}:${name}:${field}` });
  const targets = [...doc.workflow.nodes.map((n) => n.name), DONE_NODE];
  const addedRule = () => {
    added.current = 'rule';
    edit((n) => ({ ...n, rules: [...n.rules, newWorkflowRule(newType)] }), 'add-rule');
    s().notify('info', `Added rule ${ruleNumber(node.rules.length)} (${ruleTypeLabel(newType)}) to ${name}.`);
  };
  return (
    <div className="insp-section" ref={section}>
      <h2>Phase</h2>
      <DraftField
        label="Name"
        value={name}
        claimsFocus
        onDone={focusNodeSoon}
        validate={(v) => (v.trim() === '' ? 'A phase needs a name.' : v === DONE_NODE ? '“done” is the implicit final phase.' : v !== name && targets.includes(v) ? `“${v}” is already a phase.` : undefined)}
        onCommit={(v) => {
          if (!s().editWorkflow(doc.id, (wf) => renamePhase(wf, name, v), { key: renameKey(doc.id, name) })) return false;
          s().select({ kind: 'phase', node: v });
          return true;
        }}
      />
      {gnode?.dimmed || gnode?.stuck ? (
        <p className="insp-warning" role="note">
          {gnode.reason ?? gnode.stuckReason}
        </p>
      ) : null}
      <TextField label="Summary" value={node.summary ?? ''} onChange={(v) => edit((n) => ({ ...n, summary: v }), 'summary')} />
      <TextField label="Prompt" multiline value={node.prompt ?? node.prompt_hbs ?? ''} onChange={(v) => edit((n) => (n.prompt_hbs !== undefined && n.prompt === undefined ? { ...n, prompt_hbs: v } : { ...n, prompt: v }), 'prompt')} />
      <fieldset className="insp-group">
        <legend>Transitions</legend>
        {node.transitions.map((t, i) => (
          <div key={i} className={`insp-row insp-transition${transition === i ? ' insp-current' : ''}`}>
            <TextField label={`When (${i + 1})`} value={t.when} onChange={(v) => edit((n) => ({ ...n, transitions: n.transitions.map((x, j) => (j === i ? { ...x, when: v } : x)) }), `t${i}:when`)} />
            <Field label={`To (${i + 1})`}>
              {(id) => (
                <select id={id} value={t.to} onChange={(e) => edit((n) => ({ ...n, transitions: n.transitions.map((x, j) => (j === i ? { ...x, to: e.target.value } : x)) }), `t${i}:to`)}>
                  {(targets.includes(t.to) ? targets : [...targets, t.to]).map((o) => (
                    <option key={o} value={o}>
                      {o}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <IconButton size="sm" icon="close" label={`Remove transition ${i + 1}`} onClick={() => edit((n) => ({ ...n, transitions: n.transitions.filter((_, j) => j !== i) }), `t${i}:remove`)} />
          </div>
        ))}
        <Button
          size="sm"
          icon="plus"
          label="New transition"
          onClick={() => {
            added.current = 'transition';
            edit((n) => ({ ...n, transitions: [...n.transitions, { when: `${name}_complete`, to: DONE_NODE }] }), 'add-transition');
          }}
        />
        <Button size="sm" icon="connect" label="Connect…" shortcut="C" title="Connect to another phase by keyboard (C)" onClick={() => ui.getState().openDialog('connect-phase')} />
      </fieldset>
      <fieldset className="insp-group">
        <legend>Rules</legend>
        {node.rules.map((r, i) => (
          <div key={i} className="insp-rule">
            <h3>
              {ruleNumber(i)} {ruleTypeLabel(r.type)}{' '}
              <IconButton size="sm" icon="close" label={`Remove rule ${ruleNumber(i)} (${r.type})`} onClick={() => edit((n) => ({ ...n, rules: n.rules.filter((_, j) => j !== i) }), `r${i}:remove`)} />
            </h3>
            <PhaseRuleFields rule={r} onChange={(nr) => edit((n) => ({ ...n, rules: n.rules.map((x, j) => (j === i ? nr : x)) }), `r${i}`)} />
          </div>
        ))}
        <Field label="New rule type">
          {(id) => (
            <select id={id} value={newType} onChange={(e) => setNewType(e.target.value as WorkflowRuleTypeName)}>
              {WORKFLOW_RULE_TYPES.map((t) => (
                <option key={t} value={t}>
                  {ruleTypeLabel(t)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Button size="sm" icon="plus" label="New phase rule" onClick={addedRule} />
      </fieldset>
      <div className="insp-actions">
        <DuplicateButton />
      </div>
    </div>
  );
}
