/**
 * A document's drawing: its tool graph or phase graph in React Flow. Loaded apart from the page
 * (`Canvas.tsx`), since an empty project draws nothing.
 */
import { ReactFlowProvider } from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import type { RuleDoc } from '../state/documents.ts';
import { ToolCanvas } from './ToolCanvas.tsx';
import { WorkflowCanvas } from './WorkflowCanvas.tsx';

export function DocCanvas({ doc }: { doc: RuleDoc }) {
  return <ReactFlowProvider>{doc.kind === 'agent' ? <ToolCanvas doc={doc} /> : <WorkflowCanvas doc={doc} />}</ReactFlowProvider>;
}
