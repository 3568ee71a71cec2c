/**
 * The inspector of Claude Code permission settings: the settings as a whole (rule counts by list,
 * the files and their scopes), a tool (its rules in the order Claude Code evaluates them), and one
 * rule (its list, scope and position, with a button that shows it in the source). Rules are
 * numbered as on the graph and in the Policy view (`claudeRulesInOrder`). The rules are edited in
 * the source, where Claude Code reads them; the Policy view shows the calls each one decides.
 */
import { useMemo } from 'react';
import { diagnosticsOf, type AgentDoc } from '../state/documents.ts';
import { useStudioStore } from '../state/context.tsx';
import { codecs } from '../state/codecs.ts';
import type { PermissionRule } from '../../core/permissions/claude/types.ts';
import type { Diagnostic } from '../../core/diagnostics/types.ts';
import { toolGraphOf } from '../graph/docGraph.ts';
import { CodeText } from '../components/ui/CodeText.tsx';
import { Button } from '../components/ui/Button.tsx';

// Through the codecs: the rules are read from the settings' JSON, which the first load leaves out.
const useRules = (doc: AgentDoc): PermissionRule[] => useMemo(() => codecs().claudeRulesInOrder(doc.agent), [doc.agent]);

/** Shows a rule in the source editor when it is written in this document's file. */
function useReveal(doc: AgentDoc) {
  const store = useStudioStore();
  const own = doc.agent.claudeSettings?.[0]?.path;
  return (r: PermissionRule) =>
    r.source.file === own
      ? () => store.getState().revealRange(doc.id, { start: { line: r.source.line, column: r.source.col }, end: { line: r.source.line, column: r.source.col + r.source.text.length + 2 } })
      : undefined;
}

/** A rule's problems (its diagnostics on its line), as the permission inspectors list them. */
export function ProblemList({ problems }: { problems: readonly Diagnostic[] }) {
  if (problems.length === 0) return null;
  return (
    <ul className="insp-list" aria-label="Problems">
      {problems.map((d) => (
        <li key={`${d.code}:${d.range.start.column}`} className="insp-warning">
          {d.code}: <CodeText text={d.message} />
        </li>
      ))}
    </ul>
  );
}

function RuleLine({ rule, index, onOpen }: { rule: PermissionRule; index: number; onOpen: () => void }) {
  return (
    <li>
      <button type="button" onClick={onOpen}>
        <span className={`claude-list is-${rule.source.list}`}>{rule.source.list}</span> <CodeText text={`\`${rule.source.text}\``} />{' '}
        <span className="muted">
          rule {index + 1} · {rule.source.scope}
        </span>
      </button>
    </li>
  );
}

export function ClaudeAgentInspector({ doc }: { doc: AgentDoc }) {
  const store = useStudioStore();
  const rules = useRules(doc);
  const count = (list: string) => rules.filter((r) => r.source.list === list).length;
  return (
    <div className="insp-section">
      <h2>Claude Code settings</h2>
      <p>
        {rules.length} permission {rules.length === 1 ? 'rule' : 'rules'}: {count('deny')} deny · {count('ask')} ask · {count('allow')} allow
      </p>
      <h3>Files ({doc.agent.claudeSettings?.length ?? 0})</h3>
      <ul className="insp-list">
        {(doc.agent.claudeSettings ?? []).map((f) => (
          <li key={f.path}>
            <code>{f.path}</code> <span className="muted">({f.scope} scope)</span>
          </li>
        ))}
      </ul>
      <h3>Rules in the order Claude Code checks them</h3>
      {rules.length === 0 ? <p className="muted">No rules: every call gets its tool's default (ask for Bash, edits and web access; reads are allowed).</p> : null}
      <ul className="insp-list">
        {rules.map((r, i) => (
          <RuleLine key={i} rule={r} index={i} onOpen={() => store.getState().select({ kind: 'rule', index: i })} />
        ))}
      </ul>
      <p className="muted">Edit the rules in the source. The Policy tab shows the calls of the loaded sessions each rule decides.</p>
    </div>
  );
}

export function ClaudeToolInspector({ doc, tool }: { doc: AgentDoc; tool: string }) {
  const store = useStudioStore();
  const all = useRules(doc);
  const node = toolGraphOf(doc).nodes.find((n) => n.id === tool);
  const mine = (node?.rules ?? []).map((i) => ({ r: all[i], i })).filter((x): x is { r: PermissionRule; i: number } => x.r !== undefined);
  return (
    <div className="insp-section">
      <h2>Tool</h2>
      <p>
        <strong>{node?.group !== undefined ? `${node.label} (MCP server ${node.group})` : tool}</strong>
      </p>
      {node?.dimmed && node.reason ? (
        <p className="insp-warning" role="note">
          <CodeText text={node.reason} />
        </p>
      ) : null}
      <h3>Rules ({mine.length})</h3>
      <ul className="insp-list">
        {mine.map(({ r, i }) => (
          <RuleLine key={i} rule={r} index={i} onOpen={() => store.getState().select({ kind: 'rule', index: i })} />
        ))}
      </ul>
      <p className="muted">The first matching rule decides, deny before ask before allow, whatever its scope or how specific it is.</p>
    </div>
  );
}

export function ClaudeRuleInspector({ doc, index }: { doc: AgentDoc; index: number }) {
  const rules = useRules(doc);
  const reveal = useReveal(doc);
  const rule = rules[index];
  if (!rule) return <p className="muted">This rule no longer exists.</p>;
  const problems = diagnosticsOf(doc).diagnostics.filter((d) => d.file === rule.source.file && d.range.start.line === rule.source.line);
  const show = reveal(rule);
  return (
    <div className="insp-section">
      <h2>
        Rule {index + 1} <span className="muted">of {rules.length}</span>
      </h2>
      <p>
        <span className={`claude-list is-${rule.source.list}`}>{rule.source.list}</span> <CodeText text={`\`${rule.source.text}\``} />
      </p>
      <p className="muted">
        {rule.source.scope} scope · {rule.source.file}:{rule.source.line}:{rule.source.col}
      </p>
      <ProblemList problems={problems} />
      {show ? <Button size="sm" label="Show in source" onClick={show} /> : null}
    </div>
  );
}
