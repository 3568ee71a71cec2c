/**
 * The what-if panel of a rule being edited, in every dialect's Policy view: the rule and its edit,
 * then — once the dialect has decided the calls again — how many decisions change, what else the
 * dialect shows (`children`: totals after), and the list of changes; Cancel and Apply edit.
 */
import type { ReactNode } from 'react';
import { CodeText } from '../components/ui/CodeText.tsx';
import { Button } from '../components/ui/Button.tsx';
import { ChangeList, type ChangeItem } from './ChangeList.tsx';
import { count } from './policyText.ts';

export function WhatIfFrame({
  id,
  summary,
  unchanged,
  answered,
  refused,
  changes,
  calls,
  updating,
  applyDisabled,
  onApply,
  onCancel,
  children,
}: {
  /** Prefix of its ids (`policy` → `policy-whatif-title`, `policy-whatif-count`). */
  id: string;
  summary: ReactNode;
  unchanged: boolean;
  /** False while the calls are decided again (the first time). */
  answered: boolean;
  /** Why the dialect refuses the edited rules, if it does. */
  refused?: string | undefined;
  changes: readonly ChangeItem[];
  calls: number;
  /** A newer answer is on its way. */
  updating: boolean;
  applyDisabled: boolean;
  onApply: () => void;
  onCancel: () => void;
  children?: ReactNode;
}) {
  return (
    <section className="corpus-section policy-panel" aria-labelledby={`${id}-whatif-title`}>
      <div className="policy-panel-head">
        <h3 id={`${id}-whatif-title`}>What if</h3>
        <span className="policy-edit-summary">{summary}</span>
      </div>
      {unchanged ? (
        <p className="corpus-muted">Change the rule’s text to see which decisions change.</p>
      ) : !answered ? (
        <p className="corpus-muted">Deciding the calls again…</p>
      ) : refused !== undefined ? (
        <p className="corpus-error" role="alert">
          <CodeText text={refused} />
        </p>
      ) : (
        <>
          <p className="policy-whatif-count" aria-live="polite" data-testid={`${id}-whatif-count`}>
            {changes.length === 0 ? `No decision of the ${count(calls, 'call')} changes.` : `${count(changes.length, 'decision')} of ${count(calls, 'call')} change${changes.length === 1 ? 's' : ''}.`}
            {updating && <span className="corpus-muted"> Updating…</span>}
          </p>
          {changes.length > 0 && children}
          <ChangeList changes={changes} />
        </>
      )}
      <div className="policy-actions">
        <Button size="sm" label="Cancel" onClick={onCancel} />
        <Button size="sm" variant="primary" label="Apply edit" disabled={applyDisabled} onClick={onApply} />
      </div>
    </section>
  );
}
