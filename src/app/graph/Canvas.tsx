/** The graph canvas of the active document (region "Graph"): the tool graph or the phase graph. */
import { ReactFlowProvider } from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import './canvas.css';
import { useStudio } from '../state/context.tsx';
import { activeDoc } from '../state/store.ts';
import { ToolCanvas } from './ToolCanvas.tsx';
import { WorkflowCanvas } from './WorkflowCanvas.tsx';

export function Canvas() {
  const doc = useStudio(activeDoc);
  return (
    <section className="canvas" aria-label="Graph">
      {!doc ? (
        <div className="canvas-empty">
          <p>No agent or workflow open.</p>
          <p className="muted">Open an example, import a file, or add an agent or a workflow in the explorer.</p>
        </div>
      ) : (
        <ReactFlowProvider key={doc.id}>{doc.kind === 'agent' ? <ToolCanvas doc={doc} /> : <WorkflowCanvas doc={doc} />}</ReactFlowProvider>
      )}
    </section>
  );
}
