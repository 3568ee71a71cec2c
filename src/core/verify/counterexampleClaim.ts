/**
 * What a counterexample proves, in the words the simulator titles it with (as TLA+ Toolbox and
 * Alloy title their traces): the property it breaks (the finding's code and one sentence) and the
 * state it ends in, each tool with why it is refused there. Pure; the verifier fills it in.
 */
import type { Decision } from '../engine/decisions.ts';
import { ruleNumber, ruleTypeLabel } from '../model/ruleNumber.ts';
import type { ToolRule } from '../model/toolRules.ts';
import type { VerifyCode } from './findings.ts';

/** One line of a counterexample's final state: a tool (or the exit) and why it is refused there. */
export interface RefusedNow {
  /** The tool, or `exit` for the agent's attempt to end. */
  subject: string;
  /** Why it is refused in the final state, naming the rule (`#4`) and what the run did to trip it. */
  why: string;
}

/** What a counterexample shows: its title and, when the verifier worked it out, the final state. */
export interface CounterexampleClaim {
  /** `V001 deadlock: no call can be made and the agent cannot exit`: the code and one sentence. */
  title: string;
  /** Every tool and the exit, each with why it is refused in the state the trace ends in. */
  finalState: RefusedNow[];
}

/** One sentence per code: what its counterexample proves (lower case, after the code). */
const CLAIMS: Record<VerifyCode, string> = {
  V001: 'deadlock: no call can be made and the agent cannot exit',
  V002: 'exit unreachable: no sequence of calls lets the agent exit cleanly',
  V003: 'trap: after this call no sequence of calls leads to a clean exit',
  V004: 'dead tool: no sequence of calls lets the agent call this tool',
  V005: 'dead rule: this rule fires on no path',
  V006: 'search bound reached: the results hold only for call sequences up to the bound',
  V010: 'unreachable phase: no sequence of transitions reaches it',
  V011: 'guard rule that never fires: no session makes it fire',
  V012: 'guard rule firing: the shortest session that makes it fire',
};

/** The title of a counterexample of `code`: `V001 deadlock: no call can be made and the agent cannot exit` (`code counterexample` for a code it does not know). */
export function claimTitle(code: string): string {
  const claim = (CLAIMS as Partial<Record<string, string>>)[code];
  return `${code} ${claim ?? 'counterexample'}`;
}

const q = (name: string) => `\`${name}\``;
const names = (list: readonly string[]) => list.map(q).join(', ');

/** `#4 (Max calls · MaxCalls)`. */
function ruleRef(rules: readonly ToolRule[], index: number): string {
  const r = rules[index];
  return r ? `${ruleNumber(index)} (${ruleTypeLabel(r.rule_type.type)})` : ruleNumber(index);
}

/**
 * Why a call of `tool` is refused, said with what the run did: "called 1 time: the limit of #4
 * (Max calls · MaxCalls)", "excluded since `hotfix` (its exclusive group) was called: #3 (…)", "needs
 * `run_tests` called first: #2 (…)"; other refusals name their rule. `called` lists the calls made so far
 * (repeats included), in order.
 */
export function refusalWhy(rules: readonly ToolRule[], tool: string, d: Decision | undefined, called: readonly string[]): string {
  if (!d) return 'not decided';
  if (d.kind === 'allowed') return 'allowed';
  const index = 'rule' in d && typeof d.rule === 'number' && d.rule >= 0 ? d.rule : undefined;
  if (index === undefined) return d.kind.replace('_', ' ');
  const ref = ruleRef(rules, index);
  const type = rules[index]?.rule_type;
  const rule = rules[index];
  const times = called.filter((c) => c === tool).length;
  if (type?.type === 'MaxCalls') return `called ${times} time${times === 1 ? '' : 's'}: the limit of ${ref}`;
  if (type?.type === 'ExclusiveGroups') {
    const others = [...new Set(type.value.filter((g) => g.includes(tool)).flat())].filter((t) => t !== tool && called.includes(t));
    if (others.length > 0) return `excluded since ${names(others)} (its exclusive group) ${others.length === 1 ? 'was' : 'were'} called: ${ref}`;
  }
  if (type?.type === 'RequiresPrecedingTools' && rule) {
    const missing = rule.conditions.filter((c) => !called.includes(c));
    if (missing.length > 0) return `needs ${names(missing)} called first: ${ref}`;
  }
  return `blocked by ${ref}`;
}
