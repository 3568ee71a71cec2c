/**
 * The inspector of Codex execpolicy rules (`PolicyInspector.tsx`): the files as a whole (rule
 * counts by decision), a program (its rules in load order) and one rule (its decision, pattern,
 * justification and position). Rules are numbered as on the graph and in the Policy view (one per
 * `prefix_rule` call, in load order); they are edited in the source or in the Policy view.
 */
import { useMemo } from 'react';
import type { AgentDoc } from '../state/documents.ts';
import { codecs } from '../state/codecs.ts';
import { PolicyFilesInspector, PolicyNodeInspector, PolicyRuleInspector, type InspectedRule } from './PolicyInspector.tsx';

// Through the codecs: the rules are read by the Starlark reader, which the first load leaves out.
// A file Codex refuses (a rule being typed) still gives the rules that read; `refusal` says why
// Codex refuses it, so the Inspector never says "no rules" of a file that does not read.
const useReport = (doc: AgentDoc): { rules: InspectedRule[]; refusal?: string } =>
  useMemo(() => {
    const report = codecs().codexPolicyReport(doc.agent.codexRules ?? [], []);
    const rules = report.rules.map((r) => ({ decision: r.decision, text: r.pattern, file: r.file, line: r.line, col: r.col, length: 'prefix_rule'.length, ...(r.justification ? { note: r.justification } : {}) }));
    const first = report.refused ? report.diagnostics.find((d) => d.severity === 'error') : undefined;
    const at = first && `${first.range.start.line}:${first.range.start.column}`;
    return first ? { rules, refusal: `Codex refuses this file as it is: line ${first.range.start.line} does not read (${first.code} at ${at}: ${first.message}).${rules.length > 0 ? ' The rules listed are those that read.' : ''}` } : { rules };
  }, [doc.agent]);
const useRules = (doc: AgentDoc): InspectedRule[] => useReport(doc).rules;

export function CodexAgentInspector({ doc }: { doc: AgentDoc }) {
  const { rules, refusal } = useReport(doc);
  const count = (d: string) => rules.filter((r) => r.decision === d).length;
  return (
    <PolicyFilesInspector
      doc={doc}
      title="Codex rules"
      summary={`${rules.length} prefix ${rules.length === 1 ? 'rule' : 'rules'}${refusal ? ' that read' : ''}: ${count('forbidden')} forbidden · ${count('prompt')} prompt · ${count('allow')} allow`}
      {...(refusal ? { refusal } : {})}
      files={(doc.agent.codexRules ?? []).map((f) => ({ path: f.path }))}
      rules={rules}
      rulesTitle="Rules in load order"
      empty={refusal ? 'No rule reads yet.' : 'No rules: Codex’s approval policy decides every command.'}
      how="Every matching rule counts and the strictest decision wins (forbidden, then prompt, then allow). The Policy tab shows the calls of the loaded sessions each rule decides."
    />
  );
}

export function CodexProgramInspector({ doc, program }: { doc: AgentDoc; program: string }) {
  const rules = useRules(doc);
  const mine = rules.flatMap((r, i) => (r.text === program || r.text.startsWith(`${program} `) || (r.text.startsWith('[') && r.text.slice(1, r.text.indexOf(']')).split('|').includes(program)) ? [i] : []));
  return <PolicyNodeInspector heading="Program" name={program} rules={rules} indexes={mine} />;
}

export function CodexRuleInspector({ doc, index }: { doc: AgentDoc; index: number }) {
  const rules = useRules(doc);
  return <PolicyRuleInspector doc={doc} rules={rules} index={index} own={doc.agent.codexRules?.[0]?.path === rules[index]?.file} />;
}
