/**
 * `--update`: records what the engine decides now as the expectations of a test file, changing
 * only what no longer holds, and says what changed. A failing step expectation is replaced by
 * expectations pinning every decision of that step; run expectations take the run's current
 * values; a test with no expectations at all gets every decision pinned. Only the text of what
 * changed is rewritten: comments, quoting and layout elsewhere stay as they were.
 */
import type { Decision, DecisionKind } from '../engine/decisions.ts';
import { parseRuleNumber } from '../model/ruleNumber.ts';
import { summarize } from '../simulator/summary.ts';
import { isViolation } from '../simulator/violations.ts';
import { parseTestFile, problemPlace } from './parse.ts';
import { pinAll, pinCounts, pinDecision, pinStep } from './pin.ts';
import { resolveRuleRef } from './ruleRef.ts';
import { runTest, type TestHost } from './run.ts';
import { exitsCleanly } from './runChecks.ts';
import { setUpTest } from './setup.ts';
import type { RunExpectation } from './schema.ts';
import { describeExpectation, matchStep } from './stepMatch.ts';
import type { TestFileResult } from './types.ts';
import { TextEdits } from './textEdits.ts';
import type { Agent } from '../model/toolRules.ts';
import type { Workflow } from '../model/workflow.ts';

export interface UpdateResult {
  /** The new text (the same text when nothing changed). */
  text: string;
  /** What changed, one line each (`"name": step 3: - blocked … + allowed …`). */
  changes: string[];
  /** Tests that could not run and were left as they were. */
  skipped: string[];
  /** The results before the update. */
  before: TestFileResult;
}

/** Updates the expectations of a test file to the current decisions. Never throws. */
export function updateTestText(file: string, text: string, host: TestHost): UpdateResult {
  const p = parseTestFile(file, text);
  if (!p.ok) {
    const errors = p.problems.map((x) => `${problemPlace(x)}: ${x.message}`);
    return { text, changes: [], skipped: errors, before: { file, errors, tests: [] } };
  }
  const parsed = p.parsed;
  const edits = new TextEdits(text);
  const changes: string[] = [];
  const skipped: string[] = [];
  const before: TestFileResult = { file, errors: [], tests: [] };
  parsed.suite.tests.forEach((test, i) => {
    const result = runTest(parsed, i, host);
    before.tests.push(result);
    const label = JSON.stringify(test.name);
    if (result.status === 'error') {
      skipped.push(`${label}: ${result.errors.join(' ')}`);
      return;
    }
    const { decisions, decisionSteps } = result;
    const setup = setUpTest(parsed, i, host);
    const prepared = setup.ok ? setup.prepared : undefined;
    if (test.expect === undefined && test.run === undefined) {
      const pinned = pinAll(decisions, decisionSteps, prepared?.agent);
      edits.appendToMap(parsed.nodeAt(['tests', i]), [
        ['expect', pinned.length > 0 ? pinned : []],
        ['run', { counts: pinCounts(decisions) }],
      ]);
      changes.push(`${label}: pinned ${pinned.length} decision${pinned.length === 1 ? '' : 's'} and their counts`);
      return;
    }
    const perStep = new Map<number, Decision[]>();
    decisions.forEach((d, k) => {
      const s = decisionSteps[k] ?? 0;
      const list = perStep.get(s) ?? [];
      list.push(d);
      perStep.set(s, list);
    });
    const expect = test.expect ?? [];
    const agent = prepared?.agent;
    expect.forEach((e, j) => {
      const node = parsed.nodeAt(['tests', i, 'expect', j]);
      const step = e.step - 1;
      if (step >= result.steps) {
        edits.removeItem(node);
        changes.push(`${label}: step ${e.step}: - ${describeExpectation(e, agent)} (removed: the trace has ${result.steps} steps)`);
        return;
      }
      const here = perStep.get(step) ?? [];
      if (matchStep(e, here, agent).ok) return;
      const others = expect.filter((o, k) => k !== j && o.step === e.step && matchStep(o, here, agent).ok);
      const fresh = here.filter((d) => !others.some((o) => matchStep(o, [d], agent).ok));
      const pinned = here.length === 0 ? pinStep(here, step) : fresh.map((d) => pinDecision(d, step, agent));
      edits.replaceItem(node, pinned);
      changes.push(`${label}: step ${e.step}: - ${describeExpectation(e, agent)}  + ${pinned.length > 0 ? pinned.map((x) => describeExpectation(x, agent)).join('; ') : '(already pinned by the others)'}`);
    });
    if (test.run) {
      const next = updatedRun(test.run, decisions, prepared);
      for (const c of next.changes) changes.push(`${label}: run: ${c}`);
      for (const key of next.keys) edits.setKey(parsed.nodeAt(['tests', i, 'run']), key, (next.run as Record<string, unknown>)[key]);
    }
  });
  return { text: changes.length > 0 ? edits.apply() : text, changes, skipped, before };
}
type Prepared = { agent?: Agent; workflow?: Workflow } | undefined;

/** The run expectation with every field that no longer holds set to what the run shows now. */
function updatedRun(run: RunExpectation, decisions: readonly Decision[], prepared: Prepared): { run: RunExpectation; keys: (keyof RunExpectation)[]; changes: string[] } {
  const out: RunExpectation = { ...run };
  const keys = new Set<keyof RunExpectation>();
  const changes: string[] = [];
  const ctx = { ...(prepared?.agent ? { agent: prepared.agent } : {}), ...(prepared?.workflow ? { workflow: prepared.workflow } : {}) };
  const summary = summarize(decisions, ctx);
  const counts = { ...run.counts };
  if (run.counts?.error === undefined && summary.byKind.error > 0) counts.error = summary.byKind.error;
  for (const [kind, n] of Object.entries(counts) as [DecisionKind, number][]) {
    if (summary.byKind[kind] !== n || run.counts?.[kind] === undefined) {
      changes.push(`counts.${kind}: - ${run.counts?.[kind] ?? '(none)'}  + ${summary.byKind[kind]}`);
      counts[kind] = summary.byKind[kind];
      out.counts = counts;
      keys.add('counts');
    }
  }
  if (run.noViolations !== undefined) {
    const now = !decisions.some(isViolation);
    if (now !== run.noViolations) {
      changes.push(`noViolations: - ${run.noViolations}  + ${now}`);
      out.noViolations = now;
      keys.add('noViolations');
    }
  }
  if (run.exitsCleanly !== undefined) {
    const now = exitsCleanly({ decisions, ...ctx }).ok;
    if (now !== run.exitsCleanly) {
      changes.push(`exitsCleanly: - ${run.exitsCleanly}  + ${now}`);
      out.exitsCleanly = now;
      keys.add('exitsCleanly');
    }
  }
  if (run.fires) {
    const kept = run.fires.filter((ref) => {
      if (typeof ref === 'object' && 'node' in ref) return (summary.workflowRules.find((r) => r.node === ref.node && r.rule === parseRuleNumber(ref.rule))?.fired ?? 0) > 0;
      return (summary.toolRules[resolveRuleRef(ref, prepared?.agent).index ?? -1]?.fired ?? 0) > 0;
    });
    if (kept.length !== run.fires.length) {
      for (const ref of run.fires) if (!kept.includes(ref)) changes.push(`fires: - ${typeof ref === 'object' ? ('node' in ref ? `${ref.node} ${String(ref.rule)}` : String(ref.number)) : String(ref)} (never fired)`);
      out.fires = kept;
      keys.add('fires');
    }
  }
  return { run: out, keys: [...keys], changes };
}
