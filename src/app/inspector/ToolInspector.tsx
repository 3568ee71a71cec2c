/** Edits a tool: its name (renamed everywhere), declared operations, and lists its rules. */
import { CodeText } from '../components/ui/CodeText.tsx';
import type { AgentDoc } from '../state/documents.ts';
import { useStudioStore } from '../state/context.tsx';
import { WILDCARD } from '../../core/model/toolRules.ts';
import { ruleMeaning } from '../../core/describe/index.ts';
import { renameTool, toolNamesOf } from '../../core/graph/agentEdits.ts';
import { toolGraphOf } from '../graph/docGraph.ts';
import { focusNodeSoon } from '../graph/nodeFocus.ts';
import { DraftField, TagInput } from './fields.tsx';
import { renameKey } from './nameFocus.ts';
import { ruleNumber } from '../../core/model/ruleNumber.ts';
import { ruleTypeNames } from '../../core/describe/ruleNames.ts';
import { Button } from '../components/ui/Button.tsx';
import { useUiStore } from '../state/uiContext.tsx';
import { graphActions } from '../actions/graphActions.ts';
import { DuplicateButton } from './DuplicateButton.tsx';

/** A Letta agent's tool: its rules (tools themselves are defined in the agent file, not edited here). */
function LettaToolInspector({ doc, tool }: { doc: AgentDoc; tool: string }) {
  const store = useStudioStore();
  const node = toolGraphOf(doc).nodes.find((n) => n.id === tool);
  const rules = (doc.agent.lettaRules ?? []).map((r, i) => ({ r, i })).filter(({ r }) => r.tool_name === tool);
  return (
    <div className="insp-section">
      <h2>Tool</h2>
      <p>
        <strong>{tool}</strong>
        {node && !node.declared ? <span className="muted"> (not a tool of this agent)</span> : null}
      </p>
      {node?.dimmed ? (
        <p className="insp-warning" role="note">
          {node.reason}
        </p>
      ) : null}
      <p className="muted">Letta agents define their tools in the agent file; Rule Studio edits their rules. Drag from this tool to another to say it may follow.</p>
      <h3>Rules ({rules.length})</h3>
      {rules.length === 0 ? <p className="muted">No rules. Use Add rule in the toolbar.</p> : null}
      <ul className="insp-list">
        {rules.map(({ r, i }) => (
          <li key={i}>
            <button type="button" onClick={() => store.getState().select({ kind: 'rule', index: i })}>
              <strong>{r.type}</strong>
              {r.type === 'constrain_child_tools' || r.type === 'parent_last_tool' ? <span className="muted"> {r.children.join(', ')}</span> : null}
              {r.type === 'max_count_per_step' ? <span className="muted"> {r.max_count_limit}</span> : null}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function ToolInspector({ doc, tool }: { doc: AgentDoc; tool: string }) {
  if (doc.agent.family === 'letta') return <LettaToolInspector doc={doc} tool={tool} />;
  return <PatternToolInspector doc={doc} tool={tool} />;
}

function PatternToolInspector({ doc, tool }: { doc: AgentDoc; tool: string }) {
  const store = useStudioStore();
  const ui = useUiStore();
  const node = toolGraphOf(doc).nodes.find((n) => n.id === tool);
  const decl = doc.agent.tools.find((t) => t.name === tool);
  const rules = doc.agent.rules.map((r, i) => ({ r, i })).filter(({ r }) => r.tool_name === tool);
  const s = () => store.getState();
  return (
    <div className="insp-section">
      <h2>{tool === WILDCARD ? 'All tools (*)' : 'Tool'}</h2>
      {tool !== WILDCARD ? (
        <DraftField
          label="Name"
          value={tool}
          claimsFocus
          onDone={focusNodeSoon}
          validate={(v) => (v.trim() === '' ? 'A tool needs a name.' : v !== tool && toolNamesOf(doc.agent).has(v) ? `“${v}” is already a tool.` : undefined)}
          onCommit={(v) => {
            if (!s().editAgent(doc.id, (a) => renameTool(a, tool, v), { key: renameKey(doc.id, tool) })) return false;
            s().select({ kind: 'tool', tool: v });
            return true;
          }}
        />
      ) : null}
      {node?.dimmed ? (
        <p className="insp-warning" role="note">
          {node.reason}
        </p>
      ) : null}
      {tool !== WILDCARD ? (
        decl ? (
          <TagInput
            label="Declared operations"
            values={decl.operations ?? []}
            onChange={(ops) =>
              s().editAgent(
                doc.id,
                (a) => ({
                  ...a,
                  tools: a.tools.map((t) => {
                    if (t.name !== tool) return t;
                    const { operations: _o, ...rest } = t;
                    return ops.length > 0 ? { ...rest, operations: ops } : rest;
                  }),
                }),
                { key: `tool:${doc.id}:${tool}:ops` },
              )
            }
          />
        ) : (
          <p className="muted">
            Not declared.{' '}
            <button type="button" onClick={() => s().editAgent(doc.id, (a) => ({ ...a, tools: [...a.tools, { name: tool }] }))}>
              Declare {tool}
            </button>
          </p>
        )
      ) : null}
      <h3>Rules ({rules.length})</h3>
      {rules.length === 0 ? <p className="muted">No rules yet.</p> : null}
      <ul className="insp-list">
        {rules.map(({ r, i }) => {
          const names = ruleTypeNames(r.rule_type.type);
          return (
            <li key={i}>
              <button type="button" onClick={() => s().select({ kind: 'rule', index: i })}>
                <strong>
                  {ruleNumber(i)} {names.friendly ?? names.name}
                </strong>
                {names.friendly ? <span className="muted"> · {names.name}</span> : null} <span className="insp-rule-usage"><CodeText text={ruleMeaning(r)} /></span>
              </button>
            </li>
          );
        })}
      </ul>
      <div className="insp-actions">
        <Button icon="plus" label="Add rule…" shortcut="Ctrl+Shift+R" onClick={() => void graphActions.find((a) => a.id === 'add-rule')?.run({ store, ui })} />
        {tool !== WILDCARD && doc.agent.family !== 'letta' ? <Button icon="connect" label="Connect…" shortcut="C" title="Connect to another tool by keyboard (C)" onClick={() => ui.getState().openDialog('connect')} /> : null}
        {tool !== WILDCARD ? <DuplicateButton /> : null}
      </div>
    </div>
  );
}
