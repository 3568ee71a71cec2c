/**
 * The rules table of every dialect's Policy view (`RuleReportView`): a row per rule — its decision,
 * its pattern (the button that lists its calls, or the box its edit is typed in), where it is, the
 * dialect's cells and its Edit button — and a last row for the calls no rule decided.
 *
 * The table fits its pane: its layout is fixed, the fixed columns are as narrow as their contents
 * allow, the pattern column takes the room they leave and wraps at its separators (a long pattern
 * is clamped, its whole text in its title), so the Edit column is always in sight.
 */
import type { CSSProperties, KeyboardEvent } from 'react';
import { IconButton } from '../components/ui/Button.tsx';
import type { ReportRule } from './RuleReportView.tsx';
import { RuleText } from './RuleText.tsx';

/** A column after the rule: its header, and its width in the fixed layout (`76px`; a number: 64px, room for its header). */
export interface RuleColumn {
  label: string;
  num?: boolean;
  /** The column the calls-no-rule-decided row counts in (default: the first). */
  total?: boolean;
  width?: string;
  /** Left out when the pane is narrow (the rule's place line says it too), so the rule keeps room. */
  optional?: boolean;
}

/** A column's cell classes: `num` for numbers, `policy-col-optional` for one a narrow pane leaves out. */
const cellClass = (c: RuleColumn | undefined): string | undefined => [c?.num ? 'num' : '', c?.optional ? 'policy-col-optional' : ''].filter(Boolean).join(' ') || undefined;

export interface RulesTableProps {
  id: string;
  rules: readonly ReportRule[];
  columns: readonly RuleColumn[];
  unruledLabel: string;
  unruledCount: number;
  /** The row chosen (`null`: the no-rule row). */
  selected: number | null | undefined;
  /** The rule being edited (its key) and its text as typed. */
  draft: { key: string; text: string } | undefined;
  /** One-line rules (Claude Code's strings): the edit is typed in a one-line box, Enter applies. */
  singleLine: boolean;
  onChoose(row: number | null): void;
  onEdit(row: number): void;
  onDraft(text: string): void;
  onApply(): void;
  onCancel(): void;
}

const col = (width: string | undefined): CSSProperties | undefined => (width ? { width } : undefined);

export function RulesTable(p: RulesTableProps) {
  const { draft } = p;
  const totalAt = Math.max(0, p.columns.findIndex((c) => c.total));
  const keys = (e: KeyboardEvent) => {
    if (e.key === 'Escape') p.onCancel();
    else if (e.key === 'Enter' && (p.singleLine || e.metaKey || e.ctrlKey)) {
      e.preventDefault();
      p.onApply();
    }
  };
  return (
    <div className="policy-scroll">
      <table className="corpus-table policy-rules" aria-labelledby={`${p.id}-rules-title`}>
        <colgroup>
          <col className="policy-col-decision" />
          <col />
          {p.columns.map((c) => (
            <col key={c.label} className={c.optional ? 'policy-col-optional' : undefined} style={col(c.width ?? (c.num ? '64px' : undefined))} />
          ))}
          <col className="policy-col-actions" />
        </colgroup>
        <thead>
          <tr>
            <th scope="col">Decision</th>
            <th scope="col">Rule</th>
            {p.columns.map((c) => (
              <th key={c.label} scope="col" className={cellClass(c)} title={c.label}>
                {c.label}
              </th>
            ))}
            <th scope="col" className="policy-row-actions">
              <span className="visually-hidden">Edit</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {p.rules.map((r, i) => {
            const editing = draft?.key === r.key;
            return (
              <tr key={r.key} className={`policy-rule-row${p.selected === i ? ' is-selected' : ''}${editing ? ' is-editing' : ''}`}>
                <td>
                  <span className={`policy-list is-${r.decision}`}>{r.decision}</span>
                </td>
                <th scope="row">
                  {draft && editing ? (
                    p.singleLine ? (
                      <input className="policy-rule-input" aria-label={`Rule text (was ${r.label})`} value={draft.text} spellCheck={false} autoFocus onChange={(e) => p.onDraft(e.target.value)} onKeyDown={keys} />
                    ) : (
                      <textarea
                        className="policy-rule-input"
                        aria-label={`Rule text (was ${r.label})`}
                        value={draft.text}
                        rows={Math.min(8, draft.text.split('\n').length)}
                        spellCheck={false}
                        autoFocus
                        onChange={(e) => p.onDraft(e.target.value)}
                        onKeyDown={keys}
                      />
                    )
                  ) : (
                    <button type="button" className="policy-rule-button" aria-pressed={p.selected === i} title={r.label} onClick={() => p.onChoose(i)}>
                      <code>
                        <RuleText text={r.label} />
                      </code>
                    </button>
                  )}
                  <span className="policy-where" title={r.where}>
                    {r.where}
                  </span>
                </th>
                {r.cells.map((c, j) => (
                  <td key={j} className={cellClass(p.columns[j])}>
                    {typeof c === 'number' ? c.toLocaleString('en') : c}
                  </td>
                ))}
                <td className="policy-row-actions">
                  <IconButton size="sm" icon="edit" label={`Edit rule ${r.label}`} title="Edit: see what changes" onClick={() => p.onEdit(i)} />
                </td>
              </tr>
            );
          })}
          <tr className={`policy-rule-row${p.selected === null ? ' is-selected' : ''}`}>
            <td />
            <th scope="row">
              <button type="button" className="policy-rule-button" aria-pressed={p.selected === null} onClick={() => p.onChoose(null)}>
                {p.unruledLabel}
              </button>
            </th>
            {p.columns.map((c, j) => (
              <td key={c.label} className={cellClass(c)}>
                {j === totalAt ? p.unruledCount.toLocaleString('en') : null}
              </td>
            ))}
            <td className="policy-row-actions" />
          </tr>
        </tbody>
      </table>
    </div>
  );
}
