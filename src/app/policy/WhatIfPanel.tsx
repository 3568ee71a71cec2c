/**
 * The what-if of a rule being edited in the Claude Code Policy view (issue 23): every call of the
 * loaded sessions whose decision (or deciding rule) the edit changes — before → after, with the
 * rule that decided it each way — and the totals after. Computed in the policy worker with the
 * core's `whatIf`; shown in the panel every dialect shares (`WhatIfFrame`).
 */
import type { PermissionDecision, RuleSource } from '../../core/permissions/claude/types.ts';
import type { PolicyAnswer, WhatIfAnswer } from '../../worker/policyService.ts';
import { totalsAfter } from '../../core/permissions/claude/policyReport.ts';
import { callText } from './policyText.ts';
import { WhatIfFrame } from './WhatIfFrame.tsx';

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
    <WhatIfFrame
      id="policy"
      summary={
        <>
          <code>{rule.text}</code> <span aria-hidden="true">→</span>
          <span className="visually-hidden">becomes</span> <code>{draft.trim() || '(empty)'}</code>
        </>
      }
      unchanged={unchanged}
      answered={whatIf !== undefined}
      calls={whatIf?.calls ?? 0}
      updating={pending}
      changes={(whatIf?.changes ?? []).map((c) => {
        const call = answer.calls[c.index];
        return {
          key: c.index,
          before: c.before.decision,
          after: c.after.decision,
          text: call ? callText(call) : c.call.name,
          where: `${c.before.rule?.text ?? 'no rule'} → ${c.after.rule?.text ?? 'no rule'}${call ? ` · ${call.session} · call ${call.index + 1}` : ''}`,
        };
      })}
      applyDisabled={unchanged || draft.trim() === ''}
      onApply={onApply}
      onCancel={onCancel}
    >
      {after && (
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
    </WhatIfFrame>
  );
}
