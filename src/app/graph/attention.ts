/**
 * The node a fit keeps in view when nothing is selected and the simulator shows no step: the node
 * of the document's first problem (errors before warnings, in the Problems list's order), so a
 * graph too big to show whole at a readable zoom opens where there is something to fix.
 */
import type { Diagnostic } from '../../core/diagnostics/types.ts';
import { ruleToolOf } from '../../core/graph/lettaEdits.ts';
import { selectionForTarget, sortProblems } from '../panels/problemTarget.ts';

type Agent = Parameters<typeof ruleToolOf>[0];

/** The node a diagnostic is about: its tool (a rule's tool, given `agent`) or its phase. */
function nodeOf(d: Diagnostic, agent?: Agent): string | undefined {
  const s = selectionForTarget(d.target);
  if (s.kind === 'tool') return s.tool;
  if (s.kind === 'rule') return agent ? ruleToolOf(agent, s.index) : undefined;
  return s.kind === 'phase' || s.kind === 'phaseRule' || s.kind === 'transition' ? s.node : undefined;
}

/**
 * The tool (with `agent`) or phase of the first error or warning that names one, in the Problems
 * list's order. One pass, no sort: a big import has thousands of diagnostics.
 */
export function problemNode(diagnostics: readonly Diagnostic[], agent?: Agent): string | undefined {
  let best: { d: Diagnostic; node: string } | undefined;
  for (const d of diagnostics) {
    if (d.severity === 'info' || (best && sortProblems([best.d, d])[0] === best.d)) continue;
    const node = nodeOf(d, agent);
    if (node !== undefined) best = { d, node };
  }
  return best?.node;
}
