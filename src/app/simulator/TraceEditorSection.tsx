/**
 * The open trace under the traces list: its name (renamed on Enter or when focus leaves), the
 * trace in a lazily loaded Monaco editor (scripted YAML editable with schema completion; recorded
 * logs read-only) or, for a very large log, a summary; and the reader's problems as text.
 */
import { lazy, Suspense, useMemo, useState } from 'react';
import type { TraceDoc } from '../state/store.ts';
import type { Diagnostic } from '../../core/diagnostics/types.ts';
import { useStudio } from '../state/context.tsx';
import { useDarkTheme } from '../editor/useDarkTheme.ts';
import { TRACE_FORMAT_LABELS } from '../persistence/importReading.ts';
import { dedupeWindowOf, formatSize, traceProblems, traceViewOf } from './traceEditorModel.ts';
import { useSimulation } from './useSimulation.ts';
import { agentFamilyOf } from './runRequest.ts';
import './traceEditor.css';
import { CodeText } from '../components/ui/CodeText.tsx';
import { Button } from '../components/ui/Button.tsx';
import { TraceFallback } from './TraceFallback.tsx';

const TraceEditor = lazy(() => import('./TraceEditor.tsx'));

/** Problems listed under the editor (the markers show them all). */
const LISTED = 5;

export function TraceEditorSection({ trace, onClose }: { trace: TraceDoc; onClose(): void }) {
  const setTraceText = useStudio((s) => s.setTraceText);
  const renameTrace = useStudio((s) => s.renameTrace);
  const undo = useStudio((s) => s.undo);
  const redo = useStudio((s) => s.redo);
  const dark = useDarkTheme();
  const view = useMemo(() => traceViewOf(trace), [trace]);
  // the window the next Run uses: a step it will merge is marked where it is written
  const choice = useSimulation((s) => s.choice);
  const family = useStudio((s) => agentFamilyOf(s.project, choice));
  const window = useSimulation((s) => dedupeWindowOf(s.form, family));
  const problems = useMemo(() => (view.mode === 'summary' ? [] : traceProblems(trace, window)), [trace, view.mode, window]);
  const errors = problems.filter((p) => p.severity === 'error');
  const warnings = problems.filter((p) => p.severity !== 'error');
  const reveal = useSimulation((s) => (s.traceReveal?.traceId === trace.id ? s.traceReveal : undefined));
  // The parent keys this section by trace id, so the field starts from the open trace's name.
  const [name, setName] = useState(trace.name);
  const commitName = () => {
    const next = name.trim();
    if (next === '') setName(trace.name);
    else if (next !== trace.name) renameTrace(trace.id, next);
  };

  return (
    <div className="sim-trace-editor" role="group" aria-label={`Trace ${trace.name}`}>
      <div className="sim-trace-editor-head">
        <label>
          Trace name{' '}
          <input
            value={name}
            spellCheck={false}
            onChange={(e) => setName(e.target.value)}
            onBlur={commitName}
            onKeyDown={(e) => {
              if (e.key === 'Enter') commitName();
            }}
          />
        </label>
        <span className="sim-muted">
          {TRACE_FORMAT_LABELS[view.format]}
          {view.mode === 'readonly' ? ' · read-only' : ''}
        </span>
        <Button size="sm" label="Close editor" onClick={onClose} />
        {view.mode === 'scripted' ? <span className="sim-muted sim-trace-hint">Ctrl+M toggles Tab moving focus</span> : null}
      </div>
      {view.mode === 'summary' ? (
        <p className="sim-trace-summary" role="status">
          {trace.name} is a {TRACE_FORMAT_LABELS[view.format]} of {formatSize(view.chars)} and {view.lines.toLocaleString('en')} lines: too large to show in an
          editor. It is saved with the project and replays as usual.
        </p>
      ) : (
        <div className="sim-trace-monaco">
          {/* the trace's text, not a spinner, while the editor loads (review17 #9: "Loading the editor…" still at 1 s) */}
          <Suspense fallback={<TraceFallback name={trace.name} text={trace.text} />}>
            <TraceEditor
              traceId={trace.id}
              name={trace.name}
              text={trace.text}
              readOnly={view.mode === 'readonly'}
              problems={problems}
              reveal={reveal}
              dark={dark}
              setText={setTraceText}
              undo={undo}
              redo={redo}
            />
          </Suspense>
        </div>
      )}
      <ProblemList items={errors} label={`Problems in ${trace.name}`} className="sim-trace-problems" />
      {warnings.length > 0 ? (
        // the wavy underlines say why and how to keep each call; here the same, folded
        <details className="sim-trace-problems sim-trace-warnings">
          <summary>
            {warnings.length === 1 ? '1 call' : `${warnings.length} calls`} will be merged as duplicates by the dedupe window (line{warnings.length === 1 ? '' : 's'}{' '}
            {warnings.map((w) => w.range.start.line).join(', ')})
          </summary>
          <ProblemList items={warnings} label={`Warnings in ${trace.name}`} className="sim-trace-problems sim-trace-warnings" />
        </details>
      ) : null}
    </div>
  );
}

/** The first problems of the trace as `line:column message` (the editor marks them all). */
function ProblemList({ items, label, className }: { items: readonly Diagnostic[]; label: string; className: string }) {
  if (items.length === 0) return null;
  return (
    <ul className={className} aria-label={label}>
      {items.slice(0, LISTED).map((p, i) => (
        <li key={i}>
          {p.range.start.line}:{p.range.start.column} <CodeText text={p.message} />
        </li>
      ))}
      {items.length > LISTED ? <li className="sim-muted">and {items.length - LISTED} more</li> : null}
    </ul>
  );
}

