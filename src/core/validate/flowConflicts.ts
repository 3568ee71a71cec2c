/**
 * Rules that pull one tool in opposite directions: T005 (ExitLoop + RequiredBeforeExit),
 * T006 (ExitLoop + ContinueLoop), T007 (two required tools in one exclusive group) and T008 (a
 * start tool that needs a non-start tool).
 */
import { WILDCARD } from '../model/index.ts';
import type { AgentFacts } from './agentFacts.ts';
import { exactRules, firstInRuleOrder, ruleLabel, wildcardRules } from './agentFacts.ts';
import type { AgentEmit } from './emit.ts';
import { quote, quoteList } from './text.ts';

/** T005 and T006, per tool with an exact ExitLoop rule. */
export function reportExitConflicts(facts: AgentFacts, emit: AgentEmit): void {
  const exits = facts.exact.get('ExitLoop');
  if (!exits) return;
  const wildContinue = wildcardRules(facts, 'ContinueLoop');
  for (const [tool, rules] of exits) {
    const exit = firstInRuleOrder(facts, rules)!;
    const required = firstInRuleOrder(facts, exactRules(facts, 'RequiredBeforeExit', tool));
    if (required !== undefined) {
      emit(
        'T005',
        'warning',
        `${quote(tool)} both ends the loop (ExitLoop, ${ruleLabel(facts, exit)}) and is required before exit (RequiredBeforeExit, ${ruleLabel(facts, required)}): the loop can only end cleanly through ${quote(tool)}, and any other ending first runs it, which ends the loop again; one of the two rules is probably a mistake.`,
        { rule: required, tool },
      );
    }
    const naming = wildContinue.filter((i) => facts.rules[i]!.conditions.includes(tool));
    const cont = firstInRuleOrder(facts, [...exactRules(facts, 'ContinueLoop', tool), ...naming]);
    if (cont !== undefined) {
      emit(
        'T006',
        'warning',
        `${quote(tool)} has both ExitLoop (${ruleLabel(facts, exit)}) and ContinueLoop (${ruleLabel(facts, cont)}): exit wins over continue, so a successful call always ends the loop and the ContinueLoop rule only matters when the call fails.`,
        { rule: cont, tool },
      );
    }
  }
}

/** T007: per exclusive group, the start or exit tools in it when there are two or more. */
export function reportRequiredInOneGroup(facts: AgentFacts, emit: AgentEmit): void {
  const start = new Set(facts.startTools);
  const exit = new Set(facts.exitTools);
  if (start.size + exit.size < 2) return;
  facts.rules.forEach((rule, i) => {
    if (rule.rule_type.type !== 'ExclusiveGroups') return;
    rule.rule_type.value.forEach((group, g) => {
      const required = [...new Set(group)].filter((t) => start.has(t) || exit.has(t));
      if (required.length < 2) return;
      const roles = required.map((t) => `${quote(t)} (${[start.has(t) ? 'start' : '', exit.has(t) ? 'required before exit' : ''].filter(Boolean).join(', ')})`);
      emit(
        'T007',
        'warning',
        `Exclusive group ${g + 1} of ${ruleLabel(facts, i)} holds ${roles.join(', ')}, which are all required, but only one member of the group may be called per batch: one of ${quoteList(required)} will always fail.`,
        { rule: i, tool: required[1]!, field: 'rule_type' },
      );
    });
  });
}

/** T008: a start tool whose RequiresPrecedingTools rules (exact or `"*"`) name a non-start tool. */
export function reportStartNeedsNonStart(facts: AgentFacts, emit: AgentEmit): void {
  const start = new Set(facts.startTools);
  const wild = wildcardRules(facts, 'RequiresPrecedingTools');
  for (const tool of facts.startTools) {
    const rules = [...exactRules(facts, 'RequiresPrecedingTools', tool), ...wild].sort((a, b) => a - b);
    for (const i of rules) {
      const rule = facts.rules[i]!;
      if (rule.tool_name === WILDCARD && rule.conditions.includes(tool)) continue;
      const others = [...new Set(rule.conditions)].filter((c) => !start.has(c));
      if (others.length === 0) continue;
      const by = rule.tool_name === WILDCARD ? ` (by the \`*\` ${ruleLabel(facts, i)})` : '';
      emit(
        'T008',
        'warning',
        `Start tool ${quote(tool)} requires ${quoteList(others)} before it${by}, but ${others.length === 1 ? 'that is not a start tool' : 'those are not start tools'}: with the start gate on, ${quoteList(others)} must wait for the start tools and ${quote(tool)} waits for ${others.length === 1 ? 'it' : 'them'}, so nothing can run.`,
        { rule: i, tool, field: 'conditions' },
      );
    }
  }
}
