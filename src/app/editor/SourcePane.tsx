/**
 * The Source region: the active document's TOML or YAML in Monaco (loaded lazily, so Monaco is
 * not in the first-load bundle). While the text does not read cleanly, a banner says the graph
 * keeps its last good state; the problems are markers in the text and entries in Problems.
 */
import { lazy, Suspense } from 'react';
import { useStudio } from '../state/context.tsx';
import { activeDoc } from '../state/store.ts';
import { docFormat, diagnosticsOf, neverRead, type RuleDoc } from '../state/documents.ts';
import { useDarkTheme } from './useDarkTheme.ts';
import { fallbackText, PREVIEW_CHARS } from './fallbackText.ts';
import { openBigSource, textSize, useEditorOpen } from './bigSource.ts';
import { Button } from '../components/ui/Button.tsx';
import './editor.css';

const MonacoSource = lazy(() => import('./MonacoSource.tsx'));

/** What the text is written in: its format, or what a Codex `.rules` file is (Starlark, not TOML). */
const languageOf = (doc: RuleDoc) => (doc.kind === 'agent' && doc.agent.family === 'codex' ? 'Codex rules (Starlark)' : docFormat(doc).toUpperCase());

/** Where a text stops reading, for the banner: ` (the text stops reading at line 6, column 7)` (review17 s2). */
const stopsAt = (d: { range: { start: { line: number; column: number } } } | undefined) => (d ? ` (the text stops reading at line ${d.range.start.line}, column ${d.range.start.column})` : '');

export function SourcePane({ id, hidden }: { id?: string; hidden?: boolean }) {
  const doc = useStudio(activeDoc);
  const reveal = useStudio((s) => s.reveal);
  const setText = useStudio((s) => s.setText);
  const undo = useStudio((s) => s.undo);
  const redo = useStudio((s) => s.redo);
  const addAgent = useStudio((s) => s.addAgent);
  const addWorkflow = useStudio((s) => s.addWorkflow);
  const dark = useDarkTheme();
  const checked = doc ? diagnosticsOf(doc) : undefined;
  // A graph or Inspector edit of a big document whose text is still being written (off the main thread).
  const writing = doc?.pendingText !== undefined;
  const editorOpen = useEditorOpen(doc?.id, doc?.text);

  return (
    <section id={id} className="source-pane" aria-label="Source" hidden={hidden}>
      <header className="pane-header">
        <h2>Source</h2>
        {doc && (
          <span className="source-file">
            {doc.fileName} · {languageOf(doc)}
          </span>
        )}
        <span className="muted source-hint">Ctrl+M toggles Tab moving focus</span>
      </header>
      {writing && (
        <p className="source-banner" role="status">
          Writing your edit into this big text in the background: the text is read-only until it is done.
        </p>
      )}
      {checked?.pending && !writing && (
        <p className="source-banner" role="status">
          Reading this big text in the background: the graph and Problems follow when it is done.
        </p>
      )}
      {checked && !checked.pending && !checked.textApplies && doc && (
        <p className="source-banner" role="status">
          {neverRead(doc)
            ? 'The graph appears once this text reads: fix the error marked here. Nothing you typed is lost.'
            : `The graph shows the last version that read cleanly${stopsAt(checked.diagnostics[0])}. Fix the text to update it — nothing you typed is lost.`}
        </p>
      )}
      {doc && !editorOpen ? (
        <div className="source-editor source-big">
          <p className="source-big-bar">
            <span>
              {doc.fileName} is {textSize(doc.text.length)}: its start is shown here. The editor opens it with wrapping, folding and bracket colours off, and takes a moment to open.
            </span>
            <Button variant="primary" label="Open in the editor" onClick={() => openBigSource(doc.id)} />
          </p>
          <pre className="source-fallback" tabIndex={0} aria-label={`The start of ${doc.fileName}`}>
            {fallbackText(doc.text, PREVIEW_CHARS)}
          </pre>
        </div>
      ) : doc ? (
        <div className="source-editor">
          <div className="source-editor-fill">
            <Suspense fallback={<pre className="source-fallback" tabIndex={0} aria-label={`${doc.fileName} (the editor is loading)`}>{fallbackText(doc.text)}</pre>}>
              <MonacoSource
                docId={doc.id}
                kind={doc.kind}
                fileName={doc.fileName}
                text={doc.text}
                readOnly={writing}
                diagnostics={checked?.diagnostics ?? []}
                reveal={reveal}
                dark={dark}
                setText={setText}
                undo={undo}
                redo={redo}
              />
            </Suspense>
          </div>
        </div>
      ) : (
        <div className="pane-empty">
          <p className="muted">
            Open an agent or a workflow to see its source, or start one by typing it here:
          </p>
          <span className="source-empty-actions">
            <Button icon="plus" label="Start a new agent" onClick={() => addAgent()} />
            <Button icon="plus" label="Start a new workflow" onClick={() => addWorkflow()} />
          </span>
        </div>
      )}
    </section>
  );
}
