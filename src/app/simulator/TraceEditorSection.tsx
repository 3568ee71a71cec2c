/**
 * The open trace under the traces list: its name (renamed on Enter or when focus leaves), the
 * trace in a lazily loaded Monaco editor (scripted YAML editable with schema completion; recorded
 * logs read-only) or, for a very large log, a summary; and the reader's problems as text.
 */
import { lazy, Suspense, useMemo, useState } from 'react';
import type { TraceDoc } from '../state/store.ts';
import { useStudio } from '../state/context.tsx';
import { useDarkTheme } from '../editor/useDarkTheme.ts';
import { TRACE_FORMAT_LABELS } from '../persistence/importReading.ts';
import { formatSize, traceProblems, traceViewOf } from './traceEditorModel.ts';
import './traceEditor.css';
import { CodeText } from '../components/ui/CodeText.tsx';
import { Button } from '../components/ui/Button.tsx';
import { Loading } from '../components/ui/Loading.tsx';

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
  const problems = useMemo(() => (view.mode === 'summary' ? [] : traceProblems(trace)), [trace, view.mode]);
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
      </div>
      {view.mode === 'summary' ? (
        <p className="sim-trace-summary" role="status">
          {trace.name} is a {TRACE_FORMAT_LABELS[view.format]} of {formatSize(view.chars)} and {view.lines.toLocaleString('en')} lines: too large to show in an
          editor. It is saved with the project and replays as usual.
        </p>
      ) : (
        <div className="sim-trace-monaco">
          <Suspense fallback={<Loading label="Loading the editor" block quiet />}>
            <TraceEditor
              traceId={trace.id}
              name={trace.name}
              text={trace.text}
              readOnly={view.mode === 'readonly'}
              problems={problems}
              dark={dark}
              setText={setTraceText}
              undo={undo}
              redo={redo}
            />
          </Suspense>
        </div>
      )}
      {problems.length > 0 ? (
        <ul className="sim-trace-problems" aria-label={`Problems in ${trace.name}`}>
          {problems.slice(0, LISTED).map((p, i) => (
            <li key={i}>
              line {p.range.start.line}: <CodeText text={p.message} />
            </li>
          ))}
          {problems.length > LISTED ? <li className="sim-muted">and {problems.length - LISTED} more</li> : null}
        </ul>
      ) : null}
    </div>
  );
}
