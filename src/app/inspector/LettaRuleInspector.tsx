/**
 * Edits one Letta tool rule with Letta's own fields: type, tool, children, the conditional
 * branches (output value → tool) and default child, the per-step limit, prefilled arguments and
 * the prompt template. Every change goes through the store, so only the rule's text changes.
 */
import type { AgentDoc } from '../state/documents.ts';
import { useStudioStore } from '../state/context.tsx';
import { LETTA_RULE_TYPES, type LettaRuleTypeName, type LettaToolRule } from '../../core/model/lettaRules.ts';
import type { Json } from '../../core/model/json.ts';
import { changeLettaRuleType, removeLettaRule, updateLettaRule } from '../../core/graph/lettaEdits.ts';
import { renderLettaRule } from '../../core/describe/lettaPrompts.ts';
import { DeleteRuleField, Field, JsonField, NumberField, SelectField, TagInput, TextField } from './fields.tsx';
import { Button, IconButton } from '../components/ui/Button.tsx';

const isArgs = (v: unknown): v is Record<string, Json> => v !== null && typeof v === 'object' && !Array.isArray(v);

function Branches({ rule, tools, onChange }: { rule: Extract<LettaToolRule, { type: 'conditional' }>; tools: readonly string[]; onChange(m: Record<string, string>): void }) {
  const entries = Object.entries(rule.child_output_mapping);
  const set = (i: number, key: string, tool: string) => onChange(Object.fromEntries(entries.map(([k, t], j) => (j === i ? [key, tool] : [k, t]))));
  return (
    <fieldset className="insp-field insp-branches">
      <legend>Branches (output value → next tool)</legend>
      {entries.length === 0 ? <p className="insp-warning">No branches: Letta refuses a conditional rule without one.</p> : null}
      {entries.map(([key, tool], i) => (
        <div key={i} className="insp-branch">
          <input aria-label={`Output value of branch ${i + 1}`} type="text" value={key} onChange={(e) => set(i, e.target.value, tool)} />
          <span aria-hidden="true">→</span>
          <input aria-label={`Tool of branch ${i + 1}`} type="text" list="letta-tools" value={tool} onChange={(e) => set(i, key, e.target.value)} />
          <IconButton size="sm" icon="close" label={`Remove branch ${i + 1}`} onClick={() => onChange(Object.fromEntries(entries.filter((_, j) => j !== i)))} />
        </div>
      ))}
      <datalist id="letta-tools">
        {tools.map((t) => (
          <option key={t} value={t} />
        ))}
      </datalist>
      <Button
        size="sm"
        icon="plus"
        label="Add branch"
        onClick={() => {
          let key = 'value';
          for (let n = 2; key in rule.child_output_mapping; n++) key = `value ${n}`;
          onChange({ ...rule.child_output_mapping, [key]: tools[0] ?? '' });
        }}
      />
    </fieldset>
  );
}

export function LettaRuleInspector({ doc, index }: { doc: AgentDoc; index: number }) {
  const store = useStudioStore();
  const rules = doc.agent.lettaRules ?? [];
  const rule = rules[index];
  if (!rule) return <p className="muted">This rule no longer exists.</p>;
  const edit = (fn: (r: LettaToolRule) => LettaToolRule, field: string) =>
    store.getState().editAgent(doc.id, (a) => updateLettaRule(a, index, fn), { key: `letta:${doc.id}:${index}:${field}` });
  const tools = doc.agent.tools.map((t) => t.name);
  return (
    <div className="insp-section">
      <h2>
        Letta rule {index + 1} <span className="muted">of {rules.length}</span>
      </h2>
      <p className="insp-usage insp-prompt mono" aria-label="Prompt Letta renders">
        {renderLettaRule(rule) ?? 'Letta renders no prompt line for this rule type.'}
      </p>
      <SelectField<LettaRuleTypeName> label="Type" value={rule.type} options={LETTA_RULE_TYPES} onChange={(t) => edit((r) => changeLettaRuleType(r, t), 'type')} />
      <TextField label="Tool name" value={rule.tool_name} onChange={(v) => edit((r) => ({ ...r, tool_name: v }), 'tool_name')} />
      {rule.type === 'constrain_child_tools' || rule.type === 'parent_last_tool' ? (
        <TagInput
          label={rule.type === 'constrain_child_tools' ? 'Children (may follow)' : 'Children (only after this tool)'}
          values={rule.children}
          suggestions={tools}
          onChange={(v) => edit((r) => (r.type === 'constrain_child_tools' || r.type === 'parent_last_tool' ? { ...r, children: v } : r), 'children')}
        />
      ) : null}
      {rule.type === 'conditional' ? (
        <>
          <Branches rule={rule} tools={tools} onChange={(m) => edit((r) => (r.type === 'conditional' ? { ...r, child_output_mapping: m } : r), 'mapping')} />
          <TextField
            label="Default child (no output matched; empty: any tool)"
            value={rule.default_child ?? ''}
            onChange={(v) => edit((r) => (r.type === 'conditional' ? { ...r, default_child: v === '' ? null : v } : r), 'default_child')}
          />
          <Field label="Require a matching output">
            {(id) => (
              <input
                id={id}
                type="checkbox"
                checked={rule.require_output_mapping === true}
                onChange={(e) => edit((r) => (r.type === 'conditional' ? { ...r, require_output_mapping: e.target.checked } : r), 'require')}
              />
            )}
          </Field>
        </>
      ) : null}
      {rule.type === 'max_count_per_step' ? (
        <NumberField label="Max calls per step" value={rule.max_count_limit} min={0} onChange={(v) => edit((r) => (r.type === 'max_count_per_step' ? { ...r, max_count_limit: v } : r), 'limit')} />
      ) : null}
      {rule.type === 'run_first' ? (
        <JsonField
          label="Prefilled arguments (JSON object)"
          value={rule.args ?? undefined}
          onCommit={(v) => {
            if (v === undefined || isArgs(v)) edit((r) => (r.type === 'run_first' ? { ...r, args: v ?? null } : r), 'args');
          }}
        />
      ) : null}
      <TextField
        label="Prompt template (Letta ignores it and renders its own)"
        value={rule.prompt_template ?? ''}
        multiline
        onChange={(v) => edit((r) => ({ ...r, prompt_template: v === '' ? null : v }), 'prompt')}
      />
      <DeleteRuleField
        onDelete={() => {
          if (!store.getState().editAgent(doc.id, (a) => removeLettaRule(a, index))) return;
          store.getState().select({ kind: 'tool', tool: rule.tool_name });
        }}
      />
    </div>
  );
}
