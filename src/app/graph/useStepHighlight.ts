/** The simulator's highlight for this document's canvas, or undefined when it is about another. */
import { useMemo } from 'react';
import { useSimulationHighlight } from '../simulator/highlight.ts';
import type { StepHighlight } from './flowElements.ts';

export function useStepHighlight(docId: string): StepHighlight | undefined {
  const h = useSimulationHighlight();
  return useMemo(() => {
    if (!h || (h.docId !== undefined && h.docId !== docId)) return undefined;
    const { tool, toolRule, node, workflowRule } = h;
    return {
      ...(tool !== undefined ? { tool } : {}),
      ...(toolRule !== undefined ? { toolRule } : {}),
      ...(node !== undefined ? { node } : {}),
      ...(workflowRule !== undefined ? { workflowRule } : {}),
    };
  }, [h, docId]);
}
