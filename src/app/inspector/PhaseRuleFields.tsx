/** One workflow rule of a phase with its parameters; patterns are checked as Rust's regex reads them while typing. */
import type { WorkflowRule } from '../../core/model/workflow.ts';
import { NumberField, RegexField } from './fields.tsx';

export function PhaseRuleFields({ rule, onChange }: { rule: WorkflowRule; onChange(r: WorkflowRule): void }) {
  switch (rule.type) {
    case 'repeated_command':
      return (
        <>
          <RegexField label="Pattern (Rust regex)" value={rule.pattern ?? ''} onChange={(v) => onChange({ ...rule, pattern: v })} />
          <NumberField label="Threshold" value={rule.threshold} onChange={(v) => onChange({ ...rule, threshold: v })} />
          <NumberField label="Window (seconds)" value={rule.window} onChange={(v) => onChange({ ...rule, window: v })} />
        </>
      );
    case 'repeated_file_edit':
      return (
        <>
          <RegexField label="Path pattern (Rust regex)" value={rule.path_pattern ?? ''} onChange={(v) => onChange({ ...rule, path_pattern: v })} />
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
