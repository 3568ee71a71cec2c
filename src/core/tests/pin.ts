/**
 * Pinning decisions as expectations: what "Save as test" and `rule-studio test --update` write.
 * A pinned expectation names the kind, tool, code and rule of a decision (never its message, so
 * rewording a message does not break tests).
 */
import type { Decision, DecisionKind } from '../engine/decisions.ts';
import { ruleNumber } from '../model/ruleNumber.ts';
import { summarize } from '../simulator/summary.ts';
import type { RunExpectation, StepExpectation } from './schema.ts';
import type { Agent } from '../model/toolRules.ts';
import { identityOf } from './ruleRef.ts';

/**
 * The expectation that pins decision `d` at 0-based trace item `step`. With the `agent` that
 * decided it, a tool rule is pinned with its identity beside its number (`ruleRef.ts`), so
 * removing an earlier rule does not break the test.
 */
export function pinDecision(d: Decision, step: number, agent?: Agent): StepExpectation {
  const e: StepExpectation = { step: step + 1, decision: d.kind };
  if ('tool' in d) e.tool = d.tool;
  if (d.kind === 'transition') e.to = d.to;
  if (d.kind === 'interrupt') {
    e.interrupt = { node: d.node, rule: ruleNumber(d.rule), ruleType: d.ruleType };
    return e;
  }
  if ('code' in d && d.kind !== 'exit_blocked') e.code = d.code;
  if ('rule' in d && d.rule !== undefined) e.rule = agent ? identityOf(agent, d.rule) : ruleNumber(d.rule);
  return e;
}

/** Expectations pinning every decision of a step (`decision: none` when it made none). */
export function pinStep(decisions: readonly Decision[], step: number, agent?: Agent): StepExpectation[] {
  return decisions.length === 0 ? [{ step: step + 1, decision: 'none' }] : decisions.map((d) => pinDecision(d, step, agent));
}

/** Expectations pinning every decision of a run, in order. */
export function pinAll(decisions: readonly Decision[], decisionSteps: readonly number[], agent?: Agent): StepExpectation[] {
  return decisions.map((d, i) => pinDecision(d, decisionSteps[i] ?? 0, agent));
}

/** The counts of every kind the run gave (kinds with none are left out). */
export function pinCounts(decisions: readonly Decision[]): RunExpectation['counts'] {
  const byKind = summarize(decisions).byKind;
  const out: Partial<Record<DecisionKind, number>> = {};
  for (const [k, n] of Object.entries(byKind) as [DecisionKind, number][]) if (n > 0) out[k] = n;
  return out;
}
