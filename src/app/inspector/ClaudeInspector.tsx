/**
 * The inspector of Claude Code permission settings: the settings as a whole (rule counts by list,
 * the files and their scopes), a tool (its rules in the order Claude Code evaluates them), and one
 * rule (its list, scope and position, with a button that shows it in the source). Rules are listed
 * in the order Claude Code checks them and numbered by their place in the settings, as the graph,
 * the simulator and the CLI's messages number them (`claudeRulesInOrder`). The rules are edited in
 * the source, where Claude Code reads them; the Policy view shows the calls each one decides.
 */
import { useMemo } from 'react';
import type { AgentDoc } from '../state/documents.ts';
import { codecs } from '../state/codecs.ts';
import type { NumberedRule } from '../../core/graph/claudeGraph.ts';
import { toolGraphOf } from '../graph/docGraph.ts';
import { CodeText } from '../components/ui/CodeText.tsx';
import { fileRefusal, PolicyFilesInspector, PolicyNodeInspector, PolicyRuleInspector, type InspectedRule } from './PolicyInspector.tsx';

export { ProblemList } from './PolicyInspector.tsx';

/**
 * The rules by their place in the settings (what the graph's badges and the selection index), and
 * `order`: those places in the order Claude Code checks them. Through the codecs: the rules are
 * read from the settings' JSON, which the first load leaves out.
 */
const useRules = (doc: AgentDoc): { rules: NumberedRule[]; order: number[] } =>
  useMemo(() => {
    const ordered = codecs().claudeRulesInOrder(doc.agent);
    const rules: NumberedRule[] = [];
    for (const r of ordered) rules[r.index] = r;
    return { rules, order: ordered.map((r) => r.index) };
  }, [doc.agent]);

/** A rule as the shared inspector shows it: its list, its text, its scope (`PolicyInspector.tsx`). */
const inspected = (r: NumberedRule): InspectedRule => ({ decision: r.source.list, text: r.source.text, file: r.source.file, line: r.source.line, col: r.source.col, length: r.source.text.length + 2, tag: `${r.source.scope} scope` });

export function ClaudeAgentInspector({ doc }: { doc: AgentDoc }) {
  const { rules, order } = useRules(doc);
  const count = (list: string) => order.filter((i) => rules[i]?.source.list === list).length;
  // Not strict JSON (C001): Claude Code ignores the file, the Inspector lists the rules before the error.
  const refusal = fileRefusal(doc, ['C001'], 'Claude Code ignores', rules.length);
  return (
    <PolicyFilesInspector
      doc={doc}
      title="Claude Code settings"
      summary={`${order.length} permission ${order.length === 1 ? 'rule' : 'rules'}${refusal ? ' that read' : ''}: ${count('deny')} deny · ${count('ask')} ask · ${count('allow')} allow`}
      {...(refusal ? { refusal } : {})}
      files={(doc.agent.claudeSettings ?? []).map((f) => ({ path: f.path, note: `${f.scope} scope` }))}
      rules={rules.map(inspected)}
      order={order}
      rulesTitle="Rules in the order Claude Code checks them"
      empty={refusal ? 'No rule reads yet.' : "No rules: every call gets its tool's default (ask for Bash, edits and web access; reads are allowed)."}
      how="Edit the rules in the source. The Policy tab shows the calls of the loaded sessions each rule decides."
    />
  );
}

export function ClaudeToolInspector({ doc, tool }: { doc: AgentDoc; tool: string }) {
  const { rules: all } = useRules(doc);
  const node = toolGraphOf(doc).nodes.find((n) => n.id === tool);
  return (
    <PolicyNodeInspector
      heading="Tool"
      name={<>{node?.group !== undefined ? `${node.label} (MCP server ${node.group})` : tool}</>}
      rules={all.map(inspected)}
      indexes={(node?.rules ?? []).filter((i) => all[i] !== undefined)}
      how="The first matching rule decides, deny before ask before allow, whatever its scope or how specific it is."
    >
      {node?.dimmed && node.reason ? (
        <p className="insp-warning" role="note">
          <CodeText text={node.reason} />
        </p>
      ) : null}
    </PolicyNodeInspector>
  );
}

export function ClaudeRuleInspector({ doc, index }: { doc: AgentDoc; index: number }) {
  const { rules } = useRules(doc);
  return <PolicyRuleInspector doc={doc} rules={rules.map(inspected)} index={index} own={rules[index]?.source.file === doc.agent.claudeSettings?.[0]?.path} />;
}
