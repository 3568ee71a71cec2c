/**
 * The inspector skeleton every permission dialect shares (Codex execpolicy, Gemini CLI policies):
 * the files as a whole (a summary and the rules in the dialect's order), a graph node (the rules
 * on it) and one rule (its decision, text, position and problems, with Show in source). Rules are
 * numbered as on the graph; a dialect's inspector gives the rows and its words.
 */
import type { ReactNode } from 'react';
import { diagnosticsOf, type AgentDoc } from '../state/documents.ts';
import { useStudioStore } from '../state/context.tsx';
import { CodeText } from '../components/ui/CodeText.tsx';
import { Button } from '../components/ui/Button.tsx';
import type { Diagnostic } from '../../core/diagnostics/types.ts';

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

/**
 * Why the dialect refuses this document's file as it is (the first of `codes` among its problems),
 * said above the rules, which are then those that read; undefined when it does not.
 */
export function fileRefusal(doc: AgentDoc, codes: readonly string[], who: string, ruleCount: number): string | undefined {
  const d = diagnosticsOf(doc).diagnostics.find((x) => x.severity === 'error' && codes.includes(x.code));
  if (!d) return undefined;
  return `${who} this file as it is: line ${d.range.start.line} does not read (${d.code} at ${d.range.start.line}:${d.range.start.column}).${ruleCount > 0 ? ' The rules listed are those that read.' : ''}`;
}

/** A rule as an inspector shows it. */
export interface InspectedRule {
  decision: string;
  /** What it matches, shown as code. */
  text: string;
  file: string;
  line: number;
  col: number;
  /** How many characters of the source Show in source selects. */
  length: number;
  /** A line under it (a justification, a tier and priority). */
  note?: string;
  /** A word after its number and before its position (Claude Code: its scope). */
  tag?: string;
  /** Its number, when not its place in the list (Gemini: its table in the file, as Problems says `rule #3`). */
  number?: number;
}

const numberOf = (rule: InspectedRule, index: number) => rule.number ?? index + 1;

function RuleLine({ rule, index }: { rule: InspectedRule; index: number }) {
  const store = useStudioStore();
  return (
    <li>
      <button type="button" onClick={() => store.getState().select({ kind: 'rule', index })}>
        <span className={`claude-list is-${rule.decision}`}>{rule.decision}</span> <CodeText text={`\`${rule.text}\``} /> <span className="muted">
          rule {numberOf(rule, index)}
          {rule.tag ? ` · ${rule.tag}` : ''}
        </span>
      </button>
    </li>
  );
}

/**
 * The files as a whole: a title, a summary line (and why the dialect refuses the files as they are,
 * the rules listed being those that read), the files, the rules in order (`order`: indexes
 * into `rules`, when the dialect lists them in another order than it numbers them) and a note on
 * how they decide.
 */
export function PolicyFilesInspector({ doc, title, summary, refusal, files, rules, order, rulesTitle, empty, how }: { doc: AgentDoc; title: string; summary: string; refusal?: string; files: readonly { path: string; note?: string }[]; rules: readonly InspectedRule[]; order?: readonly number[]; rulesTitle: string; empty: string; how: ReactNode }) {
  return (
    <div className="insp-section" data-doc={doc.id}>
      <h2>{title}</h2>
      <p>{summary}</p>
      {refusal ? (
        <p className="insp-warning" role="note">
          <CodeText text={refusal} />
        </p>
      ) : null}
      <h3>Files ({files.length})</h3>
      <ul className="insp-list">
        {files.map((f) => (
          <li key={f.path}>
            <code>{f.path}</code>
            {f.note ? <span className="muted"> ({f.note})</span> : null}
          </li>
        ))}
      </ul>
      <h3>{rulesTitle}</h3>
      {rules.length === 0 ? <p className="muted">{empty}</p> : null}
      <ul className="insp-list">
        {(order ?? rules.map((_, i) => i)).map((i) => {
          const r = rules[i];
          return r ? <RuleLine key={i} rule={r} index={i} /> : null;
        })}
      </ul>
      <p className="muted">{how}</p>
    </div>
  );
}

/** A graph node: its name, what the dialect says of it (`children`), the rules on it (`indexes` into the rules) and how they decide. */
export function PolicyNodeInspector({ heading, name, rules, indexes, how, children }: { heading: string; name: ReactNode; rules: readonly InspectedRule[]; indexes: readonly number[]; how?: string; children?: ReactNode }) {
  return (
    <div className="insp-section">
      <h2>{heading}</h2>
      <p>
        <strong>{typeof name === 'string' ? <code>{name}</code> : name}</strong>
      </p>
      {children}
      <h3>Rules ({indexes.length})</h3>
      <ul className="insp-list">
        {indexes.map((i) => {
          const r = rules[i];
          return r ? <RuleLine key={i} rule={r} index={i} /> : null;
        })}
      </ul>
      {how ? <p className="muted">{how}</p> : null}
    </div>
  );
}

/** One rule: its decision and text, its note, where it is, its problems, and Show in source when this document holds it. */
export function PolicyRuleInspector({ doc, rules, index, own }: { doc: AgentDoc; rules: readonly InspectedRule[]; index: number; own: boolean }) {
  const store = useStudioStore();
  const rule = rules[index];
  if (!rule) return <p className="muted">This rule no longer exists.</p>;
  const problems = diagnosticsOf(doc).diagnostics.filter((d) => d.file === rule.file && d.range.start.line === rule.line);
  return (
    <div className="insp-section">
      <h2>
        Rule {numberOf(rule, index)} <span className="muted">of {rules.length}</span>
      </h2>
      <p>
        <span className={`claude-list is-${rule.decision}`}>{rule.decision}</span> <CodeText text={`\`${rule.text}\``} />
      </p>
      {rule.note ? <p>{rule.note}</p> : null}
      <p className="muted">
        {rule.tag ? `${rule.tag} · ` : ''}
        {rule.file}:{rule.line}:{rule.col}
      </p>
      <ProblemList problems={problems} />
      {own ? <Button size="sm" label="Show in source" onClick={() => store.getState().revealRange(doc.id, { start: { line: rule.line, column: rule.col }, end: { line: rule.line, column: rule.col + rule.length } })} /> : null}
    </div>
  );
}
