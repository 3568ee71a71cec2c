/**
 * Big workflows and big Letta agent files (issue 9.3), as Pattern agents are measured in
 * `import.bench.ts` and `edit.bench.ts`: a generated 5,000-phase hegel workflow (2.5 MB of YAML
 * with comments, `test/support/bigWorkflow.ts`) and a generated 600-tool, 6,000-rule Letta agent
 * file (2.7 MB on one line, `test/support/bigLetta.ts`).
 *
 * - Import, as the import worker does it: read, check, project and lay out (CPU), and the longest
 *   hand-over slice the page deserialises.
 * - An Inspector edit and a graph edit of each: the page's share with the edit worker installed
 *   (the edit, the pending document, the delta serialised as `postMessage` would, the graph of the
 *   edited model — the workflow's patched, the Letta agent's projected — and the capped view
 *   around the edited node; target < 50 ms); the edit worker's
 *   rewrite; the reading worker's read + check + projection of the written text; and the same edit
 *   written in place on the main thread (the path this replaced).
 * CPU time, median of runs.
 */
import '../src/app/state/codecsEager.ts';
import { deserialize, serialize } from 'node:v8';
import { readImport } from '../src/app/persistence/importReading.ts';
import { diagnosticsOf, readDocText, withAgent, withWorkflow, type AgentDoc, type RuleDoc, type WorkflowDoc } from '../src/app/state/documents.ts';
import { analyseDoc } from '../src/app/analysis/docAnalysis.ts';
import { splitImport } from '../src/worker/importTransfer.ts';
import { toolGraph } from '../src/core/graph/toolGraph.ts';
import { workflowGraph } from '../src/core/graph/workflowGraph.ts';
import { patchWorkflowGraph } from '../src/core/graph/workflowGraphPatch.ts';
import { neighbourhood } from '../src/app/graph/neighbourhood.ts';
import { agentDelta } from '../src/core/model/agentDelta.ts';
import { workflowDelta } from '../src/core/model/workflowDelta.ts';
import { addTransition, updatePhase } from '../src/core/graph/workflowEdits.ts';
import { addChildEdge, updateLettaRule } from '../src/core/graph/lettaEdits.ts';
import type { TextJob } from '../src/worker/editService.ts';
import type { Agent } from '../src/core/model/toolRules.ts';
import type { Workflow } from '../src/core/model/workflow.ts';
import { bigWorkflowYaml } from '../test/support/bigWorkflow.ts';
import { bigLettaAf } from '../test/support/bigLetta.ts';
import { cpuMs } from './measure.ts';
import { timeEdit, type EditFigures } from './editTiming.ts';

export interface BigDocImport {
  name: string;
  mb: number;
  /** Read + check + project + lay out, in the import worker (CPU ms). */
  workerMs: number;
  readMs: number;
  checkMs: number;
  projectMs: number;
  layoutMs: number;
  /** The longest hand-over message the page deserialises (CPU ms). */
  sliceMs: number;
  nodes: number;
  edges: number;
}

/** The same figures as a big Pattern agent's edit (`edit.bench.ts`). */
export type BigDocEdit = EditFigures;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const WORKFLOW = { name: 'big.yaml', text: () => bigWorkflowYaml(5_000), label: '5,000-phase workflow' };
const LETTA = { name: 'big.af', text: () => bigLettaAf(600, 6_000), label: '600-tool, 6,000-rule Letta .af' };

function importOnce(name: string, text: string) {
  const read = cpuMs(() => readImport(name, text));
  const reading = read.value;
  if (reading.kind !== 'docs' || reading.docs.length !== 1) throw new Error(`${name} did not read as one document`);
  const doc = reading.docs[0]!;
  const stages: Record<string, number> = {};
  let mark = process.cpuUsage();
  let stage = '';
  const analysis = analyseDoc(doc, reading.loaded, (next) => {
    const c = process.cpuUsage(mark);
    if (stage) stages[stage] = (c.user + c.system) / 1000;
    stage = next;
    mark = process.cpuUsage();
  });
  const c = process.cpuUsage(mark);
  stages[stage] = (c.user + c.system) / 1000;
  const { loaded: _loaded, ...sendable } = reading;
  // The text's Blob goes by reference in the browser; node:v8 cannot serialise one.
  const { textBlob: _blob, ...cloned } = analysis;
  const { head, parts } = splitImport({ reading: sendable, analyses: [cloned] });
  const slice = Math.max(...[head, ...parts].map((m) => serialize(m)).map((m) => cpuMs(() => deserialize(m)).ms));
  return { read: read.ms, check: stages.checking ?? 0, project: stages.projecting ?? 0, layout: stages['laying out'] ?? 0, slice, nodes: analysis.graph.nodes.length, edges: analysis.graph.edges.length };
}

export function benchBigDocImport(runs = 3): BigDocImport[] {
  return [WORKFLOW, LETTA].map(({ name, text: make, label }) => {
    const text = make();
    importOnce(name, text); // warm-up
    const all = Array.from({ length: runs }, () => importOnce(name, text));
    const pick = (k: 'read' | 'check' | 'project' | 'layout' | 'slice') => median(all.map((r) => r[k]));
    return {
      name: label,
      mb: text.length / 1048576,
      workerMs: median(all.map((r) => r.read + r.check + r.project + r.layout)),
      readMs: pick('read'),
      checkMs: pick('check'),
      projectMs: pick('project'),
      layoutMs: pick('layout'),
      sliceMs: pick('slice'),
      nodes: all[0]!.nodes,
      edges: all[0]!.edges,
    };
  });
}

interface EditCase {
  name: string;
  /** The edited document, pending (as the store makes it with the writer installed). */
  edit(): RuleDoc;
  /** The edit worker's job for it. */
  job(pending: RuleDoc): TextJob;
  /** What the page draws of the edited model: its graph (with the last diagnostics) and the capped view. */
  draw(pending: RuleDoc): void;
  /** The same edit in place, as before. */
  inPlace(): void;
  check(text: string): void;
}

function cases(): EditCase[] {
  const wf = readImport(WORKFLOW.name, WORKFLOW.text());
  const letta = readImport(LETTA.name, LETTA.text());
  if (wf.kind !== 'docs' || letta.kind !== 'docs') throw new Error('the generated files did not read');
  const w = wf.docs[0] as WorkflowDoc;
  const a = letta.docs[0] as AgentDoc;
  const wDiagnostics = diagnosticsOf(w).diagnostics;
  const aDiagnostics = diagnosticsOf(a).diagnostics;
  const wGraph = workflowGraph(w.workflow, wDiagnostics);
  const base = (d: RuleDoc) => ({ docId: d.id, fileName: d.fileName, baseText: d.text });
  const workflowCase = (name: string, edit: (x: Workflow) => Workflow, centre: string): EditCase => ({
    name: `${WORKFLOW.label}, ${name}`,
    edit: () => withWorkflow(w, edit(w.workflow)),
    job: (p) => ({ ...base(w), kind: 'workflow', baseName: w.workflow.name, delta: workflowDelta(w.workflow, (p as WorkflowDoc).workflow) }),
    draw: (p) => neighbourhood(patchWorkflowGraph(wGraph, w.workflow, (p as WorkflowDoc).workflow) ?? workflowGraph((p as WorkflowDoc).workflow, wDiagnostics), centre),
    inPlace: () => {
      const d = withWorkflow(w, edit(w.workflow));
      workflowGraph(d.workflow, wDiagnostics);
    },
    check: (text) => {
      const r = readDocText('workflow', w.fileName, text);
      if (!r.ok) throw new Error('the written workflow does not read');
      diagnosticsOf({ ...w, id: `check-${Math.random()}`, text, workflow: r.model as Workflow });
    },
  });
  const lettaCase = (name: string, edit: (x: Agent) => Agent, centre: string): EditCase => ({
    name: `${LETTA.label}, ${name}`,
    edit: () => withAgent(a, edit(a.agent)),
    job: (p) => ({ ...base(a), kind: 'agent', baseName: a.agent.name, delta: agentDelta(a.agent, (p as AgentDoc).agent) }),
    draw: (p) => neighbourhood(toolGraph((p as AgentDoc).agent, aDiagnostics), centre),
    inPlace: () => {
      const d = withAgent(a, edit(a.agent));
      toolGraph(d.agent, aDiagnostics);
    },
    check: (text) => {
      const r = readDocText('agent', a.fileName, text, a.agent.name);
      if (!r.ok) throw new Error('the written Letta file does not read');
      toolGraph(r.model as Agent, diagnosticsOf({ ...a, id: `check-${Math.random()}`, text, agent: r.model as Agent }).diagnostics);
    },
  });
  const limited = a.agent.lettaRules!.findIndex((r) => r.type === 'max_count_per_step');
  return [
    workflowCase('Inspector: a rule value', (x) => updatePhase(x, 'phase_02500', (n) => ({ ...n, rules: n.rules.map((r) => (r.type === 'require_commits' ? { ...r, lookback_phases: 9 } : r)) })), 'phase_02500'),
    workflowCase('graph: a transition drawn', (x) => addTransition(x, 'phase_02500', 'phase_00010'), 'phase_02500'),
    lettaCase('Inspector: a max_count_per_step limit', (x) => updateLettaRule(x, limited, (r) => (r.type === 'max_count_per_step' ? { ...r, max_count_limit: 77 } : r)), a.agent.lettaRules![limited]!.tool_name),
    lettaCase('graph: an edge drawn (a child added)', (x) => addChildEdge(x, 'tool_0100', 'tool_0200').agent, 'tool_0100'),
  ];
}

export function benchBigDocEdit(runs = 3): BigDocEdit[] {
  return cases().map((c) =>
    timeEdit(
      {
        name: c.name,
        page: () => {
          const pending = c.edit();
          if (!pending.pendingText) throw new Error(`${c.name}: the edit was written in place`);
          const job = c.job(pending);
          c.draw(pending);
          return job;
        },
        check: c.check,
        inPlace: c.inPlace,
      },
      runs,
    ),
  );
}
