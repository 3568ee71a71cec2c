/**
 * Checks of single rules: T009 (`"*"` without effect), T011 / T012 (allowed operations), T013
 * (undeclared tools), T014 (missing conditions) and T015 (rules Pattern does not enforce).
 */
import { WILDCARD, type ToolRule, type ToolRuleTypeName } from '../model/index.ts';
import type { AgentFacts } from './agentFacts.ts';
import { ruleLabel } from './agentFacts.ts';
import type { AgentEmit } from './emit.ts';
import { quote, quoteList } from './text.ts';

/** Types that have no effect with `tool_name = "*"` (`tool-rules.md` §4.3, "others"). */
export const NO_WILDCARD_EFFECT: ReadonlySet<ToolRuleTypeName> = new Set<ToolRuleTypeName>([
  'ExitLoop',
  'StartConstraint',
  'RequiredBeforeExit',
  'RequiredBeforeExitIf',
  'Periodic',
  'RequiresConsent',
  'AllowedOperations',
  'Needed',
]);

/** Types whose conditions are what they act on: without conditions they do nothing. */
export const NEEDS_CONDITIONS: ReadonlySet<ToolRuleTypeName> = new Set<ToolRuleTypeName>([
  'RequiresPrecedingTools',
  'RequiresFollowingTools',
  'RequiredBeforeExitIf',
]);

function checkWildcard(facts: AgentFacts, rule: ToolRule, i: number, emit: AgentEmit): void {
  if (rule.tool_name !== WILDCARD || !NO_WILDCARD_EFFECT.has(rule.rule_type.type)) return;
  emit(
    'T009',
    'warning',
    `${rule.rule_type.type} has no effect with tool_name "*" (${ruleLabel(facts, i)}): the wildcard only works for RequiresPrecedingTools, RequiresFollowingTools, MaxCalls, Cooldown, ContinueLoop and ExclusiveGroups, so this rule applies to no tool.`,
    { rule: i, field: 'tool_name' },
  );
}

function checkOperations(facts: AgentFacts, rule: ToolRule, i: number, emit: AgentEmit): void {
  if (rule.rule_type.type !== 'AllowedOperations' || rule.tool_name === WILDCARD) return;
  const tool = rule.tool_name;
  const allowed = rule.rule_type.value;
  if (allowed.length === 0) {
    emit(
      'T011',
      'error',
      `AllowedOperations for ${quote(tool)} (${ruleLabel(facts, i)}) allows no operation, so every call of ${quote(tool)} is rejected (OperationNotAllowed).`,
      { rule: i, tool, field: 'rule_type' },
    );
    return;
  }
  const decl = facts.declared?.get(tool);
  if (!decl) return; // nothing declared to compare with, or T013 already says the tool is unknown
  const declared = decl.operations ?? [];
  if (declared.length === 0) {
    emit(
      'T012',
      'warning',
      `AllowedOperations for ${quote(tool)} (${ruleLabel(facts, i)}), but ${quote(tool)} declares no operations: its schema cannot be narrowed and the allowed names ${quoteList(allowed)} cannot be checked against the tool.`,
      { rule: i, tool, field: 'rule_type' },
    );
    return;
  }
  const known = new Set(declared);
  const unknown = allowed.filter((op) => !known.has(op));
  if (unknown.length === 0) return;
  emit(
    'T012',
    'warning',
    `AllowedOperations for ${quote(tool)} (${ruleLabel(facts, i)}) allows ${quoteList(unknown)}, which ${quote(tool)} does not declare (it declares ${quoteList(declared)}): ${unknown.length === 1 ? 'that operation' : 'those operations'} can never be offered.`,
    { rule: i, tool, field: 'rule_type' },
  );
}

function checkDeclared(facts: AgentFacts, rule: ToolRule, i: number, emit: AgentEmit): void {
  const declared = facts.declared;
  if (!declared) return;
  let seen: Set<string> | undefined;
  const check = (tool: string, field: string): void => {
    if (tool === WILDCARD || declared.has(tool) || seen?.has(tool)) return;
    (seen ??= new Set()).add(tool);
    emit(
      'T013',
      'warning',
      `R${ruleLabel(facts, i).slice(1)} names ${quote(tool)}, which the agent does not declare: calls of ${quote(tool)} are rejected (NotFound), so anything waiting for it can never proceed.`,
      { rule: i, tool, field },
    );
  };
  check(rule.tool_name, 'tool_name');
  for (const c of rule.conditions) check(c, 'conditions');
  if (rule.rule_type.type === 'ExclusiveGroups') for (const g of rule.rule_type.value) for (const t of g) check(t, 'rule_type');
}

function checkConditions(facts: AgentFacts, rule: ToolRule, i: number, emit: AgentEmit): void {
  const type = rule.rule_type.type;
  if (NEEDS_CONDITIONS.has(type) && rule.conditions.length === 0) {
    const target = rule.tool_name === WILDCARD ? {} : { tool: rule.tool_name };
    emit(
      'T014',
      'warning',
      `${type} for ${quote(rule.tool_name)} (${ruleLabel(facts, i)}) has no conditions, so it has no effect.`,
      { rule: i, ...target, field: 'conditions' },
    );
  }
}

function checkNotEnforced(facts: AgentFacts, rule: ToolRule, i: number, emit: AgentEmit): void {
  if (rule.tool_name === WILDCARD) return;
  const tool = rule.tool_name;
  if (rule.rule_type.type === 'ExitLoop' && rule.conditions.length > 0) {
    emit(
      'T015',
      'info',
      `ExitLoop for ${quote(tool)} (${ruleLabel(facts, i)}) has conditions ${quoteList(rule.conditions)}: Pattern ignores them and ends the loop on any successful call of ${quote(tool)}; the simulator waits for them.`,
      { rule: i, tool, field: 'conditions' },
    );
  }
  if (rule.rule_type.type === 'Periodic') {
    emit(
      'T015',
      'info',
      `Periodic for ${quote(tool)} (${ruleLabel(facts, i)}) is reported by the simulator (periodic_due) but not enforced by Pattern: nothing makes the agent call ${quote(tool)} on time.`,
      { rule: i, tool, field: 'rule_type' },
    );
  }
}

/** Runs every single-rule check over the agent's rules, in file order. */
export function reportRuleShape(facts: AgentFacts, emit: AgentEmit): void {
  facts.rules.forEach((rule, i) => {
    checkWildcard(facts, rule, i, emit);
    checkOperations(facts, rule, i, emit);
    checkDeclared(facts, rule, i, emit);
    checkConditions(facts, rule, i, emit);
    checkNotEnforced(facts, rule, i, emit);
  });
}
