/**
 * What the canvas highlights at the selected step: the tool or phase involved and the rule that
 * decided. Pure: the simulation store keeps the result for the canvas.
 */
import type { Decision } from '../../core/engine/decisions.ts';
import type { RuleRef } from '../../core/simulator/explainTypes.ts';
import { verdictOf, type Verdict } from './verdict.ts';

export interface SimulationHighlight {
  /** The document (agent or workflow) the highlight belongs to. */
  docId?: string;
  tool?: string;
  /** Index of the deciding rule in the agent's rule list. */
  toolRule?: number;
  node?: string;
  /** Index of the deciding rule in the node's rule list. */
  workflowRule?: number;
  /** The decision's outcome, drawn on the tool or phase (`tool` / `node`). */
  verdict?: Verdict;
}

/** The highlight for a decision of a run that used these documents; `ruleRef` (from its explanation) fills a missing rule. */
export function highlightOf(d: Decision | undefined, docs: { agentDocId?: string; workflowDocId?: string }, ruleRef?: RuleRef): SimulationHighlight | undefined {
  const h = highlightWithout(d, docs, ruleRef);
  return h && d && (h.tool !== undefined || h.node !== undefined) ? { ...h, verdict: verdictOf(d.kind) } : h;
}

function highlightWithout(d: Decision | undefined, docs: { agentDocId?: string; workflowDocId?: string }, ruleRef?: RuleRef): SimulationHighlight | undefined {
  if (!d) return undefined;
  const agent = docs.agentDocId !== undefined ? { docId: docs.agentDocId } : {};
  const workflow = docs.workflowDocId !== undefined ? { docId: docs.workflowDocId } : {};
  switch (d.kind) {
    case 'interrupt':
      return { ...workflow, node: d.node, workflowRule: d.rule };
    case 'transition':
      return { ...workflow, node: d.to };
    case 'exit_blocked':
      return { ...agent, ...(d.pending[0] !== undefined ? { tool: d.pending[0] } : {}) };
    case 'exit':
      return ruleRef?.kind === 'tool' ? { ...agent, toolRule: ruleRef.index } : undefined;
    case 'error':
      return undefined;
    default: {
      const rule = 'rule' in d && d.rule !== undefined ? d.rule : ruleRef?.kind === 'tool' ? ruleRef.index : undefined;
      return { ...agent, tool: d.tool, ...(rule !== undefined ? { toolRule: rule } : {}) };
    }
  }
}


/**
 * `next`, or `prev` when both say the same: the canvas redraws its nodes and edges for a new
 * highlight object, and a step's highlight is computed twice (when selected, and again with the
 * worker's explanation), usually to the same thing.
 */
export function sameHighlightOr(prev: SimulationHighlight | undefined, next: SimulationHighlight | undefined): SimulationHighlight | undefined {
  if (prev === undefined || next === undefined) return next;
  return prev.docId === next.docId && prev.tool === next.tool && prev.toolRule === next.toolRule && prev.node === next.node && prev.workflowRule === next.workflowRule && prev.verdict === next.verdict
    ? prev
    : next;
}
