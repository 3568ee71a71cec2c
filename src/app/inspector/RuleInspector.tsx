/** Edits one tool rule: type, tool, conditions, priority, payload by type, metadata; shows its usage text. */
import { CodeText } from '../components/ui/CodeText.tsx';
import { useMemo } from 'react';
import type { AgentDoc } from '../state/documents.ts';
import { useStudioStore } from '../state/context.tsx';
import type { Json, ToolRule, ToolRuleTypeName } from '../../core/model/toolRules.ts';
import { TOOL_RULE_TYPES } from '../../core/model/toolRules.ts';
import { TOOL_RULE_HINTS, ruleMeaning, ruleTypeLabel } from '../../core/describe/index.ts';
import { ruleNumber } from '../../core/model/ruleNumber.ts';
import { defaultRuleType, removeRule, toolNamesOf, updateRule } from '../../core/graph/agentEdits.ts';
import { DeleteRuleField, JsonField, NumberField, SelectField, TagInput, TextField } from './fields.tsx';
import { PayloadFields } from './PayloadFields.tsx';

export function RuleInspector({ doc, index }: { doc: AgentDoc; index: number }) {
  const store = useStudioStore();
  // Every tool the agent names: a walk over all its rules (tens of milliseconds for 30,000), so
  // once per agent, not on every render (a selection, a text settled off the main thread).
  const tools = useMemo(() => [...toolNamesOf(doc.agent)], [doc.agent]);
  const rule = doc.agent.rules[index];
  if (!rule) return <p className="muted">This rule no longer exists.</p>;
  const edit = (fn: (r: ToolRule) => ToolRule, field: string) =>
    store.getState().editAgent(doc.id, (a) => updateRule(a, index, fn), { key: `rule:${doc.id}:${index}:${field}` });
  return (
    <div className="insp-section">
      <h2>
        Rule {ruleNumber(index)} <span className="muted">of {doc.agent.rules.length}</span>
      </h2>
      <p className="insp-usage" aria-label="Usage description">
        <CodeText text={ruleMeaning(rule)} />
      </p>
      <SelectField<ToolRuleTypeName>
        label="Type"
        value={rule.rule_type.type}
        options={TOOL_RULE_TYPES}
        optionLabel={ruleTypeLabel}
        hint={<span className="insp-hint">{TOOL_RULE_HINTS[rule.rule_type.type]}</span>}
        onChange={(t) => edit((r) => ({ ...r, rule_type: defaultRuleType(t, r.tool_name) }), 'type')}
      />
      <TextField label="Tool name" value={rule.tool_name} onChange={(v) => edit((r) => ({ ...r, tool_name: v }), 'tool_name')} />
      <TagInput label="Conditions" values={rule.conditions} suggestions={tools} onChange={(v) => edit((r) => ({ ...r, conditions: v }), 'conditions')} />
      <NumberField label="Priority (0–255)" value={rule.priority} min={0} max={255} onChange={(v) => edit((r) => ({ ...r, priority: v }), 'priority')} />
      <PayloadFields rule={rule} onChange={(rt) => edit((r) => ({ ...r, rule_type: rt }), 'payload')} />
      <JsonField
        label="Metadata (JSON)"
        value={rule.metadata}
        onCommit={(v) =>
          edit((r) => {
            const { metadata: _old, ...rest } = r;
            return v === undefined ? rest : { ...rest, metadata: v as Json };
          }, 'metadata')
        }
      />
      <DeleteRuleField
        onDelete={() => {
          store.getState().editAgent(doc.id, (a) => removeRule(a, index));
          store.getState().select({ kind: 'tool', tool: rule.tool_name });
        }}
      />
    </div>
  );
}
