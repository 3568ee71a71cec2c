/**
 * The inspector of Codex execpolicy rules: the files as a whole (rule counts by decision), a
 * program (its rules in load order) and one rule (its decision, pattern, justification and
 * position, with a button that shows it in the source). Rules are numbered as on the graph and
 * in the Policy view (one per `prefix_rule` call, in load order). Rules are edited in the source
 * or in the Policy view, which shows the calls each one decides.
 */
import { useMemo } from 'react';
import { diagnosticsOf, type AgentDoc } from '../state/documents.ts';
import { useStudioStore } from '../state/context.tsx';
import { codecs } from '../state/codecs.ts';
import type { CodexRuleRow } from '../../core/permissions/codex/policyReport.ts';
import { CodeText } from '../components/ui/CodeText.tsx';
import { Button } from '../components/ui/Button.tsx';
import { ProblemList } from './ClaudeInspector.tsx';

// Through the codecs: the rules are read by the Starlark reader, which the first load leaves out.
const useRules = (doc: AgentDoc): CodexRuleRow[] => useMemo(() => codecs().codexPolicyReport(doc.agent.codexRules ?? [], []).rules, [doc.agent]);

function RuleLine({ rule, index, onOpen }: { rule: CodexRuleRow; index: number; onOpen: () => void }) {
  return (
    <li>
      <button type="button" onClick={onOpen}>
        <span className={`claude-list is-${rule.decision}`}>{rule.decision}</span> <CodeText text={`\`${rule.pattern}\``} />{' '}
        <span className="muted">rule {index + 1}</span>
      </button>
    </li>
  );
}

export function CodexAgentInspector({ doc }: { doc: AgentDoc }) {
  const store = useStudioStore();
  const rules = useRules(doc);
  const count = (d: string) => rules.filter((r) => r.decision === d).length;
  return (
    <div className="insp-section">
      <h2>Codex rules</h2>
      <p>
        {rules.length} prefix {rules.length === 1 ? 'rule' : 'rules'}: {count('forbidden')} forbidden · {count('prompt')} prompt · {count('allow')} allow
      </p>
      <h3>Files ({doc.agent.codexRules?.length ?? 0})</h3>
      <ul className="insp-list">
        {(doc.agent.codexRules ?? []).map((f) => (
          <li key={f.path}>
            <code>{f.path}</code>
          </li>
        ))}
      </ul>
      <h3>Rules in load order</h3>
      {rules.length === 0 ? <p className="muted">No rules: Codex’s approval policy decides every command.</p> : null}
      <ul className="insp-list">
        {rules.map((r, i) => (
          <RuleLine key={i} rule={r} index={i} onOpen={() => store.getState().select({ kind: 'rule', index: i })} />
        ))}
      </ul>
      <p className="muted">Every matching rule counts and the strictest decision wins (forbidden, then prompt, then allow). The Policy tab shows the calls of the loaded sessions each rule decides.</p>
    </div>
  );
}

export function CodexProgramInspector({ doc, program }: { doc: AgentDoc; program: string }) {
  const store = useStudioStore();
  const rules = useRules(doc);
  const mine = rules.map((r, i) => ({ r, i })).filter(({ r }) => r.pattern === program || r.pattern.startsWith(`${program} `) || (r.pattern.startsWith('[') && r.pattern.slice(1, r.pattern.indexOf(']')).split('|').includes(program)));
  return (
    <div className="insp-section">
      <h2>Program</h2>
      <p>
        <strong>
          <code>{program}</code>
        </strong>
      </p>
      <h3>Rules ({mine.length})</h3>
      <ul className="insp-list">
        {mine.map(({ r, i }) => (
          <RuleLine key={i} rule={r} index={i} onOpen={() => store.getState().select({ kind: 'rule', index: i })} />
        ))}
      </ul>
    </div>
  );
}

export function CodexRuleInspector({ doc, index }: { doc: AgentDoc; index: number }) {
  const store = useStudioStore();
  const rules = useRules(doc);
  const rule = rules[index];
  if (!rule) return <p className="muted">This rule no longer exists.</p>;
  const problems = diagnosticsOf(doc).diagnostics.filter((d) => d.file === rule.file && d.range.start.line === rule.line);
  const own = doc.agent.codexRules?.[0]?.path === rule.file;
  return (
    <div className="insp-section">
      <h2>
        Rule {index + 1} <span className="muted">of {rules.length}</span>
      </h2>
      <p>
        <span className={`claude-list is-${rule.decision}`}>{rule.decision}</span> <CodeText text={`\`${rule.pattern}\``} />
      </p>
      {rule.justification ? <p>{rule.justification}</p> : null}
      <p className="muted">
        {rule.file}:{rule.line}:{rule.col}
      </p>
      <ProblemList problems={problems} />
      {own ? <Button size="sm" label="Show in source" onClick={() => store.getState().revealRange(doc.id, { start: { line: rule.line, column: rule.col }, end: { line: rule.line, column: rule.col + 'prefix_rule'.length } })} /> : null}
    </div>
  );
}
