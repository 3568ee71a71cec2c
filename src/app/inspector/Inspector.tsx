/** The inspector (region "Inspector"): edits the selected element, or the document itself. */
import './inspector.css';
import { useStudio } from '../state/context.tsx';
import { activeDoc, type Selection } from '../state/store.ts';
import { neverRead, readingError, type RuleDoc } from '../state/documents.ts';
import { NotReading } from './NotReading.tsx';
import { toolGraphOf } from '../graph/docGraph.ts';
import { NodesInspector } from './NodesInspector.tsx';
import { AgentInspector } from './AgentInspector.tsx';
import { ToolInspector } from './ToolInspector.tsx';
import { RuleInspector } from './RuleInspector.tsx';
import { LettaRuleInspector } from './LettaRuleInspector.tsx';
import { PhaseInspector } from './PhaseInspector.tsx';
import { WorkflowInspector } from './WorkflowInspector.tsx';
import { CodexAgentInspector, CodexProgramInspector, CodexRuleInspector } from './CodexInspector.tsx';
import { GeminiAgentInspector, GeminiRuleInspector, GeminiToolInspector } from './GeminiInspector.tsx';
import { ClaudeAgentInspector, ClaudeRuleInspector, ClaudeToolInspector } from './ClaudeInspector.tsx';

/** The document's text does not read: say so first; a file that never read has nothing else to show. */
function Body() {
  const doc = useStudio(activeDoc);
  const sel = useStudio((s) => s.selection);
  if (!doc) return <p className="muted">Nothing open.</p>;
  const error = readingError(doc);
  if (!error) return <Selected doc={doc} sel={sel} />;
  if (neverRead(doc)) return <NotReading doc={doc} error={error} />;
  return (
    <>
      <NotReading doc={doc} error={error} />
      <Selected doc={doc} sel={sel} />
    </>
  );
}

/** The form of what is selected, or of the document itself. */
function Selected({ doc, sel }: { doc: RuleDoc; sel: Selection }) {
  if (sel.kind === 'nodes') return <NodesInspector doc={doc} nodes={sel.nodes} />;
  if (doc.kind === 'agent' && doc.agent.family === 'claude') {
    if (sel.kind === 'tool') return <ClaudeToolInspector key={sel.tool} doc={doc} tool={sel.tool} />;
    if (sel.kind === 'rule') return <ClaudeRuleInspector key={sel.index} doc={doc} index={sel.index} />;
    return <ClaudeAgentInspector doc={doc} />;
  }
  if (doc.kind === 'agent' && doc.agent.family === 'codex') {
    if (sel.kind === 'tool') return <CodexProgramInspector key={sel.tool} doc={doc} program={sel.tool} />;
    if (sel.kind === 'rule') return <CodexRuleInspector key={sel.index} doc={doc} index={sel.index} />;
    return <CodexAgentInspector doc={doc} />;
  }
  if (doc.kind === 'agent' && doc.agent.family === 'gemini') {
    if (sel.kind === 'tool') return <GeminiToolInspector key={sel.tool} doc={doc} tool={sel.tool} />;
    if (sel.kind === 'rule') return <GeminiRuleInspector key={sel.index} doc={doc} index={sel.index} />;
    return <GeminiAgentInspector doc={doc} />;
  }
  if (doc.kind === 'agent') {
    // A tool the graph does not draw (its adding undone, or never made) has no form: the agent shows.
    if (sel.kind === 'tool') return toolGraphOf(doc).nodes.some((n) => n.id === sel.tool) ? <ToolInspector key={sel.tool} doc={doc} tool={sel.tool} /> : <AgentInspector doc={doc} />;
    if (sel.kind === 'rule')
      return doc.agent.family === 'letta' ? <LettaRuleInspector key={sel.index} doc={doc} index={sel.index} /> : <RuleInspector key={sel.index} doc={doc} index={sel.index} />;
    return <AgentInspector doc={doc} />;
  }
  if (sel.kind === 'phase' || sel.kind === 'phaseRule') return <PhaseInspector key={sel.node} doc={doc} name={sel.node} />;
  if (sel.kind === 'transition') return <PhaseInspector key={sel.node} doc={doc} name={sel.node} transition={sel.index} />;
  return <WorkflowInspector doc={doc} />;
}

export function Inspector() {
  return (
    <aside className="inspector" role="region" aria-label="Inspector">
      <Body />
    </aside>
  );
}
