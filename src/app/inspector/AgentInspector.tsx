/** The agent itself (nothing selected): its name and declared tools. */
import type { AgentDoc } from '../state/documents.ts';
import { useStudioStore } from '../state/context.tsx';
import { DraftField } from './fields.tsx';
import { CappedList } from './CappedList.tsx';
import { LETTA_CODE_NOTE, LETTA_FAMILY } from '../../core/model/lettaFamily.ts';


/** `1 rule`, `2 rules`. */
const rulesCount = (n: number, one: string) => `${n.toLocaleString('en')} ${one}${n === 1 ? '' : 's'}`;
export function AgentInspector({ doc }: { doc: AgentDoc }) {
  const store = useStudioStore();
  const s = () => store.getState();
  return (
    <div className="insp-section">
      <h2>Agent</h2>
      {doc.agent.family === 'letta' ? (
        <>
          <p>
            <strong>{doc.agent.name}</strong> <span className="muted">({LETTA_FAMILY} agent: its name and tools are kept as the agent file has them)</span>
          </p>
          <p className="muted">{LETTA_CODE_NOTE}</p>
        </>
      ) : (
        <DraftField
          label="Agent name"
          value={doc.agent.name}
          validate={(v) => (v.trim() === '' ? 'An agent needs a name.' : undefined)}
          onCommit={(v) => s().editAgent(doc.id, (a) => ({ ...a, name: v }))}
        />
      )}
      <h3>Declared tools ({doc.agent.tools.length})</h3>
      {doc.agent.tools.length === 0 ? <p className="muted">None declared: every tool named in a rule is allowed.</p> : null}
      <CappedList
        items={doc.agent.tools}
        keyOf={(t) => t.name}
        noun="tool"
        render={(t) => (
          <>
            <button type="button" onClick={() => s().select({ kind: 'tool', tool: t.name })}>
              {t.name}
            </button>
            {t.operations?.length ? <span className="muted"> ({t.operations.join(', ')})</span> : null}
          </>
        )}
      />
      <p className="muted">
        {rulesCount(doc.agent.family === 'letta' ? (doc.agent.lettaRules?.length ?? 0) : doc.agent.rules.length, doc.agent.family === 'letta' ? 'Letta rule' : 'rule')}. Select a tool or an edge on the graph to edit it.
      </p>
    </div>
  );
}
