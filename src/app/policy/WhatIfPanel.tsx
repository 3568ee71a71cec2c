/**
 * The what-if of a rule being edited in the Policy view (issue 23): every call of the loaded
 * sessions whose decision (or deciding rule) the edit changes — before → after, with the rule that
 * decided it each way — and the totals after. Computed in the policy worker with the core's `whatIf`.
 */
import type { PermissionDecision, RuleSource } from '../../core/permissions/claude/types.ts';
import type { PolicyAnswer, WhatIfAnswer } from '../../worker/policyService.ts';
import { totalsAfter } from '../../core/permissions/claude/policyReport.ts';
import { Button } from '../components/ui/Button.tsx';
import { callText, count } from './policyText.ts';

const SHOWN = 300;

export function WhatIfPanel({
  rule,
  draft,
  answer,
  whatIf,
  pending,
  onApply,
  onCancel,
}: {
  rule: RuleSource;
  draft: string;
  answer: PolicyAnswer;
  whatIf: WhatIfAnswer | undefined;
  pending: boolean;
  onApply: () => void;
  onCancel: () => void;
}) {
  const unchanged = draft.trim() === rule.text;
  const after = whatIf ? totalsAfter(answer.report.totals, whatIf.changes) : undefined;
  return (
    <section className="corpus-section policy-panel" aria-labelledby="policy-whatif-title">
      <div className="policy-panel-head">
        <h3 id="policy-whatif-title">What if</h3>
        <span className="policy-edit-summary">
          <code>{rule.text}</code> <span aria-hidden="true">→</span>
          <span className="visually-hidden">becomes</span> <code>{draft.trim() || '(empty)'}</code>
        </span>
      </div>
      {unchanged ? (
        <p className="corpus-muted">Change the rule’s text to see which decisions change.</p>
      ) : !whatIf ? (
        <p className="corpus-muted">Deciding the calls again…</p>
      ) : (
        <>
          <p className="policy-whatif-count" aria-live="polite" data-testid="policy-whatif-count">
            {whatIf.changes.length === 0
              ? `No decision of the ${count(whatIf.calls, 'call')} changes.`
              : `${count(whatIf.changes.length, 'decision')} of ${count(whatIf.calls, 'call')} change${whatIf.changes.length === 1 ? 's' : ''}.`}
            {pending && <span className="corpus-muted"> Updating…</span>}
          </p>
          {after && whatIf.changes.length > 0 && (
            <dl className="policy-delta" aria-label="Totals after the edit">
              {(['allow', 'ask', 'deny'] as PermissionDecision[]).map((d) => (
                <div key={d} className={after[d] === answer.report.totals[d] ? 'is-same' : ''}>
                  <dt>{d === 'allow' ? 'Allowed' : d === 'ask' ? 'Asked' : 'Denied'}</dt>
                  <dd>
                    {answer.report.totals[d]} → <strong>{after[d]}</strong>
                  </dd>
                </div>
              ))}
            </dl>
          )}
          {whatIf.changes.length > 0 && (
            <ul className="policy-changes" aria-label="Decisions that change" tabIndex={0}>
              {whatIf.changes.slice(0, SHOWN).map((c) => {
                const call = answer.calls[c.index];
                return (
                  <li key={c.index}>
                    <span className="policy-change-line">
                      <span className="policy-change-verdict">
                        <span className={`policy-list is-${c.before.decision}`}>
                          {c.before.decision}
                        </span>
                        <span aria-hidden="true">→</span>
                        <span className="visually-hidden">becomes</span>
                        <span className={`policy-list is-${c.after.decision}`}>
                          {c.after.decision}
                        </span>
                      </span>
                      <code title={call ? callText(call) : c.call.name}>
                        {call ? callText(call) : c.call.name}
                      </code>
                    </span>
                    <span className="policy-where">
                      {c.before.rule?.text ?? 'no rule'} → {c.after.rule?.text ?? 'no rule'}
                      {call ? ` · ${call.session} · call ${call.index + 1}` : ''}
                    </span>
                  </li>
                );
              })}
              {whatIf.changes.length > SHOWN && (
                <li className="corpus-muted">
                  and {count(whatIf.changes.length - SHOWN, 'more change')}
                </li>
              )}
            </ul>
          )}
        </>
      )}
      <div className="policy-actions">
        <Button size="sm" label="Cancel" onClick={onCancel} />
        <Button
          size="sm"
          variant="primary"
          label="Apply edit"
          disabled={unchanged || draft.trim() === ''}
          onClick={onApply}
        />
      </div>
    </section>
  );
}
