/**
 * The list of decisions that change, shared by every what-if of the Policy view (a rule's edit in
 * any dialect, a translation's diff): before → after, the call on one line, and where it is.
 */
import { count } from './policyText.ts';

/** One changed decision (the tones are `policy-list` classes: allow, ask, deny, prompt, …). */
export interface ChangeItem {
  key: string | number;
  before: string;
  after: string;
  text: string;
  where: string;
}

const SHOWN = 300;

export function ChangeList({ changes, label = 'Decisions that change' }: { changes: readonly ChangeItem[]; label?: string }) {
  if (changes.length === 0) return null;
  return (
    <ul className="policy-changes" aria-label={label} tabIndex={0}>
      {changes.slice(0, SHOWN).map((c) => (
        <li key={c.key}>
          <span className="policy-change-line">
            <span className="policy-change-verdict">
              <span className={`policy-list is-${c.before.replace(/ /g, '-')}`}>{c.before}</span>
              <span aria-hidden="true">→</span>
              <span className="visually-hidden">becomes</span>
              <span className={`policy-list is-${c.after.replace(/ /g, '-')}`}>{c.after}</span>
            </span>
            <code title={c.text}>{c.text}</code>
          </span>
          {c.where && <span className="policy-where">{c.where}</span>}
        </li>
      ))}
      {changes.length > SHOWN && <li className="corpus-muted">and {count(changes.length - SHOWN, 'more change')}</li>}
    </ul>
  );
}
