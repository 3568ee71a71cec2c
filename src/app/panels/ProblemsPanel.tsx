/**
 * The Problems region: validator findings of every document, active one first. Each entry is a
 * button (Tab reaches the list, arrow keys move between entries, Home/End jump); activating one
 * selects its element on the graph and reveals its range in the Source pane.
 */
import { useRef, type KeyboardEvent } from 'react';
import type { Diagnostic, Severity } from '../../core/diagnostics/types.ts';
import { useStudioStore } from '../state/context.tsx';
import type { RuleDoc } from '../state/documents.ts';
import { describeCounts, selectionForTarget } from './problemTarget.ts';
import { useProblems } from './useProblems.ts';
import './panels.css';

const ICON: Record<Severity, string> = { error: '⨯', warning: '⚠', info: 'ℹ' };

export function ProblemsPanel({ id, hidden, onReveal }: { id?: string; hidden?: boolean; onReveal?: () => void }) {
  const store = useStudioStore();
  const { groups, counts } = useProblems();
  const listRef = useRef<HTMLDivElement>(null);

  const activate = (doc: RuleDoc, d: Diagnostic) => {
    const s = store.getState();
    if (s.project.activeDocId !== doc.id) s.setActiveDoc(doc.id);
    store.getState().select(selectionForTarget(d.target));
    store.getState().revealRange(doc.id, d.range);
    onReveal?.();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const rows = Array.from(listRef.current?.querySelectorAll<HTMLButtonElement>('button.problem') ?? []);
    const at = rows.indexOf(document.activeElement as HTMLButtonElement);
    const to = e.key === 'ArrowDown' ? at + 1 : e.key === 'ArrowUp' ? at - 1 : e.key === 'Home' ? 0 : e.key === 'End' ? rows.length - 1 : null;
    if (to === null || rows.length === 0) return;
    e.preventDefault();
    rows[Math.max(0, Math.min(rows.length - 1, to))]?.focus();
  };

  const total = counts.error + counts.warning + counts.info;
  return (
    <section id={id} className="problems-panel" aria-label="Problems" hidden={hidden}>
      <header className="pane-header">
        <h2>Problems</h2>
        <span className="problem-counts" aria-live="polite">
          {describeCounts(counts)}
        </span>
      </header>
      {total === 0 ? (
        <p className="muted pane-empty">{groups.length === 0 ? 'No documents yet.' : 'No problems.'}</p>
      ) : (
        <div className="problem-groups" ref={listRef} onKeyDown={onKeyDown}>
          {groups
            .filter((g) => g.problems.length > 0)
            .map((g) => (
              <div key={g.doc.id} className="problem-group">
                <h3>
                  {g.doc.fileName}
                  {!g.textApplies && <span className="muted"> — the graph shows the last version that read cleanly</span>}
                </h3>
                <ul>
                  {g.problems.map((d, i) => (
                    <li key={`${d.code}-${d.range.start.line}-${d.range.start.column}-${i}`}>
                      <button type="button" className={`problem sev-${d.severity}`} onClick={() => activate(g.doc, d)}>
                        <span className="problem-sev">
                          <span aria-hidden="true">{ICON[d.severity]}</span> {d.severity}
                        </span>
                        <code className="problem-code">{d.code}</code>
                        <span className="problem-message">{d.message}</span>
                        <span className="problem-pos">
                          {d.range.start.line}:{d.range.start.column}
                        </span>
                      </button>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
        </div>
      )}
    </section>
  );
}
