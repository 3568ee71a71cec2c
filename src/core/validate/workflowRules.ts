/**
 * Checks of node contents: W005 (pattern Rust's regex rejects), W006 (values ≤ 0, per profile), W007
 * (`prompt` and `prompt_hbs` together) and W010 (a window longer than the node's phase timeout).
 */
import { ruleNumber } from '../model/ruleNumber.ts';
import type { Severity } from '../diagnostics/index.ts';
import type { WorkflowNode, WorkflowRule } from '../model/index.ts';
import { compilePattern, type CompileResult } from '../regex/index.ts';
import type { WorkflowEmit } from './emit.ts';
import { quote } from './text.ts';

export type WorkflowProfile = 'spec' | 'hegel';

/** What a value ≤ 0 does under the hegel profile, which accepts it (lookback_phases aside). */
const HEGEL_EFFECT: Record<string, string> = {
  threshold: 'the rule fires on every evaluation',
  window: 'the window covers no time, so only events at the very start of the phase count',
  max_duration: 'the phase times out as soon as any time has passed',
  max_tokens: 'any token spent exceeds the budget',
};

function ruleName(node: WorkflowNode, i: number, rule: WorkflowRule): string {
  return `rule ${ruleNumber(i)} (${rule.type}) of node ${quote(node.name)}`;
}

/** Compiled patterns by source: workflows repeat the same few patterns across many nodes. */
type PatternCache = Map<string, CompileResult>;

function checkPattern(node: WorkflowNode, i: number, rule: WorkflowRule, cache: PatternCache, emit: WorkflowEmit): void {
  const [field, source] =
    rule.type === 'repeated_command' ? ['pattern', rule.pattern] : rule.type === 'repeated_file_edit' ? ['path_pattern', rule.path_pattern] : ['', undefined];
  if (source === undefined) return;
  let compiled = cache.get(source);
  if (!compiled) {
    compiled = compilePattern(source);
    cache.set(source, compiled);
  }
  if (compiled.ok) return;
  const { message, offset, column } = compiled.error;
  emit(
    'W005',
    'error',
    `${field} ${quote(source)} of ${ruleName(node, i, rule)} is rejected by Rust's regex at offset ${offset} (column ${column}): ${message}; hegel refuses to load the workflow and the rule can never fire.`,
    { node: node.name, rule: i, field },
  );
}

function positiveFields(rule: WorkflowRule): [string, number][] {
  switch (rule.type) {
    case 'repeated_command':
    case 'repeated_file_edit':
      return [
        ['threshold', rule.threshold],
        ['window', rule.window],
      ];
    case 'phase_timeout':
      return [['max_duration', rule.max_duration]];
    case 'token_budget':
      return [['max_tokens', rule.max_tokens]];
    case 'require_commits':
      return [['lookback_phases', rule.lookback_phases]];
  }
}

function checkPositive(node: WorkflowNode, i: number, rule: WorkflowRule, profile: WorkflowProfile, emit: WorkflowEmit): void {
  for (const [field, value] of positiveFields(rule)) {
    if (value > 0) continue;
    const where = `${field} ${value} of ${ruleName(node, i, rule)}`;
    let severity: Severity = 'error';
    let message: string;
    if (field === 'lookback_phases') {
      message = `${where} must be at least 1: hegel’s loader rejects it (require_commits.lookback_phases must be >= 1), so the workflow cannot be loaded.`;
    } else if (profile === 'hegel') {
      severity = 'warning';
      message = `${where} is not positive: hegel accepts it, but ${HEGEL_EFFECT[field]}.`;
    } else {
      message = `${where} must be positive: the spec profile rejects zero or negative values, so the rule cannot be used.`;
    }
    emit('W006', severity, message, { node: node.name, rule: i, field });
  }
}

function checkWindows(node: WorkflowNode, emit: WorkflowEmit): void {
  let limit: { seconds: number; rule: number } | undefined;
  node.rules.forEach((rule, i) => {
    if (rule.type === 'phase_timeout' && rule.max_duration > 0 && (!limit || rule.max_duration < limit.seconds)) {
      limit = { seconds: rule.max_duration, rule: i };
    }
  });
  if (!limit) return;
  const timeout = limit;
  node.rules.forEach((rule, i) => {
    if ((rule.type !== 'repeated_command' && rule.type !== 'repeated_file_edit') || rule.window <= timeout.seconds) return;
    emit(
      'W010',
      'warning',
      `The window of ${ruleName(node, i, rule)} (${rule.window}s) is longer than the node’s phase_timeout (${timeout.seconds}s, rule ${ruleNumber(timeout.rule)}): the phase times out first, so the rule can never see a full window.`,
      { node: node.name, rule: i, field: 'window' },
    );
  });
}

/** Runs the node-content checks of every node. */
export function reportWorkflowRules(nodes: readonly WorkflowNode[], profile: WorkflowProfile, emit: WorkflowEmit): void {
  const cache: PatternCache = new Map();
  for (const node of nodes) {
    if (node.prompt !== undefined && node.prompt_hbs !== undefined) {
      emit(
        'W007',
        'error',
        `Node ${quote(node.name)} has both prompt and prompt_hbs: only one may be set, so which text the agent sees is undefined.`,
        { node: node.name, field: 'prompt_hbs' },
      );
    }
    node.rules.forEach((rule, i) => {
      checkPattern(node, i, rule, cache, emit);
      checkPositive(node, i, rule, profile, emit);
    });
    checkWindows(node, emit);
  }
}
