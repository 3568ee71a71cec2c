/**
 * Learn in the Policy view (issue 23): the least-privilege allow list the core's `learnAllowList`
 * proposes from the loaded sessions' prompted calls — each rule with the calls it covers and its
 * risk class — and the diff it makes to the settings file; Apply makes that edit (one undo step).
 */
import { useMemo } from 'react';
import { lineDiff, withContext } from '../../core/text/lineDiff.ts';
import type { LearnAnswer } from '../../worker/policyService.ts';
import { Button } from '../components/ui/Button.tsx';
import { count } from './policyText.ts';
import '../convert/convert.css';

const RISK_CLASS: Record<string, string> = {
  'read-only': 'is-allow',
  'local write': 'is-ask',
  network: 'is-ask',
  'runs arbitrary code': 'is-deny',
};

export function LearnPanel({
  learn,
  onApply,
  onClose,
}: {
  learn: LearnAnswer | undefined;
  onApply: () => void;
  onClose: () => void;
}) {
  const diff = useMemo(
    () => (learn?.target ? withContext(lineDiff(learn.target.before, learn.target.after)) : []),
    [learn],
  );
  const l = learn?.learned;
  const kept = l
    ? [
        l.denied > 0 ? `${l.denied} denied` : '',
        l.askedByRule > 0 ? `${l.askedByRule} asked for by your ask rules` : '',
      ]
        .filter(Boolean)
        .join(', ')
    : '';
  const fileName = learn?.target?.path.split('/').pop() ?? 'the settings';
  return (
    <section className="corpus-section policy-panel" aria-labelledby="policy-learn-title">
      <div className="policy-panel-head">
        <h3 id="policy-learn-title">Learned allow list</h3>
      </div>
      {!l ? (
        <p className="corpus-muted">Learning from the sessions…</p>
      ) : (
        <div className="policy-panel-scroll">
          <p className="policy-whatif-count" data-testid="policy-learn-summary">
            {l.prompted === 0
              ? 'No call prompted without a rule: nothing to add.'
              : `${count(l.prompted, 'call')} prompted; the proposed rules allow ${l.covered}.`}
            {kept && <span className="corpus-muted"> {kept}: never learned from.</span>}
          </p>
          {l.proposals.length > 0 && (
            <table className="corpus-table policy-proposals" aria-label="Proposed rules">
              <thead>
                <tr>
                  <th scope="col">Rule</th>
                  <th scope="col" className="num">
                    Calls
                  </th>
                </tr>
              </thead>
              <tbody>
                {l.proposals.map((p) => (
                  <tr key={p.rule}>
                    <th scope="row">
                      <code>{p.rule}</code>
                      <span className="policy-where policy-proposal-meta">
                        <span className={`policy-risk ${RISK_CLASS[p.risk] ?? ''}`}>{p.risk}</span>
                        <span className="policy-example" title={p.examples.join('\n')}>
                          e.g. {p.examples[0] ?? ''}
                        </span>
                      </span>
                    </th>
                    <td className="num">{p.calls}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {learn.target && learn.target.before !== learn.target.after && (
            <div
              className="convert-diff policy-diff"
              role="region"
              aria-label={`Diff of ${fileName}`}
              tabIndex={0}
            >
              {diff.map((d, i) =>
                d === null ? (
                  <div key={i} className="diff-skip" aria-label="unchanged lines skipped">
                    ⋯
                  </div>
                ) : (
                  <div key={i} className={`diff-line diff-${d.kind}`}>
                    <span className="diff-num" aria-hidden="true">
                      {d.kind === 'added' ? d.newLine : d.oldLine}
                    </span>
                    <span className="diff-sign">
                      {d.kind === 'added' ? '+' : d.kind === 'removed' ? '−' : ' '}
                    </span>
                    <span className="visually-hidden">
                      {d.kind === 'added' ? 'added: ' : d.kind === 'removed' ? 'removed: ' : ''}
                    </span>
                    <code>{d.text}</code>
                  </div>
                ),
              )}
            </div>
          )}
          {l.proposals.length > 0 && !learn.target && (
            <p className="corpus-error">
              The settings file’s <code>permissions.allow</code> could not be edited in place.
            </p>
          )}
        </div>
      )}
      <div className="policy-actions">
        <Button size="sm" label="Close" onClick={onClose} />
        <Button
          size="sm"
          variant="primary"
          label={
            l && l.proposals.length > 0
              ? `Add ${count(l.proposals.length, 'rule')} to ${fileName}`
              : 'Apply'
          }
          disabled={!learn?.target || learn.target.before === learn.target.after}
          onClick={onApply}
        />
      </div>
    </section>
  );
}
