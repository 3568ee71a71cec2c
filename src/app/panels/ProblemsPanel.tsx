/**
 * The Problems region: validator findings of every document, active one first. The list is
 * virtualised (a 30,000-rule file has thousands of findings): only the rows in view are in the
 * page, each list keeps its size and every entry its position for screen readers
 * (`aria-setsize`, `aria-posinset`). Each entry is a button; Tab reaches the list (one stop), the
 * arrow keys, Page Up/Down, Home and End move between entries, scrolling as needed. Activating
 * one selects its element on the graph and reveals its range in the Source pane.
 */
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { Diagnostic, Severity } from '../../core/diagnostics/types.ts';
import { useStudioStore } from '../state/context.tsx';
import { neverRead, type RuleDoc } from '../state/documents.ts';
import { describeCounts, selectionForTarget } from './problemTarget.ts';
import { useProblems, type DocProblems } from './useProblems.ts';
import { useVirtualRows } from './useVirtualRows.ts';
import { keyTarget } from './virtualRows.ts';
import { useStore } from 'zustand';
import type { VerifyDiagnostic } from '../../core/verify/explore.ts';
import { openCounterexample } from '../verify/openCounterexample.ts';
import { ensureVerifyWatching, verifyStore } from '../verify/verifyStore.ts';
import { useShowSimulator } from '../tests/useShowSimulator.ts';
import { Button } from '../components/ui/Button.tsx';
import './panels.css';
import { focusOnceShown } from '../components/focusOnceShown.ts';
import { CodeText } from '../components/ui/CodeText.tsx';
import { applyQuickFix } from './applyQuickFix.ts';

/** The Simulate timeline, where the focus goes after Show trace (the Problems panel goes away). */
const TIMELINE = '.sim-list[role="listbox"]';

const ICON: Record<Severity, string> = { error: '⨯', warning: '⚠', info: 'ℹ' };
/** A one-line row's height, for rows not yet measured. */
const ROW_ESTIMATE = 26;

/** The rows of the list: a heading per document with problems, then its problems. */
interface Layout {
  groups: DocProblems[];
  /** Row index of each group's heading. */
  headRow: number[];
  /** Problem index (over all groups) of each group's first problem. */
  firstProblem: number[];
  rows: number;
  problems: number;
}

function layoutOf(all: DocProblems[]): Layout {
  const groups = all.filter((g) => g.problems.length > 0);
  const headRow: number[] = [];
  const firstProblem: number[] = [];
  let rows = 0;
  let problems = 0;
  for (const g of groups) {
    headRow.push(rows);
    firstProblem.push(problems);
    rows += 1 + g.problems.length;
    problems += g.problems.length;
  }
  return { groups, headRow, firstProblem, rows, problems };
}

/** The row of problem `p` (over all groups). */
function rowOfProblem(l: Layout, p: number): number {
  let g = 0;
  while (g + 1 < l.groups.length && l.firstProblem[g + 1]! <= p) g++;
  return l.headRow[g]! + 1 + (p - l.firstProblem[g]!);
}

export function ProblemsPanel({ id, hidden, onReveal }: { id?: string; hidden?: boolean; onReveal?: () => void }) {
  const store = useStudioStore();
  const { groups, counts, pending } = useProblems();
  const layout = useMemo(() => layoutOf(groups), [groups]);
  const scroller = useRef<HTMLDivElement>(null);
  const virtual = useVirtualRows(layout.rows, ROW_ESTIMATE, scroller);
  /** The entry Tab lands on (roving tab stop), as a problem index over all groups. */
  const [current, setCurrent] = useState(0);
  const active = Math.min(current, Math.max(0, layout.problems - 1));
  const [focusRequest, setFocusRequest] = useState<{ problem: number; nonce: number }>();
  const showSimulator = useShowSimulator();
  useEffect(() => ensureVerifyWatching(store), [store]);
  const verifying = useStore(verifyStore(), (s) => s.running);
  const progress = useStore(verifyStore(), (s) => s.progress);
  const cancelledAfter = useStore(verifyStore(), (s) => s.cancelledAfter);
  const maxStates = useStore(verifyStore(), (s) => s.maxStates);

  useEffect(() => {
    if (!focusRequest) return;
    scroller.current?.querySelector<HTMLButtonElement>(`button[data-problem="${focusRequest.problem}"]`)?.focus({ preventScroll: true });
  }, [focusRequest]);

  const activate = (doc: RuleDoc, d: Diagnostic) => {
    const s = store.getState();
    if (s.project.activeDocId !== doc.id) s.setActiveDoc(doc.id);
    store.getState().select(selectionForTarget(d.target));
    store.getState().revealRange(doc.id, d.range);
    onReveal?.();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (!(e.target instanceof HTMLButtonElement) || e.target.dataset.problem === undefined) return;
    const to = keyTarget(e.key, Number(e.target.dataset.problem), layout.problems, virtual.pageRows);
    if (to === null) return;
    e.preventDefault();
    setCurrent(to);
    virtual.scrollToRow(rowOfProblem(layout, to));
    setFocusRequest((r) => ({ problem: to, nonce: (r?.nonce ?? 0) + 1 }));
  };

  const activeRow = layout.problems > 0 ? rowOfProblem(layout, active) : -1;
  const shown = (row: number) => (row >= virtual.start && row < virtual.end) || row === activeRow;
  const top = (row: number) => ({ top: virtual.offsets[row] });

  const total = counts.error + counts.warning + counts.info;
  return (
    <section id={id} className="problems-panel" aria-label="Problems" hidden={hidden}>
      <header className="pane-header">
        <h2>Problems</h2>
        <span className="problem-counts" aria-live="polite">
          {describeCounts(counts)}
        </span>
        {verifying && (
          <>
            <span className="muted verify-progress" role="status">
              {/* the count runs over every search; the limit is each search's (it read "732,958 of 50,000" with several agents) */}
              Verifying{progress ? ` · ${progress.states.toLocaleString('en-US')} states (limit ${maxStates.toLocaleString('en-US')} each agent or workflow)` : '…'}
            </span>
            <Button variant="ghost" className="verify-cancel" label="Cancel" title="Stop verifying (the next edit verifies again)" onClick={() => verifyStore().getState().cancel()} />
          </>
        )}
        {!verifying && cancelledAfter !== undefined && (
          <span className="muted verify-progress" role="status">
            Verification cancelled after {cancelledAfter.toLocaleString('en-US')} states
          </span>
        )}
      </header>
      {total === 0 ? (
        <p className="muted pane-empty" role="status">
          {groups.length === 0 ? 'No documents yet.' : pending ? 'Checking…' : verifying ? 'No problems so far; verifying…' : 'No problems.'}
        </p>
      ) : (
        <div className="problem-groups" ref={scroller} onKeyDown={onKeyDown}>
          <div className="problem-rows" style={{ height: virtual.offsets[layout.rows] }}>
            {layout.groups.map((g, gi) => {
              const head = layout.headRow[gi]!;
              const first = layout.firstProblem[gi]!;
              const items: React.ReactNode[] = [];
              for (let i = 0; i < g.problems.length; i++) {
                const row = head + 1 + i;
                if (!shown(row)) continue;
                const d = g.problems[i]!;
                const p = first + i;
                const trace = (d as VerifyDiagnostic).trace;
                items.push(
                  <li key={i} ref={virtual.measure(row)} style={top(row)} aria-setsize={g.problems.length} aria-posinset={i + 1} className={trace || d.code === 'V006' || d.fix ? 'has-trace' : undefined}>
                    <button type="button" className={`problem sev-${d.severity}`} data-problem={p} tabIndex={p === active ? 0 : -1} onFocus={() => setCurrent(p)} onClick={() => activate(g.doc, d)}>
                      <span className="problem-sev">
                        <span aria-hidden="true">{ICON[d.severity]}</span> {d.severity}
                      </span>
                      <code className="problem-code">{d.code}</code>
                      <span className="problem-message"><CodeText text={d.message} /></span>
                      <span className="problem-pos">
                        {d.range.start.line}:{d.range.start.column}
                      </span>
                    </button>
                    {d.fix && (
                      <button type="button" className="problem-trace" title={d.fix.title} aria-label={`Fix: ${d.fix.title}`} onClick={() => applyQuickFix(store, g.doc, d)}>
                        Fix
                      </button>
                    )}
                    {d.code === 'V006' && !verifying && (
                      <button
                        type="button"
                        className="problem-trace"
                        title="Search again with a higher limit of states: findings then hold for longer call sequences"
                        onClick={() => verifyStore().getState().raiseLimit(store)}
                      >
                        Verify with {(maxStates * 4).toLocaleString('en-US')} states
                      </button>
                    )}
                    {trace && (
                      <button
                        type="button"
                        className="problem-trace"
                        title={`Open the ${trace.steps.length}-step counterexample in the simulator at step ${trace.step}`}
                        onClick={() => void openCounterexample(store, d as VerifyDiagnostic, showSimulator).then((ok) => ok && focusOnceShown(TIMELINE))}
                      >
                        Show trace
                      </button>
                    )}
                  </li>,
                );
              }
              return (
                <div key={g.doc.id} className="problem-group">
                  <h3 ref={virtual.measure(head)} style={top(head)}>
                    {g.doc.fileName}
                    {!g.textApplies && <span className="muted"> — {neverRead(g.doc) ? 'the graph appears once it reads' : 'the graph shows the last version that read cleanly'}</span>}
                  </h3>
                  <ul aria-label={`${g.doc.fileName}: ${g.problems.length} problem${g.problems.length === 1 ? '' : 's'}`}>{items}</ul>
                </div>
              );
            })}
          </div>
        </div>
      )}
    </section>
  );
}
