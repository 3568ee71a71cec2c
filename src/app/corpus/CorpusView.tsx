/**
 * The Corpus view: open (or drop) a folder of recorded sessions and see what the project's rule
 * set would have done to each — which sessions it stops and where, which rules fire and which
 * never do — the summary `rule-studio report --corpus` prints, computed in a worker of its own.
 * Each session is one click from its replay in the simulator.
 */
import { CodeText } from '../components/ui/CodeText.tsx';
import { useRef, useState, type ChangeEvent, type DragEvent } from 'react';
import { useStore } from 'zustand';
import { reportTotals } from '../../core/corpus/render.ts';
import type { SessionReport } from '../../core/corpus/summary.ts';
import { MAX_CORPUS_SESSIONS } from '../../worker/protocol.ts';
import { useStudio, useStudioStore } from '../state/context.tsx';
import { Button } from '../components/ui/Button.tsx';
import { ProgressBar } from '../components/ui/ProgressBar.tsx';
import { useShowSimulator } from '../tests/useShowSimulator.ts';
import { corpusStore, isStale } from './corpusStore.ts';
import { droppedSessionFiles, sessionFilesOf, sourceOf } from './sessionFiles.ts';
import { corpusSettings, downloadReport, openSessionInSimulator } from './corpusActions.ts';
import { importsSettled } from '../persistence/importProgress.ts';
import './corpus.css';

/** Session rows rendered at first, and added by "Show more" (the list is never rendered whole). */
const PAGE = 200;

const count = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en')} ${n === 1 ? one : many}`;

export function CorpusView() {
  const store = useStudioStore();
  const project = useStudio((s) => s.project);
  const state = useStore(corpusStore());
  const folderRef = useRef<HTMLInputElement>(null);
  const filesRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);

  // An import still going into the project (the rule file dropped just before) is waited for.
  const open = (source: string, sessions: Parameters<typeof state.open>[1]) => void corpusStore().getState().open(source, sessions, () => store.getState().project, corpusSettings(), importsSettled());
  const onPicked = (e: ChangeEvent<HTMLInputElement>) => {
    const files = [...(e.target.files ?? [])];
    e.target.value = '';
    if (files.length === 0) return;
    const sessions = sessionFilesOf(files);
    open(sourceOf(sessions, files.length), sessions);
  };
  const onDrop = (e: DragEvent<HTMLElement>) => {
    // the window's own drop handler would add the files as traces of the project
    e.preventDefault();
    e.stopPropagation();
    setDragging(false);
    void droppedSessionFiles(e.dataTransfer, MAX_CORPUS_SESSIONS).then(({ source, sessions }) => open(source, sessions));
  };
  const onDragOver = (e: DragEvent<HTMLElement>) => {
    if (!e.dataTransfer.types.includes('Files')) return;
    e.preventDefault();
    e.stopPropagation();
    e.dataTransfer.dropEffect = 'copy';
    setDragging(true);
  };

  const running = state.phase === 'running' || state.phase === 'waiting';
  const stale = state.phase === 'done' && isStale(state, project);
  const pct = state.progress && state.progress.total > 0 ? Math.round((100 * state.progress.done) / state.progress.total) : 0;

  return (
    <section
      className={`corpus-view${dragging ? ' is-dragging' : ''}`}
      aria-label="Corpus"
      onDragOver={onDragOver}
      onDragLeave={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setDragging(false);
      }}
      onDrop={onDrop}
    >
      <header className="corpus-head">
        <h2>Corpus</h2>
        <span className="corpus-status" role="status" aria-live="polite">
          {statusText(state)}
        </span>
        <input ref={folderRef} type="file" hidden multiple {...{ webkitdirectory: '' }} onChange={onPicked} data-testid="corpus-folder-input" />
        <input ref={filesRef} type="file" hidden multiple accept=".jsonl,.json,.yaml,.yml" onChange={onPicked} data-testid="corpus-files-input" />
        {running ? (
          <Button size="sm" label="Cancel" onClick={() => corpusStore().getState().cancel()} />
        ) : (
          <>
            <Button size="sm" variant={state.phase === 'empty' ? 'primary' : 'default'} icon="import" label="Open folder…" onClick={() => folderRef.current?.click()} />
            <Button size="sm" label="Open files…" onClick={() => filesRef.current?.click()} />
          </>
        )}
        {state.report && !running && (
          <>
            <Button size="sm" icon="export" label="JSON" title="Download the report as JSON (the format rule-studio report --format json writes)" onClick={() => downloadReport(state.report, 'json')} />
            <Button size="sm" icon="export" label="HTML" title="Download the report as one self-contained HTML page" onClick={() => downloadReport(state.report, 'html')} />
          </>
        )}
        {state.phase !== 'empty' && !running && <Button size="sm" variant="ghost" icon="close" label="Close the corpus" iconOnly onClick={() => corpusStore().getState().clear()} />}
      </header>

      {running && state.progress && <ProgressBar label="Sessions replayed" percent={pct} valueText={`${state.progress.done} of ${state.progress.total} sessions`} className="corpus-progress" fillClassName="corpus-progress-fill" minFill={2} />}
      {state.error && (
        <p className="corpus-error" role="alert">
          {state.error}
        </p>
      )}
      {stale && (
        <p className="corpus-stale">
          The rules changed since this report was made.{' '}
          <Button size="sm" variant="primary" icon="play" label="Replay again" onClick={() => void corpusStore().getState().rerun(store.getState().project, corpusSettings())} />
        </p>
      )}
      {state.phase === 'empty' || (state.phase === 'error' && !state.report) ? <EmptyState dragging={dragging} /> : null}
      {state.report && <Report />}
    </section>
  );
}

function statusText(state: ReturnType<typeof corpusStore>['getState'] extends () => infer S ? S : never): string {
  if (state.phase === 'waiting') return `Waiting for the import to finish before replaying ${state.source ?? 'the sessions'}…`;
  if (state.phase === 'running' && state.progress) return `Replaying ${state.source ?? ''}: ${state.progress.done.toLocaleString('en')} of ${count(state.progress.total, 'session')}…`;
  if (state.phase === 'cancelled' && state.progress) return `Cancelled after ${state.progress.done.toLocaleString('en')} of ${count(state.progress.total, 'session')}`;
  if (state.report) {
    const t = reportTotals(state.report);
    return `${state.source ?? ''} · ${count(t.sessions, 'session')} replayed`;
  }
  return '';
}

function EmptyState({ dragging }: { dragging: boolean }) {
  return (
    <div className={`corpus-empty${dragging ? ' is-dragging' : ''}`}>
      <p className="corpus-empty-title">Replay a folder of recorded sessions against this rule set</p>
      <p>
        See which sessions each rule would have stopped, where, and which rules never fire. Drop a folder of Claude Code transcripts, hooks logs or traces here, or choose <strong>Open folder…</strong>. Each session is replayed on its own; nothing leaves this page.
      </p>
      <p className="corpus-empty-hint">
        The same report as <code>rule-studio report --corpus &lt;folder&gt;</code>, which also splits large corpora across cores and machines.
      </p>
    </div>
  );
}

function Report() {
  const state = useStore(corpusStore());
  const report = state.report;
  if (!report) return null;
  const t = reportTotals(report);
  const stopped = report.rules.reduce((n, r) => n + r.stopped, 0);
  return (
    <div className="corpus-report">
      <dl className="corpus-totals">
        <Total label="Sessions" value={t.sessions} />
        <Total label="With violations" value={t.violating} tone={t.violating > 0 ? 'error' : undefined} />
        <Total label="Calls stopped" value={stopped} />
        <Total label="Interrupted" value={t.interrupted} />
        <Total label="Exit blocked" value={t.exitBlocked} />
        <Total label="Never fired" value={t.neverFired.length} tone={t.neverFired.length > 0 ? 'warning' : undefined} />
      </dl>
      {state.skipped.length > 0 && (
        <p className="corpus-skipped">
          Not replayed: {state.skipped.map((s) => `${s.name} (${s.reason})`).join('; ')}.
        </p>
      )}
      <div className="corpus-tables">
        <RulesTable />
        <SessionsTable sessions={report.sessions} />
      </div>
    </div>
  );
}

function Total({ label, value, tone }: { label: string; value: number; tone?: 'error' | 'warning' | undefined }) {
  return (
    <div className={`corpus-total${tone ? ` is-${tone}` : ''}`}>
      <dt>{label}</dt>
      <dd>{value.toLocaleString('en')}</dd>
    </div>
  );
}

function RulesTable() {
  const report = useStore(corpusStore(), (s) => s.report);
  if (!report) return null;
  const max = Math.max(1, ...report.rules.map((r) => r.stopped + r.interrupts));
  return (
    <section className="corpus-section" aria-labelledby="corpus-rules-title">
      <h3 id="corpus-rules-title">Rules</h3>
      {report.rules.length === 0 ? (
        <p className="corpus-muted">The rule set has no rules.</p>
      ) : (
        <table className="corpus-table">
          <thead>
            <tr>
              <th scope="col">Rule</th>
              <th scope="col" className="num">Stopped</th>
              <th scope="col" className="num">Sessions</th>
              <th scope="col" className="num">Interrupts</th>
              <th scope="col" className="num">Fired</th>
            </tr>
          </thead>
          <tbody>
            {report.rules.map((r) => (
              <tr key={r.key} className={r.fired === 0 ? 'is-never' : undefined}>
                <th scope="row" className="corpus-rule">
                  <RuleLabel label={r.label} />
                  {r.fired === 0 ? <span className="corpus-tag">never fired</span> : r.stopped + r.interrupts > 0 ? <span className="corpus-bar" style={{ width: `${(100 * (r.stopped + r.interrupts)) / max}%` }} aria-hidden="true" /> : null}
                </th>
                <td className="num">{r.stopped.toLocaleString('en')}</td>
                <td className="num">{r.sessions.toLocaleString('en')}</td>
                <td className="num">{r.interrupts.toLocaleString('en')}</td>
                <td className="num">{r.fired.toLocaleString('en')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** A rule's line: what it is (`Rule #4: Call after… · RequiresPrecedingTools on `load``), then what it means, quieter. */
function RuleLabel({ label }: { label: string }) {
  const cut = label.indexOf(' — ');
  const head = cut < 0 ? label : label.slice(0, cut);
  const meaning = cut < 0 ? '' : label.slice(cut + 3);
  return (
    <>
      <span className="corpus-rule-head">
        <CodeText text={head} />
      </span>
      {meaning && (
        <span className="corpus-rule-meaning">
          <CodeText text={meaning} />
        </span>
      )}
    </>
  );
}

function SessionsTable({ sessions }: { sessions: readonly SessionReport[] }) {
  const store = useStudioStore();
  const show = useShowSimulator();
  const violating = sessions.filter((s) => s.violations > 0);
  const [onlyViolating, setOnlyViolating] = useState(violating.length > 0);
  const [shown, setShown] = useState(PAGE);
  const rows = onlyViolating ? violating : sessions;
  return (
    <section className="corpus-section" aria-labelledby="corpus-sessions-title">
      <div className="corpus-section-head">
        <h3 id="corpus-sessions-title">Sessions</h3>
        <label className="corpus-filter">
          <input type="checkbox" checked={onlyViolating} onChange={(e) => setOnlyViolating(e.target.checked)} /> Only those with violations ({violating.length.toLocaleString('en')})
        </label>
      </div>
      {rows.length === 0 ? (
        <p className="corpus-muted">{onlyViolating ? 'No session has a violation: the rules stopped nothing.' : 'No sessions.'}</p>
      ) : (
        <table className="corpus-table">
          <thead>
            <tr>
              <th scope="col">Session</th>
              <th scope="col" className="num">Events</th>
              <th scope="col" className="num">Violations</th>
              <th scope="col">First violation</th>
              <th scope="col">Ended</th>
              <th scope="col">
                <span className="visually-hidden">Replay</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.slice(0, shown).map((s) => (
              <tr key={s.name}>
                <th scope="row" className="corpus-session">
                  <code>{s.name}</code>
                </th>
                <td className="num">{s.events.toLocaleString('en')}</td>
                <td className={`num${s.violations > 0 ? ' is-error' : ''}`}>{s.violations.toLocaleString('en')}</td>
                <td>{s.firstViolation ? `event ${s.firstViolation.event + 1}: ${s.firstViolation.kind}${s.firstViolation.tool ? ` ${s.firstViolation.tool}` : ''}` : '—'}</td>
                <td>{s.ended === 'exit_blocked' ? 'exit blocked' : s.ended}</td>
                <td>
                  <Button size="sm" variant="ghost" icon="play" label="Replay" aria-label={`Replay ${s.name} in the simulator`} onClick={() => void openSessionInSimulator(store, s, show)} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {rows.length > shown && <Button size="sm" variant="link" label={`Show ${Math.min(PAGE, rows.length - shown)} more of ${(rows.length - shown).toLocaleString('en')}`} onClick={() => setShown(shown + PAGE)} />}
    </section>
  );
}
