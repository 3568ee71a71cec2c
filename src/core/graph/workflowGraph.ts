/**
 * The workflow graph (issue item 3), as a pure projection: phases as nodes with their summary,
 * prompt preview and rules, transitions as edges labelled with their `when`, the start node
 * marked, the implicit `done` as a terminal node, and the diagnostics mapped (W001 dangling
 * transitions lead to a red "missing" ghost node, W003 unreachable phases are dimmed, W004 stuck
 * phases are marked).
 */
import type { Workflow, WorkflowNode, WorkflowRule } from '../model/workflow.ts';
import { DONE_NODE } from '../model/workflow.ts';
import type { Diagnostic } from '../diagnostics/types.ts';
import { formatDuration, preview } from './format.ts';

export type PhaseKind = 'phase' | 'done' | 'missing';

export interface PhaseRuleLine {
  index: number;
  text: string;
}

export interface PhaseGraphNode {
  /** The phase name, `done`, or `missing:<name>` for a ghost; also its layout key. */
  id: string;
  kind: PhaseKind;
  label: string;
  summary?: string;
  prompt?: string;
  rules: PhaseRuleLine[];
  start: boolean;
  /** Unreachable from the start node (W003). */
  dimmed: boolean;
  reason?: string;
  /** Cannot reach `done` (W004). */
  stuck: boolean;
  stuckReason?: string;
  /** A ghost for a transition target that does not exist (W001), or another error on the phase. */
  error: boolean;
  problems: string[];
  /** Rules and transitions of this phase the reader left out (an unknown type, F002; malformed, F003): not drawn, so the node says so. */
  ignored?: { rules: number; transitions: number };
}

export interface TransitionGraphEdge {
  id: string;
  source: string;
  target: string;
  when: string;
  /** The phase the transition belongs to and its index there. */
  node: string;
  index: number;
  /** Goes nowhere (W001) or has another error. */
  error: boolean;
}

export interface WorkflowGraph {
  nodes: PhaseGraphNode[];
  edges: TransitionGraphEdge[];
}

/** One line for a workflow rule with its parameters. */
export function describeWorkflowRule(rule: WorkflowRule): string {
  switch (rule.type) {
    case 'repeated_command':
      return `repeated_command ≥ ${rule.threshold} in ${formatDuration(rule.window * 1000)}${rule.pattern !== undefined ? ` /${rule.pattern}/` : ''}`;
    case 'repeated_file_edit':
      return `repeated_file_edit ≥ ${rule.threshold} in ${formatDuration(rule.window * 1000)}${rule.path_pattern !== undefined ? ` /${rule.path_pattern}/` : ''}`;
    case 'phase_timeout':
      return `phase_timeout ${formatDuration(rule.max_duration * 1000)}`;
    case 'token_budget':
      return `token_budget ${rule.max_tokens} tokens`;
    case 'require_commits':
      return `require_commits (lookback ${rule.lookback_phases})`;
  }
}

/** The ghost node id for a transition target that does not exist. */
export const missingId = (name: string): string => `missing:${name}`;

/** Puts what a phase node shows of phase `n` on `p`: its summary, prompt preview and rule lines. */
export function showPhase(p: PhaseGraphNode, n: WorkflowNode): void {
  const summary = preview(n.summary, 120);
  const prompt = preview(n.prompt ?? n.prompt_hbs);
  if (summary !== undefined) p.summary = summary;
  else delete p.summary;
  if (prompt !== undefined) p.prompt = prompt;
  else delete p.prompt;
  p.rules = n.rules.map((r, index) => ({ index, text: describeWorkflowRule(r) }));
}

/** Projects a workflow and its diagnostics onto the phase graph. */
export function workflowGraph(wf: Workflow, diagnostics: readonly Diagnostic[] = []): WorkflowGraph {
  const nodes = new Map<string, PhaseGraphNode>();
  const blank = (id: string, kind: PhaseKind, label: string): PhaseGraphNode => ({
    id,
    kind,
    label,
    rules: [],
    start: false,
    dimmed: false,
    stuck: false,
    error: false,
    problems: [],
  });
  for (const n of wf.nodes) {
    if (n.name === DONE_NODE || nodes.has(n.name)) continue;
    const p = blank(n.name, 'phase', n.name);
    showPhase(p, n);
    p.start = n.name === wf.start_node;
    nodes.set(n.name, p);
  }
  const done = blank(DONE_NODE, 'done', DONE_NODE);
  nodes.set(DONE_NODE, done);
  const edges: TransitionGraphEdge[] = [];
  for (const n of wf.nodes) {
    if (n.name === DONE_NODE) continue;
    n.transitions.forEach((t, index) => {
      let target = t.to;
      if (!nodes.has(target)) {
        target = missingId(t.to);
        if (!nodes.has(target)) nodes.set(target, { ...blank(target, 'missing', t.to), error: true, reason: `No phase named ${t.to}` });
      }
      edges.push({ id: `t:${n.name}:${index}`, source: n.name, target, when: t.when, node: n.name, index, error: target !== t.to });
    });
  }
  for (const d of diagnostics) {
    const target = d.target;
    if (target.kind !== 'workflow' || target.node === undefined) continue;
    const p = nodes.get(target.node);
    if (!p) continue;
    p.problems.push(`${d.code}: ${d.message}`);
    if (d.severity === 'error' && (d.code === 'F002' || d.dropped !== undefined)) {
      p.ignored ??= { rules: 0, transitions: 0 };
      if (d.dropped === 'transition') p.ignored.transitions++;
      else p.ignored.rules++;
    }
    if (d.code === 'W003') {
      p.dimmed = true;
      p.reason = d.message;
    } else if (d.code === 'W004') {
      p.stuck = true;
      p.stuckReason = d.message;
    } else if (d.severity === 'error' && target.transition === undefined) p.error = true;
    if (target.transition !== undefined && d.severity === 'error') {
      const e = edges.find((x) => x.node === target.node && x.index === target.transition);
      if (e) e.error = true;
    }
  }
  return { nodes: [...nodes.values()], edges };
}
