/**
 * What a rule does, in the studio's words — the sentence the Inspector, its rule list and the
 * explanations show. It says the scope the engine counts in, the same way everywhere: limits and
 * exclusive groups count per **batch** (the calls answering one user message; a trace without
 * markers is one batch), as the settings, the explanations ("in this batch") and the State panel
 * say it. {@link describeRule} stays what the model is told (`tool-rules.md` §6, Pattern's text,
 * which says "per conversation"): that is a prompt, not the studio's account of the rule.
 */
import type { ToolRule } from '../model/toolRules.ts';
import { describeRule } from './usage.ts';

const code = (s: string) => '`' + s + '`';

/** `once`, `twice`, `3 times`. */
export function timesWord(n: number): string {
  return n === 1 ? 'once' : n === 2 ? 'twice' : `${n} times`;
}

/** English plural: `1 phase`, `2 phases`. */
export function countOf(n: number, noun: string, plural = `${noun}s`): string {
  return `${n} ${n === 1 ? noun : plural}`;
}

/** The scope limits and exclusive groups count in, as every surface names it. */
export const COUNTING_SCOPE = 'batch';

/** What a rule does, in the engine's terms (see the module comment). */
export function ruleMeaning(rule: ToolRule): string {
  const t = code(rule.tool_name);
  const rt = rule.rule_type;
  switch (rt.type) {
    case 'MaxCalls':
      return `Call ${t} at most ${timesWord(rt.value)} per ${COUNTING_SCOPE}`;
    case 'ExclusiveGroups': {
      const groups = rt.value.map((g) => `[${g.join(', ')}]`).join(', ');
      return `Only one tool of each group per ${COUNTING_SCOPE} for ${t}: ${groups}`;
    }
    case 'ContinueLoop':
      return `The loop goes on after calling ${t}`;
    case 'ExitLoop':
      return `The loop ends after calling ${t}`;
    case 'RequiredBeforeExit':
      return `Call ${t} before the loop ends`;
    case 'Periodic':
      return `Call ${t} at least every ${Math.floor(rt.value)} ms`;
    default:
      return describeRule(rule);
  }
}
