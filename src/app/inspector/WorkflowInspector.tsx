/** The workflow itself (nothing selected): mode and start node. */
import type { WorkflowDoc } from '../state/documents.ts';
import { useStudioStore } from '../state/context.tsx';
import { Field, TextField } from './fields.tsx';
import { countOf } from '../../core/describe/meaning.ts';

export function WorkflowInspector({ doc }: { doc: WorkflowDoc }) {
  const store = useStudioStore();
  const wf = doc.workflow;
  const names = wf.nodes.map((n) => n.name);
  return (
    <div className="insp-section">
      {/* the heading names the kind, as the Agent's does ("Workflow workflow" read as a typo, review17 s5) */}
      <h2>Workflow</h2>
      <p className="muted">
        Named <code>{wf.name}</code> in its file
      </p>
      <TextField label="Mode" value={wf.mode} onChange={(v) => store.getState().editWorkflow(doc.id, (w) => ({ ...w, mode: v }), { key: `wf:${doc.id}:mode` })} />
      <Field label="Start node">
        {(id) => (
          <select id={id} value={wf.start_node} onChange={(e) => store.getState().editWorkflow(doc.id, (w) => ({ ...w, start_node: e.target.value }))}>
            {(names.includes(wf.start_node) ? names : [wf.start_node, ...names]).map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        )}
      </Field>
      <p className="muted">{countOf(wf.nodes.length, 'phase')}. Select a phase or a transition on the graph to edit it.</p>
    </div>
  );
}
