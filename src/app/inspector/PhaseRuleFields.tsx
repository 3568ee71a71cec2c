/** One workflow rule of a phase with its parameters; patterns are checked as Rust's regex reads them while typing. */
import type { WorkflowRule } from '../../core/model/workflow.ts';
import { blankPatternMeaning } from '../../core/describe/patternMeaning.ts';
import { NumberField, RegexField } from './fields.tsx';

/** The rule with `key` set to `v`, or without `key` when `v` is `undefined` (a cleared pattern). */
function withField<R extends WorkflowRule, K extends keyof R>(rule: R, key: K, v: R[K] | undefined): R {
  if (v !== undefined) return { ...rule, [key]: v };
  const rest = { ...rule };
  delete rest[key];
  return rest;
}

export function PhaseRuleFields({ rule, onChange }: { rule: WorkflowRule; onChange(r: WorkflowRule): void }) {
  switch (rule.type) {
    case 'repeated_command':
      return (
        <>
          <RegexField label="Pattern (Rust regex)" value={rule.pattern} blank={(v) => blankPatternMeaning('command', v)} onChange={(v) => onChange(withField(rule, 'pattern', v))} />
          <NumberField label="Threshold" value={rule.threshold} onChange={(v) => onChange({ ...rule, threshold: v })} />
          <NumberField label="Window (seconds)" value={rule.window} onChange={(v) => onChange({ ...rule, window: v })} />
        </>
      );
    case 'repeated_file_edit':
      return (
        <>
          <RegexField
            label="Path pattern (Rust regex)"
            value={rule.path_pattern}
            blank={(v) => blankPatternMeaning('edit', v)}
            onChange={(v) => onChange(withField(rule, 'path_pattern', v))}
          />
          <NumberField label="Threshold" value={rule.threshold} onChange={(v) => onChange({ ...rule, threshold: v })} />
          <NumberField label="Window (seconds)" value={rule.window} onChange={(v) => onChange({ ...rule, window: v })} />
        </>
      );
    case 'phase_timeout':
      return <NumberField label="Max duration (seconds)" value={rule.max_duration} onChange={(v) => onChange({ ...rule, max_duration: v })} />;
    case 'token_budget':
      return <NumberField label="Max tokens" value={rule.max_tokens} onChange={(v) => onChange({ ...rule, max_tokens: v })} />;
    case 'require_commits':
      return <NumberField label="Lookback phases" value={rule.lookback_phases} onChange={(v) => onChange({ ...rule, lookback_phases: v })} />;
  }
}

/** A new rule of a type with sensible parameters. */
export function newWorkflowRule(type: WorkflowRule['type']): WorkflowRule {
  switch (type) {
    case 'repeated_command':
      return { type, threshold: 3, window: 120 };
    case 'repeated_file_edit':
      return { type, threshold: 5, window: 300 };
    case 'phase_timeout':
      return { type, max_duration: 1800 };
    case 'token_budget':
      return { type, max_tokens: 100000 };
    case 'require_commits':
      return { type, lookback_phases: 1 };
  }
}
