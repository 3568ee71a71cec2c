/**
 * The Policy view for Codex execpolicy (issue 24): the project's `.rules` files, each
 * `prefix_rule` in load order with the calls of the loaded sessions (Codex rollout logs or
 * command scripts) it matched and decided; the allow / prompt / forbidden / no-rule totals; a rule
 * opens its calls, a call shows its decision, every rule that matched it (Codex: the strictest
 * decision wins) and what the log recorded. What-if: a rule's Edit button makes its source text
 * editable; the panel lists each decision the edit changes; Apply replaces only that rule's text
 * (`setText`, one undo step). The core's `codexPolicyReport` / `codexWhatIf`, through the codecs.
 */
import { useEffect, useMemo, useState } from 'react';
import type { CodexDecision } from '../../core/permissions/codex/policy.ts';
import type { CodexCallRow, CodexDecisionChange, CodexRuleRow } from '../../core/permissions/codex/policyReport.ts';
import type { RuleDoc } from '../state/documents.ts';
import { useStudio, useStudioStore } from '../state/context.tsx';
import { codecs } from '../state/codecs.ts';
import { CodeText } from '../components/ui/CodeText.tsx';
import { Button, IconButton } from '../components/ui/Button.tsx';
import { count } from './policyText.ts';
import '../corpus/corpus.css';
import './policy.css';

const DECISIONS: (CodexDecision | 'none')[] = ['allow', 'prompt', 'forbidden', 'none'];
const TOTAL_LABEL: Record<CodexDecision | 'none', string> = { allow: 'Allowed', prompt: 'Prompted', forbidden: 'Forbidden', none: 'No rule' };
const RECORDED: Record<string, string> = { ran: 'the log says it ran', declined: 'the log says the user declined it', forbidden: 'the log says the policy forbade it', unknown: 'the log does not say what happened' };
const WHAT_IF_DEBOUNCE_MS = 120;

/** A call's command on one line. */
export function codexCallText(c: CodexCallRow): string {
  const line = c.call.argv.map((w) => (/^[\w@%+=:,./-]+$/.test(w) ? w : `'${w.replace(/'/g, `'\\''`)}'`)).join(' ');
  return line.length > 100 ? `${line.slice(0, 99)}…` : line;
}

const docOf = (docs: readonly RuleDoc[], path: string) => docs.find((d) => d.kind === 'agent' && d.agent.family === 'codex' && d.agent.codexRules?.some((f) => f.path === path));

export function CodexPolicyView() {
  const store = useStudioStore();
  const docs = useStudio((s) => s.project.docs);
  const traces = useStudio((s) => s.project.traces);
  const files = useMemo(() => docs.flatMap((d) => (d.kind === 'agent' && d.agent.family === 'codex' ? (d.agent.codexRules ?? []) : [])), [docs]);
  const sessions = useMemo(() => (traces ?? []).map((t) => ({ name: t.name, text: t.text })), [traces]);
  const report = useMemo(() => codecs().codexPolicyReport(files, sessions), [files, sessions]);
  const [selected, setSelected] = useState<number | null>();
  const [why, setWhy] = useState<number>();
  const [draft, setDraft] = useState<{ rule: CodexRuleRow; text: string }>();
  const [whatIf, setWhatIf] = useState<{ text: string; changes: CodexDecisionChange[]; refused: string | undefined }>();

  useEffect(() => {
    if (!draft || draft.text.trim() === draft.rule.text) return;
    const text = draft.text.trim();
    const timer = setTimeout(() => {
      const edited = files.map((f) => (f.path === draft.rule.file ? { ...f, text: f.text.slice(0, draft.rule.start) + text + f.text.slice(draft.rule.end) } : f));
      const r = codecs().codexWhatIf(files, edited, sessions);
      const first = r.diagnostics[0];
      setWhatIf({ text, changes: r.changes, refused: r.refused ? (first ? `${first.code} at ${first.range.start.line}:${first.range.start.column}: ${first.message}` : 'Codex refuses the edited rules') : undefined });
    }, WHAT_IF_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [draft, files, sessions]);

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
    const text = draft.text.trim();
    const doc = docOf(docs, draft.rule.file);
    const edited = doc && codecs().replaceCodexRuleAt(doc.text, draft.rule.line, draft.rule.col, text);
    if (!doc || edited === undefined) {
      store.getState().notify('error', `The rule at ${draft.rule.file}:${draft.rule.line}:${draft.rule.col} is no longer there: nothing was changed.`);
      return;
    }
    store.getState().setText(doc.id, edited);
    store.getState().notify('info', `Changed the rule at ${doc.fileName}:${draft.rule.line}. Undo restores it.`);
    cancelEdit();
  };

  const errors = report.diagnostics.filter((d) => d.severity === 'error' && files.some((f) => f.path === d.file));
  const shown = selected === undefined ? [] : selected === null ? report.calls.flatMap((c, i) => (c.decision === undefined ? [i] : [])) : (report.rules[selected]?.matched ?? []);
  const label = selected === null ? 'no rule' : selected === undefined ? '' : (report.rules[selected]?.pattern ?? '');
  const whyCall = why === undefined ? undefined : report.calls[why];
  const unchanged = draft !== undefined && draft.text.trim() === draft.rule.text;

  const detail = draft ? (
    <section className="corpus-section policy-panel" aria-labelledby="codex-whatif-title">
      <div className="policy-panel-head">
        <h3 id="codex-whatif-title">What if</h3>
        <span className="policy-edit-summary">
          rule {report.rules.indexOf(draft.rule) + 1} · <code>{draft.rule.pattern}</code>
        </span>
      </div>
      {unchanged ? (
        <p className="corpus-muted">Change the rule’s text to see which decisions change.</p>
      ) : !whatIf ? (
        <p className="corpus-muted">Deciding the calls again…</p>
      ) : whatIf.refused ? (
        <p className="corpus-error" role="alert">
          Codex would refuse the edited rules: <CodeText text={whatIf.refused} />
        </p>
      ) : (
        <>
          <p className="policy-whatif-count" aria-live="polite" data-testid="codex-whatif-count">
            {whatIf.changes.length === 0 ? `No decision of the ${count(report.calls.length, 'call')} changes.` : `${count(whatIf.changes.length, 'decision')} of ${count(report.calls.length, 'call')} change${whatIf.changes.length === 1 ? 's' : ''}.`}
            {whatIf.text !== draft.text.trim() && <span className="corpus-muted"> Updating…</span>}
          </p>
          {whatIf.changes.length > 0 && (
            <ul className="policy-changes" aria-label="Decisions that change" tabIndex={0}>
              {whatIf.changes.slice(0, 300).map((c) => {
                const call = report.calls[c.call];
                return (
                  <li key={c.call}>
                    <span className="policy-change-line">
                      <span className="policy-change-verdict">
                        <span className={`policy-list is-${c.before ?? 'none'}`}>{c.before ?? 'no rule'}</span>
                        <span aria-hidden="true">→</span>
                        <span className="visually-hidden">becomes</span>
                        <span className={`policy-list is-${c.after ?? 'none'}`}>{c.after ?? 'no rule'}</span>
                      </span>
                      <code>{call ? codexCallText(call) : ''}</code>
                    </span>
                    {call && (
                      <span className="policy-where">
                        {call.session}:{call.call.line}
                      </span>
                    )}
                  </li>
                );
              })}
            </ul>
          )}
        </>
      )}
      <div className="policy-actions">
        <Button size="sm" label="Cancel" onClick={cancelEdit} />
        <Button size="sm" variant="primary" label="Apply edit" disabled={unchanged || draft.text.trim() === '' || whatIf?.refused !== undefined} onClick={applyEdit} />
      </div>
    </section>
  ) : (
    <section className="corpus-section policy-panel" aria-labelledby="codex-calls-title">
      <h3 id="codex-calls-title">
        {selected === undefined ? (
          'Calls'
        ) : selected === null ? (
          'Calls no rule matched'
        ) : (
          <>
            Calls matched by <code>{label}</code>
          </>
        )}
      </h3>
      {selected === undefined ? (
        <p className="corpus-muted">Choose a rule to list the calls it matched.</p>
      ) : shown.length === 0 ? (
        <p className="corpus-muted">No call of the loaded sessions was matched by {label}.</p>
      ) : (
        <ul className="policy-calls" aria-label={`Calls matched by ${label}`}>
          {shown.slice(0, 500).map((i) => {
            const c = report.calls[i];
            if (!c) return null;
            return (
              <li key={i}>
                <button type="button" className="policy-call" aria-pressed={why === i} onClick={() => setWhy(i)}>
                  <span className={`policy-list is-${c.decision ?? 'none'}`}>{c.decision ?? 'no rule'}</span> <code>{codexCallText(c)}</code>
                  {c.agreement === 'differs' && <span className="policy-list is-forbidden"> differs from the log</span>}
                  <span className="policy-where">
                    {c.session}:{c.call.line} · {c.call.tool}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {whyCall && (
        <div className="policy-why" role="region" aria-label="Why">
          <p>
            <strong>{whyCall.decision ?? 'no rule'}</strong> —{' '}
            {whyCall.rules.length === 0 ? 'no rule matched: Codex’s approval policy decides (it prompts unless the command is known safe).' : whyCall.rules.length === 1 ? 'the one rule that matched:' : `the strictest of the ${whyCall.rules.length} rules that matched:`}
          </p>
          {whyCall.rules.length > 0 && (
            <ul className="insp-list" aria-label="Matched rules">
              {whyCall.rules.map((ri) => {
                const r = report.rules[ri];
                if (!r) return null;
                return (
                  <li key={ri}>
                    <span className={`policy-list is-${r.decision}`}>{r.decision}</span> <code>{r.pattern}</code>{' '}
                    <span className="corpus-muted">
                      rule {ri + 1} · {r.file}:{r.line}:{r.col}
                      {r.justification ? ` — ${r.justification}` : ''}
                    </span>
                  </li>
                );
              })}
            </ul>
          )}
          {whyCall.call.commands.length > 1 && <p className="corpus-muted">Checked as {count(whyCall.call.commands.length, 'command')}: {whyCall.call.commands.map((c) => c.join(' ')).join(' · ')}</p>}
          <p className={whyCall.agreement === 'differs' ? 'corpus-error' : 'corpus-muted'}>
            {whyCall.agreement === 'differs' ? `Differs from the log: ${whyCall.why ?? ''}.` : `${RECORDED[whyCall.call.recorded] ?? ''}${whyCall.call.exitCode !== undefined ? ` (exit code ${whyCall.call.exitCode})` : ''}.`}
          </p>
        </div>
      )}
    </section>
  );

  return (
    <section className="corpus-view policy-view" aria-label="Policy">
      <div className="corpus-head">
        <h2>Policy · Codex</h2>
        <span className="corpus-status">
          {count(files.length, 'rules file')} · {count(report.rules.length, 'rule')} · {count(report.calls.length, 'call')} in {count(sessions.length, 'session')}
        </span>
      </div>
      {errors.length > 0 && (
        <p className="corpus-error" role="alert">
          Codex refuses these rules: {errors[0]?.code} at {errors[0]?.file}:{errors[0]?.range.start.line}:{errors[0]?.range.start.column} — <CodeText text={errors[0]?.message ?? ''} />
        </p>
      )}
      {sessions.length === 0 && <p className="corpus-muted">No sessions loaded: import a Codex session log (~/.codex/sessions/…/rollout-*.jsonl) or a command script to count the calls each rule decides.</p>}
      <dl className="corpus-totals codex-totals" aria-label="Decisions">
        {DECISIONS.map((d) => (
          <div key={d} className={`corpus-total${d === 'forbidden' && report.totals.forbidden > 0 ? ' is-error' : d === 'prompt' && report.totals.prompt > 0 ? ' is-warning' : ''}`} data-testid={`codex-total-${d}`}>
            <dt>{TOTAL_LABEL[d]}</dt>
            <dd>{report.totals[d].toLocaleString('en')}</dd>
          </div>
        ))}
      </dl>
      {report.skipped.length > 0 && <p className="corpus-skipped">Sessions not read: {report.skipped.map((s) => `${s.name} (${s.reason})`).join('; ')}.</p>}
      <div className="corpus-tables policy-body">
        <section className="corpus-section policy-panel" aria-labelledby="codex-rules-title">
          <h3 id="codex-rules-title">Rules in load order</h3>
          <div className="policy-scroll">
            <table className="corpus-table" aria-labelledby="codex-rules-title">
              <thead>
                <tr>
                  <th scope="col">Decision</th>
                  <th scope="col">Rule</th>
                  <th scope="col" className="num">
                    Matched
                  </th>
                  <th scope="col" className="num">
                    Decided
                  </th>
                  <th scope="col">
                    <span className="visually-hidden">Edit</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {report.rules.map((r, i) => (
                  <tr key={`${r.file}:${r.start}`} className={`policy-rule-row${selected === i ? ' is-selected' : ''}${draft?.rule === r ? ' is-editing' : ''}`}>
                    <td>
                      <span className={`policy-list is-${r.decision}`}>{r.decision}</span>
                    </td>
                    <th scope="row">
                      {draft?.rule.file === r.file && draft.rule.start === r.start ? (
                        <textarea
                          className="policy-rule-input"
                          aria-label={`Rule text (was ${r.pattern})`}
                          value={draft.text}
                          rows={Math.min(8, draft.text.split('\n').length)}
                          spellCheck={false}
                          autoFocus
                          onChange={(e) => setDraft({ rule: draft.rule, text: e.target.value })}
                          onKeyDown={(e) => {
                            if (e.key === 'Escape') cancelEdit();
                            else if (e.key === 'Enter' && (e.metaKey || e.ctrlKey)) applyEdit();
                          }}
                        />
                      ) : (
                        <button type="button" className="policy-rule-button" aria-pressed={selected === i} onClick={() => choose(i)}>
                          <code>{r.pattern}</code>
                        </button>
                      )}
                      <span className="policy-where">
                        {r.file}:{r.line}:{r.col}
                        {r.justification ? ` · ${r.justification}` : ''}
                      </span>
                    </th>
                    <td className="num">{r.matched.length.toLocaleString('en')}</td>
                    <td className="num">{r.decided.length.toLocaleString('en')}</td>
                    <td className="policy-row-actions">
                      <IconButton
                        size="sm"
                        icon="edit"
                        label={`Edit rule ${r.pattern}`}
                        title="Edit: see what changes"
                        onClick={() => {
                          setWhatIf(undefined);
                          setDraft({ rule: r, text: r.text });
                        }}
                      />
                    </td>
                  </tr>
                ))}
                <tr className={`policy-rule-row${selected === null ? ' is-selected' : ''}`}>
                  <td />
                  <th scope="row">
                    <button type="button" className="policy-rule-button" aria-pressed={selected === null} onClick={() => choose(null)}>
                      No rule (Codex’s approval policy)
                    </button>
                  </th>
                  <td className="num">{report.totals.none.toLocaleString('en')}</td>
                  <td />
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
