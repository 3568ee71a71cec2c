/**
 * The Monaco editor of the Source pane, loaded lazily with React.lazy (this module pulls Monaco
 * in). A thin component: {@link EditorBinding} does the syncing, markers, undo routing and reveal.
 */
import { useEffect, useState } from 'react';
import Editor from '@monaco-editor/react';
import type { Diagnostic, Range } from '../../core/diagnostics/types.ts';
import { DARK_THEME, EDITOR_OPTIONS, languageOf, setupMonaco, modelPath } from './monacoSetup.ts';
import { formatFromName } from '../../core/codecs/load.ts';
import { useEditorBinding } from './useEditorBinding.ts';
import { BIG_TEXT_CHARS, BIG_TEXT_OPTIONS, bracketColouring, fillModelInSlices } from './slicedModel.ts';
import { fallbackText } from './fallbackText.ts';

// Before the first <Editor> mounts: the local Monaco, never the CDN.
const monaco = setupMonaco();

export interface MonacoSourceProps {
  docId: string;
  kind: 'agent' | 'workflow';
  fileName: string;
  text: string;
  /** While a graph edit's text is being written: the user cannot type over it. */
  readOnly?: boolean;
  diagnostics: readonly Diagnostic[];
  reveal?: { docId: string; range: Range; nonce: number } | undefined;
  dark: boolean;
  setText(docId: string, text: string): void;
  undo(): void;
  redo(): void;
}

export default function MonacoSource(props: MonacoSourceProps) {
  const { docId, kind, fileName, text, readOnly = false, diagnostics, reveal, dark, setText, undo, redo } = props;
  const format = formatFromName(fileName) ?? (kind === 'agent' ? 'toml' : 'yaml');
  const { binding, mounted, onMount } = useEditorBinding(monaco, { id: docId, text, markers: diagnostics, setText, undo, redo });
  useEffect(() => {
    if (mounted) binding.reveal(reveal);
  }, [binding, mounted, reveal, docId]);
  const path = modelPath(docId, kind, format);
  const language = languageOf(format);
  const big = text.length > BIG_TEXT_CHARS;
  // A big text's model is filled a slice per task before the editor opens on it.
  const [filled, setFilled] = useState<string | undefined>(undefined);
  // Monaco is created in a hidden container and first drew one line until its next layout (seconds
  // on a loaded machine, review17 #9): the text stays over it until it has laid out at its height.
  const [laidOut, setLaidOut] = useState(false);
  const ready = !big || filled === path || monaco.editor.getModel(monaco.Uri.parse(path)) !== null;
  useEffect(() => {
    if (ready) return;
    let alive = true;
    void fillModelInSlices(monaco, monaco.Uri.parse(path), language, text, () => alive).then((done) => {
      if (done && alive) setFilled(path);
    });
    return () => {
      alive = false;
    };
    // Filled once per model: later text reaches it through the binding.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ready, path, language]);
  if (!ready) {
    return (
      <pre className="source-fallback" tabIndex={0} aria-label={`${fileName} (loading into the editor)`} aria-busy="true">
        {fallbackText(text)}
      </pre>
    );
  }

  const fallback = (
    <pre className="source-fallback" tabIndex={0} aria-label={`${fileName} (the editor is loading)`} aria-busy="true">
      {fallbackText(text)}
    </pre>
  );
  return (
    <div className="monaco-source-frame">
      {laidOut ? null : <div className="monaco-source-cover">{fallback}</div>}
      <Editor
        className="monaco-source"
        path={path}
        defaultLanguage={language}
        defaultValue={text}
        theme={dark ? DARK_THEME : 'vs'}
        onMount={(ed) => {
          onMount(ed);
          // Monaco draws the lines of a layout in its next frame: the cover goes the frame after.
          const uncover = () => requestAnimationFrame(() => requestAnimationFrame(() => setLaidOut(true)));
          if (ed.getLayoutInfo().height > 0) uncover();
          else {
            const once = ed.onDidLayoutChange((l) => {
              if (l.height <= 0) return;
              once.dispose();
              uncover();
            });
          }
        }}
        onChange={(value) => {
          if (value !== undefined) binding.typed(value);
        }}
        // The cover keeps the text in view while Monaco starts (its spinner replaced it for seconds, review17 #9).
        loading={null}
        options={{
          ariaLabel: `Source of ${fileName}`,
          readOnly,
          ...EDITOR_OPTIONS,
          // The configuration is the page's: a small text's editor turns colouring back on.
          ...(big ? BIG_TEXT_OPTIONS : bracketColouring(true)),
        }}
      />
    </div>
  );
}
