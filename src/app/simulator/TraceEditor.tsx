/**
 * The Monaco editor of one trace, loaded lazily with React.lazy (this module pulls Monaco in, so
 * it stays out of the first-load bundle). Scripted YAML gets completion, hover and schema markers
 * from the scripted-trace schema (its model lives under `/traces/*.yaml`); typing reaches the store
 * debounced through {@link EditorBinding}, which also routes undo/redo to the store's history.
 * The reader's errors are markers on their lines. Recorded logs open read-only.
 */
import Editor from '@monaco-editor/react';
import type { Diagnostic } from '../../core/diagnostics/types.ts';
import { DARK_THEME, setupMonaco, traceModelPath } from '../editor/monacoSetup.ts';
import { useEditorBinding } from '../editor/useEditorBinding.ts';
import { Loading } from '../components/ui/Loading.tsx';

// Before the first <Editor> mounts: the local Monaco, never the CDN.
const monaco = setupMonaco();

export interface TraceEditorProps {
  traceId: string;
  name: string;
  text: string;
  readOnly: boolean;
  problems: readonly Diagnostic[];
  dark: boolean;
  setText(traceId: string, text: string): void;
  undo(): void;
  redo(): void;
}

export default function TraceEditor(props: TraceEditorProps) {
  const { traceId, name, text, readOnly, problems, dark, setText, undo, redo } = props;
  const { binding, onMount } = useEditorBinding(monaco, { id: traceId, text, markers: problems, setText, undo, redo });

  return (
    <Editor
      className="trace-editor-monaco"
      path={traceModelPath(traceId, !readOnly)}
      defaultLanguage={readOnly ? 'plaintext' : 'yaml'}
      defaultValue={text}
      theme={dark ? DARK_THEME : 'vs'}
      onMount={onMount}
      onChange={(value) => {
        if (value !== undefined && !readOnly) binding.typed(value);
      }}
      loading={<Loading label="Loading the editor" block quiet />}
      options={{
        ariaLabel: readOnly ? `Text of ${name} (read-only)` : `Scripted trace ${name}`,
        readOnly,
        automaticLayout: true,
        minimap: { enabled: false },
        lineNumbersMinChars: 3,
        fontSize: 13,
        tabSize: 2,
        scrollBeyondLastLine: false,
        fixedOverflowWidgets: true,
        renderValidationDecorations: 'on',
        quickSuggestions: { other: true, comments: false, strings: true },
      }}
    />
  );
}
