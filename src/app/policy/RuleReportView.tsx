/**
 * The Policy view of a dialect whose calls the core decides in place (Codex execpolicy, Gemini
 * CLI policies; `dialects.ts`): its rules in the dialect's order with the calls of the loaded
 * sessions each matched or decided, the totals per decision; a rule opens its calls, a call shows
 * its decision and why (`why`, the dialect's own words). What-if: a rule's Edit button makes its
 * source text editable; the panel lists each decision the edit changes (`whatIf`); Apply replaces
 * only that rule's text (`apply`: one `setText`, one undo step). A dialect gives the figures and
 * the words; this component — one rules table (`RulesTable`), one call list, one what-if — is the
 * same for each (Claude Code's adds its Learn panel through `aside` and `onRowAction`).
 */
import { useEffect, useState, type ReactNode } from 'react';
import { CodeText } from '../components/ui/CodeText.tsx';
import type { ChangeItem } from './ChangeList.tsx';
import { WhatIfFrame } from './WhatIfFrame.tsx';
import { RulesTable, type RuleColumn } from './RulesTable.tsx';
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
  /** Its number as everywhere else (Gemini: its `[[rule]]` table in the file), when not its row. */
  number?: number;
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
  columns: RuleColumn[];
  /** `matched` or `decided`: what a rule's calls are. */
  callsVerb: string;
  /** The load error the dialect refuses the files with, if any. */
  refusal?: string;
  /** Shows the refusal's Problem in its file's source (a button beside the refusal), when the file is open here. */
  showRefusal?: () => void;
  noSessions: ReactNode;
  skipped: { name: string; reason: string }[];
  /** How the unread sessions are introduced (default `Sessions not read`). */
  skippedLabel?: string;
  why: (call: number) => ReactNode;
  /** Asked (off the main thread) once typing rests; the last answer stays shown meanwhile. */
  whatIf: (rule: number, text: string) => Promise<WhatIfResult>;
  apply: (rule: number, text: string) => void;
  /** Buttons in the head (Translate to…). */
  actions?: ReactNode;
  /** A panel that takes the detail's place while open (Translate, Learn); opening it ends an edit. */
  aside?: ReactNode;
  /** Called when a rule is chosen or its edit begins (the dialect closes its own `aside` panel). */
  onRowAction?: () => void;
  /** One-line rules (Claude Code's strings): edited in a one-line box (Enter applies), shown old → new. */
  singleLine?: boolean;
  /** The what-if shows the totals after the edit (the dialect's totals count calls by decision alone). */
  totalsAfter?: boolean;
  /** "Would this be allowed?": one call typed and decided (`TryCall`), under the head. */
  tryCall?: ReactNode;
}

/** The totals once `changes` are made (a change's missing decision counts as `none`). */
export function totalsAfterChanges(totals: Readonly<Record<string, number>>, changes: WhatIfResult['changes']): Record<string, number> {
  const after = { ...totals };
  for (const c of changes) {
    const before = c.before ?? 'none';
    const now = c.after ?? 'none';
    after[before] = (after[before] ?? 0) - 1;
    after[now] = (after[now] ?? 0) + 1;
  }
  return after;
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
  // An aside panel opening (Translate, Learn) ends the edit: its Apply would be out of sight.
  const [asideOpen, setAsideOpen] = useState(p.aside !== undefined);
  if (asideOpen !== (p.aside !== undefined)) {
    setAsideOpen(p.aside !== undefined);
    if (p.aside !== undefined) {
      setDraft(undefined);
      setWhatIf(undefined);
    }
  }
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
    p.onRowAction?.();
  };
  const startEdit = (i: number) => {
    const r = p.rules[i];
    if (!r) return;
    setWhatIf(undefined);
    setDraft({ rule: i, key: r.key, text: r.text });
    p.onRowAction?.();
  };
  const applyEdit = () => {
    if (!draft || draft.text.trim() === '') return;
    p.apply(draft.rule, draft.text.trim());
    cancelEdit();
  };

  const detail =
    p.aside ??
    (draft && draftRule ? (
      <RuleWhatIf p={p} draft={draft} rule={draftRule} whatIf={whatIf} onApply={applyEdit} onCancel={cancelEdit} />
    ) : (
      <CallsPanel p={p} selected={selected} why={why} onWhy={setWhy} />
    ));

  return (
    <section className="corpus-view policy-view" aria-label="Policy">
      <div className="corpus-head">
        <h2>Policy · {p.name}</h2>
        <span className="corpus-status">{p.status}</span>
        {p.actions ? <span className="policy-head-actions">{p.actions}</span> : null}
      </div>
      {p.tryCall}
      {p.refusal && (
        <p className="corpus-error" role="alert">
          {p.name} refuses these rules, so no call is decided: <CodeText text={p.refusal} />
          {/[.!?]$/.test(p.refusal) ? '' : '.'}
          {p.showRefusal ? (
            <>
              {' '}
              <button type="button" className="btn btn-link" onClick={p.showRefusal}>
                Show the problem
              </button>
            </>
          ) : null}
        </p>
      )}
      {/* Refused rules decide no call: the sessions may well be loaded. */}
      {p.calls.length === 0 && p.skipped.length === 0 && !p.refusal && <p className="corpus-muted">{p.noSessions}</p>}
      <dl className={`corpus-totals ${p.id}-totals`} aria-label="Decisions">
        {p.decisions.map((d) => (
          <div key={d.key} className={`corpus-total${d.tone && (p.totals[d.key] ?? 0) > 0 ? ` is-${d.tone}` : ''}`} data-testid={`${p.id}-total-${d.key}`}>
            <dt>{d.label}</dt>
            <dd>{(p.totals[d.key] ?? 0).toLocaleString('en')}</dd>
          </div>
        ))}
      </dl>
      {p.skipped.length > 0 && (
        <p className="corpus-skipped">
          {p.skippedLabel ?? 'Sessions not read'}: <CodeText text={`${p.skipped.map((s) => `${s.name} (${s.reason})`).join('; ')}.`} />
        </p>
      )}
      <div className="corpus-tables policy-body">
        <section className="corpus-section policy-panel" aria-labelledby={`${p.id}-rules-title`}>
          <h3 id={`${p.id}-rules-title`}>{p.rulesTitle}</h3>
          <RulesTable
            id={p.id}
            rules={p.rules}
            columns={p.columns}
            unruledLabel={p.unruledLabel}
            unruledCount={p.unruled.length}
            selected={selected}
            draft={draft}
            singleLine={p.singleLine === true}
            onChoose={choose}
            onEdit={startEdit}
            onDraft={(text) => draft && setDraft({ ...draft, text })}
            onApply={applyEdit}
            onCancel={cancelEdit}
          />
        </section>
        {detail}
      </div>
    </section>
  );
}

/** The what-if of the rule being edited: the decisions its edit changes (and the totals after). */
function RuleWhatIf({
  p,
  draft,
  rule,
  whatIf,
  onApply,
  onCancel,
}: {
  p: RuleReportProps;
  draft: { rule: number; text: string };
  rule: ReportRule;
  whatIf: (WhatIfResult & { text: string }) | undefined;
  onApply: () => void;
  onCancel: () => void;
}) {
  const text = draft.text.trim();
  const unchanged = text === rule.text;
  const changes: ChangeItem[] = (whatIf?.changes ?? []).map((c) => {
    const call = p.calls[c.call];
    return { key: c.call, before: c.before ?? 'no rule', after: c.after ?? 'no rule', text: call?.text ?? '', where: `${c.note ? `${c.note} · ` : ''}${call?.where ?? ''}` };
  });
  const after = p.totalsAfter && whatIf && whatIf.refused === undefined ? totalsAfterChanges(p.totals, whatIf.changes) : undefined;
  return (
    <WhatIfFrame
      id={p.id}
      summary={
        p.singleLine && !unchanged ? (
          <>
            <code>{rule.text}</code> <span aria-hidden="true">→</span>
            <span className="visually-hidden">becomes</span> <code>{text || '(empty)'}</code>
          </>
        ) : p.singleLine ? (
          // Before any edit the rule is said once (review15: "Read(./a) → Read(./a)").
          <code>{rule.text}</code>
        ) : (
          <>
            rule {rule.number ?? draft.rule + 1} · <code>{rule.label}</code>
          </>
        )
      }
      unchanged={unchanged}
      answered={whatIf !== undefined}
      refused={whatIf?.refused === undefined ? undefined : `${p.name} would refuse the edited rules: ${whatIf.refused}`}
      changes={changes}
      calls={p.calls.length}
      updating={whatIf !== undefined && whatIf.text !== text}
      applyDisabled={unchanged || text === '' || whatIf?.refused !== undefined}
      onApply={onApply}
      onCancel={onCancel}
    >
      {after && (
        <dl className="policy-delta" aria-label="Totals after the edit">
          {p.decisions.map((d) => (
            <div key={d.key} className={after[d.key] === p.totals[d.key] ? 'is-same' : ''}>
              <dt>{d.label}</dt>
              <dd>
                {p.totals[d.key] ?? 0} → <strong>{after[d.key] ?? 0}</strong>
              </dd>
            </div>
          ))}
        </dl>
      )}
    </WhatIfFrame>
  );
}

/** The calls of the chosen rule (or of no rule), and a chosen call's why. */
function CallsPanel({ p, selected, why, onWhy }: { p: RuleReportProps; selected: number | null | undefined; why: number | undefined; onWhy: (call: number) => void }) {
  const shown = selected === undefined ? [] : selected === null ? p.unruled : (p.rules[selected]?.calls ?? []);
  const label = selected === null ? 'no rule' : selected === undefined ? '' : (p.rules[selected]?.label ?? '');
  return (
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
                <button type="button" className="policy-call" aria-pressed={why === i} onClick={() => onWhy(i)}>
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
  );
}
