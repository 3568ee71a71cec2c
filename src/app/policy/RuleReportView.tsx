/**
 * The Policy view of a dialect whose calls the core decides in place (Codex execpolicy, Gemini
 * CLI policies; `dialects.ts`): its rules in the dialect's order with the calls of the loaded
 * sessions each matched or decided, the totals per decision; a rule opens its calls, a call shows
 * its decision and why (`why`, the dialect's own words). What-if: a rule's Edit button makes its
 * source text editable; the panel lists each decision the edit changes (`whatIf`); Apply replaces
 * only that rule's text (`apply`: one `setText`, one undo step). A dialect gives the figures and
 * the words; this component is the same for each.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { CodeText } from '../components/ui/CodeText.tsx';
import { NodeName } from '../graph/NodeName.tsx';
import { IconButton } from '../components/ui/Button.tsx';
import type { ChangeItem } from './ChangeList.tsx';
import { WhatIfFrame } from './WhatIfFrame.tsx';
import type { StudioStore } from '../state/store.ts';
import type { RuleDoc } from '../state/documents.ts';
import '../corpus/corpus.css';
import './policy.css';

/** A rule row: its decision (a `policy-list` tone), its label, where it is and its source text. */
export interface ReportRule {
  key: string;
  decision: string;
  label: string;
  where: string;
  text: string;
  /** The cells after the rule (counts, tier, priority), as the dialect's `columns` name them. */
  cells: (string | number)[];
  /** Calls listed when the rule is chosen. */
  calls: number[];
}

/** A call: its decision (absent: no rule), one line of it, where it came from. */
export interface ReportCall {
  decision?: string;
  text: string;
  where: string;
  /** Set when the decision differs from what the session recorded. */
  differs?: boolean;
}

/** An edit's outcome: the calls whose decision changes, or why the dialect refuses the edit. */
export interface WhatIfResult {
  changes: { call: number; before?: string; after?: string; note?: string }[];
  refused?: string;
}

export interface RuleReportProps {
  /** Prefix of the test ids and element ids (`codex` → `codex-total-allow`). */
  id: string;
  /** The dialect's name in the view's title, errors and hints (`Codex`, `Gemini CLI`). */
  name: string;
  status: string;
  decisions: { key: string; label: string; tone?: 'error' | 'warning' }[];
  totals: Record<string, number>;
  rules: ReportRule[];
  calls: ReportCall[];
  /** The calls no rule decided, and how that row is named. */
  unruled: number[];
  unruledLabel: string;
  rulesTitle: string;
  columns: { label: string; num?: boolean }[];
  /** `matched` or `decided`: what a rule's calls are. */
  callsVerb: string;
  /** The load error the dialect refuses the files with, if any. */
  refusal?: string;
  noSessions: ReactNode;
  skipped: { name: string; reason: string }[];
  why: (call: number) => ReactNode;
  /** Asked (off the main thread) once typing rests; the last answer stays shown meanwhile. */
  whatIf: (rule: number, text: string) => Promise<WhatIfResult>;
  apply: (rule: number, text: string) => void;
  /** Buttons in the head (Translate to…). */
  actions?: ReactNode;
  /** A panel that takes the detail's place while open (Translate). */
  aside?: ReactNode;
}

const WHAT_IF_DEBOUNCE_MS = 120;

/**
 * Writes a rule's edit into its document as one `setText` (one undo step), or says that the rule
 * at `where` is no longer there (`edited` undefined) and changes nothing.
 */
export function writeRuleEdit(store: StudioStore, doc: RuleDoc | undefined, edited: string | undefined, where: string): void {
  if (!doc || edited === undefined) {
    store.getState().notify('error', `The rule at ${where} is no longer there: nothing was changed.`);
    return;
  }
  store.getState().setText(doc.id, edited);
  store.getState().notify('info', `Changed the rule at ${where}. Undo restores it.`);
}

export function RuleReportView(p: RuleReportProps) {
  const [selected, setSelected] = useState<number | null>();
  const [why, setWhy] = useState<number>();
  const [draft, setDraft] = useState<{ rule: number; key: string; text: string }>();
  const [whatIf, setWhatIf] = useState<WhatIfResult & { text: string }>();
  const { whatIf: ask } = p;
  const draftRule = draft === undefined ? undefined : p.rules[draft.rule];
  const stale = draft !== undefined && draftRule?.key !== draft.key;

  useEffect(() => {
    if (!draft || !draftRule || stale || draft.text.trim() === draftRule.text) return;
    const text = draft.text.trim();
    let live = true;
    const timer = setTimeout(() => {
      ask(draft.rule, text).then(
        (r) => live && setWhatIf({ ...r, text }),
        (e: unknown) => live && setWhatIf({ changes: [], refused: e instanceof Error ? e.message : String(e), text }),
      );
    }, WHAT_IF_DEBOUNCE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [draft, draftRule, stale, ask]);

  const cancelEdit = () => {
    setDraft(undefined);
    setWhatIf(undefined);
  };
  const choose = (i: number | null) => {
    setSelected(i);
    setWhy(undefined);
    cancelEdit();
  };
  const applyEdit = () => {
    if (!draft) return;
    p.apply(draft.rule, draft.text.trim());
    cancelEdit();
  };

  const shown = selected === undefined ? [] : selected === null ? p.unruled : (p.rules[selected]?.calls ?? []);
  const label = selected === null ? 'no rule' : selected === undefined ? '' : (p.rules[selected]?.label ?? '');
  const unchanged = draft !== undefined && draft.text.trim() === draftRule?.text;
  const changes: ChangeItem[] = (whatIf?.changes ?? []).map((c) => {
    const call = p.calls[c.call];
    return { key: c.call, before: c.before ?? 'no rule', after: c.after ?? 'no rule', text: call?.text ?? '', where: `${c.note ? `${c.note} · ` : ''}${call?.where ?? ''}` };
  });

  const detail =
    p.aside ??
    (draft && draftRule ? (
      <WhatIfFrame
        id={p.id}
        summary={
          <>
            rule {draft.rule + 1} · <code>{draftRule.label}</code>
          </>
        }
        unchanged={unchanged}
        answered={whatIf !== undefined}
        refused={whatIf?.refused === undefined ? undefined : `${p.name} would refuse the edited rules: ${whatIf.refused}`}
        changes={changes}
        calls={p.calls.length}
        updating={whatIf !== undefined && whatIf.text !== draft.text.trim()}
        applyDisabled={unchanged || draft.text.trim() === '' || whatIf?.refused !== undefined}
        onApply={applyEdit}
        onCancel={cancelEdit}
      />
    ) : (
      <section className="corpus-section policy-panel" aria-labelledby={`${p.id}-calls-title`}>
        <h3 id={`${p.id}-calls-title`}>
          {selected === undefined ? (
            'Calls'
          ) : selected === null ? (
            `Calls no rule ${p.callsVerb}`
          ) : (
            <>
              Calls {p.callsVerb} by <code>{label}</code>
            </>
          )}
        </h3>
        {selected === undefined ? (
          <p className="corpus-muted">Choose a rule to list the calls it {p.callsVerb}.</p>
        ) : shown.length === 0 ? (
          <p className="corpus-muted">
            No call of the loaded sessions was {p.callsVerb} by {label}.
          </p>
        ) : (
          <ul className="policy-calls" aria-label={`Calls ${p.callsVerb} by ${label}`}>
            {shown.slice(0, 500).map((i) => {
              const c = p.calls[i];
              if (!c) return null;
              return (
                <li key={i}>
                  <button type="button" className="policy-call" aria-pressed={why === i} onClick={() => setWhy(i)}>
                    <span className={`policy-list is-${c.decision ?? 'none'}`}>{c.decision ?? 'no rule'}</span> <code>{c.text}</code>
                    {c.differs && <span className="policy-list is-forbidden"> differs from the log</span>}
                    <span className="policy-where">{c.where}</span>
                  </button>
                </li>
              );
            })}
          </ul>
        )}
        {why !== undefined && p.calls[why] && (
          <div className="policy-why" role="region" aria-label="Why">
            {p.why(why)}
          </div>
        )}
      </section>
    ));

  return (
    <section className="corpus-view policy-view" aria-label="Policy">
      <div className="corpus-head">
        <h2>Policy · {p.name}</h2>
        <span className="corpus-status">{p.status}</span>
        {p.actions}
      </div>
      {p.refusal && (
        <p className="corpus-error" role="alert">
          {p.name} refuses these rules: <CodeText text={p.refusal} />
        </p>
      )}
      {p.calls.length === 0 && p.skipped.length === 0 && <p className="corpus-muted">{p.noSessions}</p>}
      <dl className={`corpus-totals ${p.id}-totals`} aria-label="Decisions">
        {p.decisions.map((d) => (
          <div key={d.key} className={`corpus-total${d.tone && (p.totals[d.key] ?? 0) > 0 ? ` is-${d.tone}` : ''}`} data-testid={`${p.id}-total-${d.key}`}>
            <dt>{d.label}</dt>
            <dd>{(p.totals[d.key] ?? 0).toLocaleString('en')}</dd>
          </div>
        ))}
      </dl>
      {p.skipped.length > 0 && <p className="corpus-skipped">Sessions not read: {p.skipped.map((s) => `${s.name} (${s.reason})`).join('; ')}.</p>}
      <div className="corpus-tables policy-body">
        <section className="corpus-section policy-panel" aria-labelledby={`${p.id}-rules-title`}>
          <h3 id={`${p.id}-rules-title`}>{p.rulesTitle}</h3>
          <div className="policy-scroll">
            <table className="corpus-table" aria-labelledby={`${p.id}-rules-title`}>
              <thead>
                <tr>
                  <th scope="col">Decision</th>
                  <th scope="col">Rule</th>
                  {p.columns.map((c) => (
                    <th key={c.label} scope="col" className={c.num ? 'num' : undefined}>
                      {c.label}
                    </th>
                  ))}
                  <th scope="col">
                    <span className="visually-hidden">Edit</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {p.rules.map((r, i) => (
                  <tr key={r.key} className={`policy-rule-row${selected === i ? ' is-selected' : ''}${draft?.key === r.key ? ' is-editing' : ''}`}>
                    <td>
                      <span className={`policy-list is-${r.decision}`}>{r.decision}</span>
                    </td>
                    <th scope="row">
                      {draft?.key === r.key ? (
                        <textarea
                          className="policy-rule-input"
                          aria-label={`Rule text (was ${r.label})`}
                          value={draft.text}
                          rows={Math.min(8, draft.text.split('\n').length)}
                          spellCheck={false}
                          autoFocus
                          onChange={(e) => setDraft({ ...draft, text: e.target.value })}
                          onKeyDown={(e) => {
                            if (e.key === 'Escape') cancelEdit();
                            else if (e.key === 'Enter' && (e.metaKey || e.ctrlKey)) applyEdit();
                          }}
                        />
                      ) : (
                        <button type="button" className="policy-rule-button" aria-pressed={selected === i} onClick={() => choose(i)}>
                          <code>
                            <NodeName name={r.label} />
                          </code>
                        </button>
                      )}
                      <span className="policy-where">{r.where}</span>
                    </th>
                    {r.cells.map((c, j) => (
                      <td key={j} className={p.columns[j]?.num ? 'num' : undefined}>
                        {typeof c === 'number' ? c.toLocaleString('en') : c}
                      </td>
                    ))}
                    <td className="policy-row-actions">
                      <IconButton
                        size="sm"
                        icon="edit"
                        label={`Edit rule ${r.label}`}
                        title="Edit: see what changes"
                        onClick={() => {
                          setWhatIf(undefined);
                          setDraft({ rule: i, key: r.key, text: r.text });
                        }}
                      />
                    </td>
                  </tr>
                ))}
                <tr className={`policy-rule-row${selected === null ? ' is-selected' : ''}`}>
                  <td />
                  <th scope="row">
                    <button type="button" className="policy-rule-button" aria-pressed={selected === null} onClick={() => choose(null)}>
                      {p.unruledLabel}
                    </button>
                  </th>
                  {p.columns.map((c, j) => (
                    <td key={c.label} className={c.num ? 'num' : undefined}>
                      {j === 0 ? p.unruled.length.toLocaleString('en') : null}
                    </td>
                  ))}
                  <td />
                </tr>
              </tbody>
            </table>
          </div>
        </section>
        {detail}
      </div>
    </section>
  );
}
