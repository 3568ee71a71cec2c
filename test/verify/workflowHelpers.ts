/** Helpers for the workflow verifier's tests: hand-built workflows, and replaying a finding's session as `simulate` does. */
import { expect } from 'vitest';
import { SpanIndex } from '../../src/core/diagnostics/spans.ts';
import type { Decision } from '../../src/core/engine/decisions.ts';
import { replayItems } from '../../src/core/engine/replay.ts';
import { resolveSettings, workflowProfileOf, type ReplaySettingsInput } from '../../src/core/engine/settings.ts';
import { Workflow } from '../../src/core/model/workflow.ts';
import { readScripted } from '../../src/core/traces/index.ts';
import type { SearchLimits } from '../../src/core/verify/explore.ts';
import type { VerifyFinding } from '../../src/core/verify/findings.ts';
import { verifyWorkflow, workflowStatics, type WorkflowVerification } from '../../src/core/verify/verifyWorkflow.ts';
import { validateWorkflow } from '../../src/core/validate/validateWorkflow.ts';

type NodeInput = { transitions?: { when: string; to: string }[]; rules?: Record<string, unknown>[] };

/** A workflow starting at the first node given. */
export function workflowOf(nodes: Record<string, NodeInput>): Workflow {
  const names = Object.keys(nodes);
  return Workflow.parse({ name: 'wf', mode: 'test', start_node: names[0], nodes: names.map((name) => ({ name, ...nodes[name] })) });
}

/** Verifies as `rule-studio verify` does: with what the static checks already report left out. */
export function verifyAsCli(wf: Workflow, settings: ReplaySettingsInput = {}, limits: SearchLimits = {}): WorkflowVerification {
  const profile = workflowProfileOf(resolveSettings(settings).profile);
  const statics = validateWorkflow(wf, { file: 'wf.yaml', spans: new SpanIndex(), workflowIndex: 0, profile });
  return verifyWorkflow(wf, settings, limits, workflowStatics(statics, wf));
}

/** Replays a scripted trace (YAML) through the replay `simulate` runs; decisions by event index. */
export function replayWorkflowYaml(wf: Workflow, yaml: string, settings: ReplaySettingsInput = {}): Decision[] {
  const items = readScripted(yaml);
  for (const i of items) if (i.kind === 'error') throw new Error(`trace does not read: ${i.message}`);
  return replayItems(items, { workflow: wf, settings });
}

/**
 * Asserts that replaying the finding's session shows what it says: V012 — its rule interrupts at
 * the selected step; V010 on an unentered node — no transition ever lands on it (the selected
 * step is a `next`); V010 on a node entered only after an interrupt — the selected step
 * interrupts and the node is entered later.
 */
export function expectWorkflowReproduces(wf: Workflow, f: VerifyFinding, settings: ReplaySettingsInput = {}): void {
  const trace = f.trace;
  if (!trace) throw new Error(`${f.code} has no trace`);
  const ds = replayWorkflowYaml(wf, trace.yaml, settings);
  const at = ds.filter((d) => d.event === trace.step - 1);
  expect(trace.step).toBeGreaterThanOrEqual(1);
  expect(trace.step).toBeLessThanOrEqual(trace.steps.length);
  const lands = ds.some((d) => d.kind === 'transition' && d.to === f.node);
  if (f.code === 'V012') {
    expect(at.some((d) => d.kind === 'interrupt' && d.node === f.node && d.rule === f.rule)).toBe(true);
  } else if (f.code === 'V010' && !f.message.includes('interrupt')) {
    expect('next' in (trace.steps[trace.step - 1] ?? {})).toBe(true);
    expect(lands).toBe(false);
  } else if (f.code === 'V010') {
    expect(at.some((d) => d.kind === 'interrupt')).toBe(true);
    expect(lands).toBe(true);
  }
}

/** Code and subject of each finding, for exact comparisons. */
export const briefOf = (fs: VerifyFinding[]) => fs.map((f) => [f.code, f.node ?? '', f.rule === undefined ? '' : `#${f.rule + 1}`].join(' ').trim());
