/**
 * `--update`: records what the engine decides now as the expectations of a test file, changing
 * only what no longer holds, and says what changed. A failing step expectation is replaced by
 * expectations pinning every decision of that step; run expectations take the run's current
 * values; a test with no expectations at all gets every decision pinned. Comments and the rest
 * of the text are kept (the YAML is edited in place).
 */
import { isSeq, parseDocument, type Node } from 'yaml';
import type { Decision, DecisionKind } from '../engine/decisions.ts';
import { parseRuleNumber } from '../model/ruleNumber.ts';
import { summarize } from '../simulator/summary.ts';
import { isViolation } from '../simulator/violations.ts';
import { parseTestFile } from './parse.ts';
import { pinAll, pinCounts, pinStep } from './pin.ts';
import { runTest, type TestHost } from './run.ts';
import { exitsCleanly } from './runChecks.ts';
import { setUpTest } from './setup.ts';
import type { RunExpectation } from './schema.ts';
import { describeExpectation, matchStep } from './stepMatch.ts';
import type { TestFileResult } from './types.ts';
import { expectationNodes, runNode } from './write.ts';

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
    const errors = p.problems.map((x) => `line ${x.line}: ${x.message}`);
    return { text, changes: [], skipped: errors, before: { file, errors, tests: [] } };
  }
  const parsed = p.parsed;
  const doc = parseDocument(text, { prettyErrors: false });
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
      const pinned = pinAll(decisions, decisionSteps);
      doc.setIn(['tests', i, 'expect'], doc.createNode([]));
      const seq = doc.getIn(['tests', i, 'expect'], true);
      if (isSeq(seq)) seq.items.push(...expectationNodes(doc, pinned));
      doc.setIn(['tests', i, 'run'], runNode(doc, { counts: pinCounts(decisions) }));
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
    const seq = doc.getIn(['tests', i, 'expect'], true);
    for (let j = expect.length - 1; j >= 0; j--) {
      const e = expect[j];
      if (!e || !isSeq(seq)) continue;
      const step = e.step - 1;
      if (step >= result.steps) {
        seq.items.splice(j, 1);
        changes.push(`${label}: step ${e.step}: - ${describeExpectation(e)} (removed: the trace has ${result.steps} steps)`);
        continue;
      }
      const here = perStep.get(step) ?? [];
      if (matchStep(e, here).ok) continue;
      const pinned = pinStep(here, step);
      seq.items.splice(j, 1, ...(expectationNodes(doc, pinned) as Node[] as typeof seq.items));
      changes.push(`${label}: step ${e.step}: - ${describeExpectation(e)}  + ${pinned.map(describeExpectation).join('; ')}`);
    }
    if (test.run) {
      const next = updatedRun(test.run, decisions, prepared);
      for (const c of next.changes) changes.push(`${label}: run: ${c}`);
      if (next.changes.length > 0) doc.setIn(['tests', i, 'run'], runNode(doc, next.run));
    }
  });
  return { text: changes.length > 0 ? doc.toString({ lineWidth: 0 }) : text, changes, skipped, before };
}

function updatedRun(run: RunExpectation, decisions: readonly Decision[], prepared: { agent?: import('../model/toolRules.ts').Agent; workflow?: import('../model/workflow.ts').Workflow } | undefined): { run: RunExpectation; changes: string[] } {
  const out: RunExpectation = { ...run };
  const changes: string[] = [];
  const ctx = { ...(prepared?.agent ? { agent: prepared.agent } : {}), ...(prepared?.workflow ? { workflow: prepared.workflow } : {}) };
  const summary = summarize(decisions, ctx);
  const counts = { ...run.counts };
  if (run.counts?.error === undefined && summary.byKind.error > 0) counts.error = summary.byKind.error;
  for (const [kind, n] of Object.entries(counts) as [DecisionKind, number][]) {
    if (summary.byKind[kind] !== n || run.counts?.[kind] === undefined) {
      changes.push(`counts.${kind}: - ${run.counts?.[kind] ?? '(none)'}  + ${summary.byKind[kind]}`);
      counts[kind] = summary.byKind[kind];
    }
  }
  if (Object.keys(counts).length > 0) out.counts = counts;
  if (run.noViolations !== undefined) {
    const now = !decisions.some(isViolation);
    if (now !== run.noViolations) {
      changes.push(`noViolations: - ${run.noViolations}  + ${now}`);
      out.noViolations = now;
    }
  }
  if (run.exitsCleanly !== undefined) {
    const now = exitsCleanly({ decisions, ...ctx }).ok;
    if (now !== run.exitsCleanly) {
      changes.push(`exitsCleanly: - ${run.exitsCleanly}  + ${now}`);
      out.exitsCleanly = now;
    }
  }
  if (run.fires) {
    const kept = run.fires.filter((ref) => {
      if (typeof ref === 'object') return (summary.workflowRules.find((r) => r.node === ref.node && r.rule === parseRuleNumber(ref.rule))?.fired ?? 0) > 0;
      return (summary.toolRules[parseRuleNumber(ref) ?? -1]?.fired ?? 0) > 0;
    });
    for (const ref of run.fires) if (!kept.includes(ref)) changes.push(`fires: - ${typeof ref === 'object' ? `${ref.node} ${String(ref.rule)}` : String(ref)} (never fired)`);
    out.fires = kept;
  }
  return { run: out, changes };
}
