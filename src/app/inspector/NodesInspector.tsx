/**
 * Several nodes selected (Ctrl+A, Shift+click, a Shift+drag box): how many and which (each opens
 * on its own), what Delete would take with them, and how to change the selection.
 */
import type { RuleDoc } from '../state/documents.ts';
import { useStudioStore } from '../state/context.tsx';
import { Button } from '../components/ui/Button.tsx';
import { requestDelete } from '../graph/deleteRequests.ts';
import { formatCount } from '../formatCount.ts';
import { CappedList } from './CappedList.tsx';
import { DuplicateButton } from './DuplicateButton.tsx';

const plural = (n: number, one: string) => `${formatCount(n)} ${one}${n === 1 ? '' : 's'}`;

export function NodesInspector({ doc, nodes }: { doc: RuleDoc; nodes: readonly string[] }) {
  const store = useStudioStore();
  const tools = doc.kind === 'agent';
  const noun = tools ? 'tool' : 'phase';
  // Tools of a Letta agent or a permission file are defined outside the rules: Delete does not take them.
  const deletable = !tools || doc.agent.family === undefined;
  const picked = new Set(nodes);
  const rules = tools ? doc.agent.rules.filter((r) => picked.has(r.tool_name)).length : 0;
  const open = (name: string) => store.getState().select(tools ? { kind: 'tool', tool: name } : { kind: 'phase', node: name });
  return (
    <div className="insp-section">
      <h2 aria-live="polite">{plural(nodes.length, noun)} selected</h2>
      <CappedList
        items={nodes}
        keyOf={(n) => n}
        noun={noun}
        render={(n) => (
          <button type="button" title={`Select only ${n}`} onClick={() => open(n)}>
            {n}
          </button>
        )}
      />
      <div className="insp-actions">
        <DuplicateButton label={`Duplicate ${plural(nodes.length, noun)}`} />
        {deletable ? <Button variant="danger" icon="trash" label={`Delete ${plural(nodes.length, noun)}`} shortcut="Delete" onClick={() => requestDelete()} /> : null}
        <Button variant="ghost" label="Clear selection" shortcut="Esc" onClick={() => store.getState().select({ kind: 'none' })} />
      </div>
      {deletable && rules > 0 ? <p className="insp-hint">Delete also removes their {plural(rules, 'rule')} and every mention of them in other rules. Undo brings them back.</p> : null}
      <p className="insp-hint">Shift+click a node to add it or take it out, Shift+drag to select a box. Drag one, or press the arrow keys, to move them together.</p>
    </div>
  );
}
