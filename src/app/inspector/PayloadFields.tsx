/** The payload of a tool rule, edited by type (MaxCalls n, durations in seconds, groups, scope, operations). */
import type { ToolRule, ToolRuleType } from '../../core/model/toolRules.ts';
import { NumberField, TagInput, TextField } from './fields.tsx';
import { Button } from '../components/ui/Button.tsx';

export function PayloadFields({ rule, onChange }: { rule: ToolRule; onChange(rt: ToolRuleType): void }) {
  const rt = rule.rule_type;
  switch (rt.type) {
    case 'MaxCalls':
      return <NumberField label="Max calls" value={rt.value} min={0} max={4294967295} onChange={(v) => onChange({ type: 'MaxCalls', value: v })} />;
    case 'Cooldown':
    case 'Periodic':
      return (
        <NumberField
          label={rt.type === 'Cooldown' ? 'Cooldown (seconds)' : 'Period (seconds)'}
          value={rt.value / 1000}
          min={0}
          step={0.001}
          onChange={(v) => onChange({ type: rt.type, value: Math.round(v * 1000) })}
        />
      );
    case 'RequiresConsent':
      return (
        <TextField
          label="Consent scope (empty for none)"
          value={rt.value.scope ?? ''}
          onChange={(v) => onChange({ type: 'RequiresConsent', value: v === '' ? {} : { scope: v } })}
        />
      );
    case 'AllowedOperations':
      return (
        <TagInput
          label="Allowed operations"
          values={rt.value}
          onChange={(v) => onChange({ type: 'AllowedOperations', value: [...new Set(v)].sort() })}
        />
      );
    case 'ExclusiveGroups':
      return (
        <fieldset className="insp-groups">
          <legend>Exclusive groups</legend>
          {rt.value.map((g, i) => (
            <TagInput
              key={i}
              label={`Group ${i + 1}`}
              values={g}
              onChange={(v) =>
                onChange({ type: 'ExclusiveGroups', value: v.length === 0 ? rt.value.filter((_, j) => j !== i) : rt.value.map((x, j) => (j === i ? v : x)) })
              }
            />
          ))}
          <Button size="sm" icon="plus" label="New group" onClick={() => onChange({ type: 'ExclusiveGroups', value: [...rt.value, [rule.tool_name]] })} />
        </fieldset>
      );
    default:
      return null;
  }
}
