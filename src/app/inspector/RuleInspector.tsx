/** Edits one tool rule: type, tool, conditions, priority, payload by type, metadata; shows its usage text. */
import { CodeText } from '../components/ui/CodeText.tsx';
import { useEffect, useMemo, useRef } from 'react';
import type { AgentDoc } from '../state/documents.ts';
import { useStudioStore } from '../state/context.tsx';
import type { Json, ToolRule, ToolRuleTypeName } from '../../core/model/toolRules.ts';
import { TOOL_RULE_TYPES } from '../../core/model/toolRules.ts';
import { TOOL_RULE_HINTS, ruleMeaning, ruleTypeLabel } from '../../core/describe/index.ts';
import { ruleNumber } from '../../core/model/ruleNumber.ts';
import { defaultRuleType, removeRule, toolNamesOf, updateRule } from '../../core/graph/agentEdits.ts';
import { DeleteRuleField, JsonField, NumberField, SelectField, TagInput, TextField } from './fields.tsx';
import { PayloadFields } from './PayloadFields.tsx';
import { takeRuleFocus } from './nameFocus.ts';

/** The types whose listed tools (`conditions`) say what the rule is about: a new one is incomplete without them. */
const LISTS_TOOLS: ReadonlySet<ToolRuleTypeName> = new Set(['RequiresPrecedingTools', 'RequiresFollowingTools', 'RequiredBeforeExitIf']);

/** A new rule's first field that needs a value: its payload's, else its listed tools for a type that needs them, else its type. */
function firstFieldOf(section: HTMLElement, type: ToolRuleTypeName): HTMLElement | null {
  const payload = section.querySelector<HTMLElement>('[data-rule-payload] input, [data-rule-payload] select, [data-rule-payload] button');
  if (payload) return payload;
  if (LISTS_TOOLS.has(type)) return section.querySelector<HTMLElement>('[data-rule-conditions] input');
  return section.querySelector<HTMLElement>('select, button[role="combobox"]');
}

export function RuleInspector({ doc, index }: { doc: AgentDoc; index: number }) {
  const store = useStudioStore();
  // Every tool the agent names: a walk over all its rules (tens of milliseconds for 30,000), so
  // once per agent, not on every render (a selection, a text settled off the main thread).
  const tools = useMemo(() => [...toolNamesOf(doc.agent)], [doc.agent]);
  const rule = doc.agent.rules[index];
  const section = useRef<HTMLDivElement>(null);
  const type = rule?.rule_type.type;
  useEffect(() => {
    // Add rule asked: the rule's first field that needs a value takes the focus (MaxCalls' number,
    // the tools a RequiresPrecedingTools lists), not its Type, which the picker already chose.
    if (!section.current || type === undefined || !takeRuleFocus(doc.id, index)) return;
    const field = firstFieldOf(section.current, type);
    field?.focus();
    if (field instanceof HTMLInputElement) field.select();
  }, [doc.id, index, type]);
  if (!rule) return <p className="muted">This rule no longer exists.</p>;
  const edit = (fn: (r: ToolRule) => ToolRule, field: string) =>
    store.getState().editAgent(doc.id, (a) => updateRule(a, index, fn), { key: `rule:${doc.id}:${index}:${field}` });
  return (
    <div className="insp-section" ref={section}>
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
      <div data-rule-conditions>
        <TagInput label="Conditions" values={rule.conditions} suggestions={tools} onChange={(v) => edit((r) => ({ ...r, conditions: v }), 'conditions')} />
      </div>
      <NumberField label="Priority (0–255)" value={rule.priority} min={0} max={255} onChange={(v) => edit((r) => ({ ...r, priority: v }), 'priority')} />
      <div data-rule-payload>
        <PayloadFields rule={rule} onChange={(rt) => edit((r) => ({ ...r, rule_type: rt }), 'payload')} />
      </div>
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
          if (!store.getState().editAgent(doc.id, (a) => removeRule(a, index))) return;
          store.getState().select({ kind: 'tool', tool: rule.tool_name });
        }}
      />
    </div>
  );
}
