/**
 * Expectations about a whole run: counts per kind, "exits cleanly", "no violations", "rule #N fires
 * at least once" (firing as the simulator's coverage counts it), and unusable trace lines, which
 * fail a test unless it expects them (`counts: { error: N }`).
 */
import type { Decision, DecisionKind } from '../engine/decisions.ts';
import type { Agent } from '../model/toolRules.ts';
import type { Workflow } from '../model/workflow.ts';
import { ruleNumber, parseRuleNumber } from '../model/ruleNumber.ts';
import { summarize } from '../simulator/summary.ts';
import { isViolation } from '../simulator/violations.ts';
import type { RunExpectation } from './schema.ts';
import { describeDecision } from './stepMatch.ts';
import { resolveRuleRef } from './ruleRef.ts';
import type { TestFailure } from './types.ts';

export interface RunCheckInput {
  run: RunExpectation | undefined;
  /** Line of `run:` in the test file (or of the test when there is none). */
  line: number;
  decisions: readonly Decision[];
  /** 0-based trace item of each decision. */
  decisionSteps: readonly number[];
  agent?: Agent;
  workflow?: Workflow;
  /** Why the engine decided `d` (its explanation at its step). */
  explain: (d: Decision, step: number) => string[];
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** Checks the run-level expectations; returns one failure per expectation that did not hold. */
export function checkRun(input: RunCheckInput): TestFailure[] {
  const { run, line, decisions, decisionSteps } = input;
  const failures: TestFailure[] = [];
  const at = (i: number) => (decisionSteps[i] ?? 0) + 1;
  const pointAt = (i: number, expected: string): TestFailure => {
    const d = decisions[i] as Decision;
    return { step: at(i), line, expected, seen: `step ${at(i)}: ${describeDecision(d)}`, why: input.explain(d, at(i) - 1) };
  };

  if (run?.counts?.error === undefined) {
    const i = decisions.findIndex((d) => d.kind === 'error');
    if (i >= 0) failures.push(pointAt(i, 'every trace line usable (write counts: { error: N } to expect unusable lines)'));
  }
  if (!run) return failures;

  if (run.counts) {
    const byKind = summarize(decisions).byKind;
    for (const [kind, n] of Object.entries(run.counts) as [DecisionKind, number][])
      if (byKind[kind] !== n) failures.push({ line, expected: `${plural(n, `${kind} decision`)}`, seen: `${byKind[kind]}`, why: [] });
  }

  if (run.noViolations !== undefined) {
    const i = decisions.findIndex(isViolation);
    if (run.noViolations && i >= 0) failures.push(pointAt(i, 'no violations'));
    if (!run.noViolations && i < 0) failures.push({ line, expected: 'at least one violation', seen: 'no violation', why: [] });
  }

  if (run.exitsCleanly !== undefined) {
    const clean = exitsCleanly(input);
    if (clean.ok !== run.exitsCleanly) {
      if (run.exitsCleanly) failures.push(clean.culprit !== undefined ? pointAt(clean.culprit, 'exits cleanly') : { line, expected: 'exits cleanly', seen: clean.why, why: [] });
      else failures.push({ line, expected: 'does not exit cleanly', seen: clean.why, why: [] });
    }
  }

  if (run.fires) {
    const summary = summarize(decisions, { ...(input.agent ? { agent: input.agent } : {}), ...(input.workflow ? { workflow: input.workflow } : {}) });
    for (const ref of run.fires) {
      if (typeof ref === 'object' && 'node' in ref) {
        const index = parseRuleNumber(ref.rule) ?? -1;
        const name = `workflow rule ${ruleNumber(index)} of node \`${ref.node}\``;
        const c = summary.workflowRules.find((r) => r.node === ref.node && r.rule === index);
        if (!c) failures.push({ line, expected: `${name} fires at least once`, seen: `the workflow has no such rule`, why: [] });
        else if (c.fired === 0) failures.push({ line, expected: `${name} (${c.type}) fires at least once`, seen: 'it never fired', why: [] });
      } else {
        const r = resolveRuleRef(ref, input.agent);
        const index = r.index ?? -1;
        const name = r.index !== undefined && r.index !== r.written ? `rule ${ruleNumber(index)} (was ${ruleNumber(r.written ?? 0)})` : `rule ${ruleNumber(r.written ?? 0)}`;
        const c = summary.toolRules[index];
        if (!c) failures.push({ line, expected: `${name} fires at least once`, seen: r.note ?? `the agent has ${plural(summary.toolRules.length, 'rule')}`, why: [] });
        else if (c.fired === 0) failures.push({ line, expected: `${name} (${c.type} on \`${c.tool}\`) fires at least once`, seen: 'it never fired', why: [] });
      }
    }
  }
  return failures;
}

/**
 * Exits cleanly: with an agent, the loop exits (an `exit` decision), no exit is blocked and no line
 * is unusable; with only a workflow, it reaches `done` with no unusable line.
 */
export function exitsCleanly(input: Pick<RunCheckInput, 'decisions' | 'agent' | 'workflow'>): { ok: boolean; why: string; culprit?: number } {
  const { decisions } = input;
  const bad = decisions.findIndex((d) => d.kind === 'exit_blocked' || d.kind === 'error');
  if (bad >= 0) return { ok: false, why: describeDecision(decisions[bad] as Decision), culprit: bad };
  if (input.agent) {
    const exited = decisions.some((d) => d.kind === 'exit');
    return exited ? { ok: true, why: 'the loop exited' } : { ok: false, why: 'the agent loop never exited (no exit decision)' };
  }
  if (input.workflow) {
    const done = decisions.some((d) => d.kind === 'transition' && d.to === 'done');
    return done ? { ok: true, why: 'the workflow reached done' } : { ok: false, why: 'the workflow never reached done' };
  }
  return { ok: false, why: 'neither an agent nor a workflow ran' };
}
