/**
 * The Monaco editor of one trace, loaded lazily with React.lazy (this module pulls Monaco in, so
 * it stays out of the first-load bundle). Scripted YAML gets completion, hover and schema markers
 * from the scripted-trace schema (its model lives under `/traces/*.yaml`); typing reaches the store
 * debounced through {@link EditorBinding}, which also routes undo/redo to the store's history.
 * The reader's errors are markers on their lines. Recorded logs open read-only.
 */
import Editor from '@monaco-editor/react';
import { useEffect, useRef } from 'react';
import type { Diagnostic } from '../../core/diagnostics/types.ts';
import { DARK_THEME, EDITOR_OPTIONS, setupMonaco, traceModelPath } from '../editor/monacoSetup.ts';
import { useEditorBinding } from '../editor/useEditorBinding.ts';
import { TraceFallback } from './TraceFallback.tsx';

// Before the first <Editor> mounts: the local Monaco, never the CDN.
const monaco = setupMonaco();

export interface TraceEditorProps {
  traceId: string;
  name: string;
  text: string;
  readOnly: boolean;
  problems: readonly Diagnostic[];
  /** Put the cursor there and take the keyboard focus, once per nonce (a refused Run, a new trace). */
  reveal?: { line: number; column: number; nonce: number } | undefined;
  dark: boolean;
  setText(traceId: string, text: string): void;
  undo(): void;
  redo(): void;
}

/** The last reveal applied, app-wide: a reveal is applied once, not again when the editor mounts anew. */
let appliedReveal = 0;

export default function TraceEditor(props: TraceEditorProps) {
  const { traceId, name, text, readOnly, problems, reveal, dark, setText, undo, redo } = props;
  const { binding, mounted, onMount } = useEditorBinding(monaco, { id: traceId, text, markers: problems, setText, undo, redo });
  const editorRef = useRef<Parameters<typeof onMount>[0] | null>(null);
  useEffect(() => {
    const ed = editorRef.current;
    if (!mounted || !ed || !reveal || reveal.nonce <= appliedReveal) return;
    appliedReveal = reveal.nonce;
    const position = { lineNumber: reveal.line, column: reveal.column };
    ed.setPosition(position);
    ed.revealPositionInCenterIfOutsideViewport(position);
    // the keyboard comes along from the button that asked (Run, New scripted trace), never away
    // from a field the user has gone on typing in while the editor loaded
    const active = document.activeElement;
    const typing = active instanceof HTMLElement && active.matches('input, textarea, select, [contenteditable="true"]') && !ed.hasTextFocus();
    if (!typing) ed.focus();
  }, [mounted, reveal]);

  return (
    <Editor
      className="trace-editor-monaco"
      path={traceModelPath(traceId, !readOnly)}
      defaultLanguage={readOnly ? 'plaintext' : 'yaml'}
      defaultValue={text}
      theme={dark ? DARK_THEME : 'vs'}
      onMount={(ed) => {
        editorRef.current = ed;
        onMount(ed);
      }}
      onChange={(value) => {
        if (value !== undefined && !readOnly) binding.typed(value);
      }}
      loading={<TraceFallback name={name} text={text} />}
      options={{
        ariaLabel: readOnly ? `Text of ${name} (read-only)` : `Scripted trace ${name}`,
        readOnly,
        ...EDITOR_OPTIONS,
        lineNumbersMinChars: 3,
        // the empty line after the final newline numbered as the others (dimmed, it failed axe's contrast)
        renderFinalNewline: 'on',
      }}
    />
  );
}
