/**
 * The Monaco editor of the Source pane, loaded lazily with React.lazy (this module pulls Monaco
 * in). A thin component: {@link EditorBinding} does the syncing, markers, undo routing and reveal.
 */
import { useEffect } from 'react';
import Editor from '@monaco-editor/react';
import type { Diagnostic, Range } from '../../core/diagnostics/types.ts';
import { languageOf, setupMonaco, modelPath } from './monacoSetup.ts';
import { formatFromName } from '../../core/codecs/load.ts';
import { useEditorBinding } from './useEditorBinding.ts';

// Before the first <Editor> mounts: the local Monaco, never the CDN.
const monaco = setupMonaco();

export interface MonacoSourceProps {
  docId: string;
  kind: 'agent' | 'workflow';
  fileName: string;
  text: string;
  diagnostics: readonly Diagnostic[];
  reveal?: { docId: string; range: Range; nonce: number } | undefined;
  dark: boolean;
  setText(docId: string, text: string): void;
  undo(): void;
  redo(): void;
}

export default function MonacoSource(props: MonacoSourceProps) {
  const { docId, kind, fileName, text, diagnostics, reveal, dark, setText, undo, redo } = props;
  const format = formatFromName(fileName) ?? (kind === 'agent' ? 'toml' : 'yaml');
  const { binding, mounted, onMount } = useEditorBinding(monaco, { id: docId, text, markers: diagnostics, setText, undo, redo });
  useEffect(() => {
    if (mounted) binding.reveal(reveal);
  }, [binding, mounted, reveal, docId]);

  return (
    <Editor
      className="monaco-source"
      path={modelPath(docId, kind, format)}
      defaultLanguage={languageOf(format)}
      defaultValue={text}
      theme={dark ? 'vs-dark' : 'vs'}
      onMount={onMount}
      onChange={(value) => {
        if (value !== undefined) binding.typed(value);
      }}
      loading={<p className="muted">Loading editor…</p>}
      options={{
        ariaLabel: `Source of ${fileName}`,
        automaticLayout: true,
        minimap: { enabled: false },
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
