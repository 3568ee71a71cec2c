/**
 * The React side of an {@link EditorBinding}, shared by every Monaco editor of the app (Source
 * pane, trace editor): one binding per editor, kept linked to the current document, fed the
 * store's text and the markers, and flushed before the document changes.
 */
import { useEffect, useLayoutEffect, useState } from 'react';
import type { Diagnostic } from '../../core/diagnostics/types.ts';
import { EditorBinding } from './editorBinding.ts';
import type { Monaco } from './monacoSetup.ts';
import { registerPendingEdits } from '../persistence/pendingEdits.ts';

export interface BindingLink {
  /** The document (or trace) the editor shows. */
  id: string;
  text: string;
  markers: readonly Diagnostic[];
  setText(id: string, text: string): void;
  undo(): void;
  redo(): void;
}

export function useEditorBinding(monaco: Monaco, link: BindingLink) {
  const { id, text, markers, setText, undo, redo } = link;
  const [binding] = useState(() => new EditorBinding(monaco, { docId: id, setText, undo, redo }));
  const [mounted, setMounted] = useState(false);

  useLayoutEffect(() => binding.setLink({ docId: id, setText, undo, redo }), [binding, id, setText, undo, redo]);
  // A waiting change belongs to the document it was typed in: send it before switching away.
  useEffect(() => () => binding.flush(), [binding, id]);
  // Leaving the page sends it too, so the journal written then has the last keystrokes.
  useEffect(() => registerPendingEdits(() => binding.flush()), [binding]);
  useEffect(() => {
    if (mounted) binding.pushText(text);
  }, [binding, mounted, text, id]);
  useEffect(() => {
    if (mounted) binding.setMarkers(markers);
  }, [binding, mounted, markers, id]);

  return {
    binding,
    mounted,
    onMount: (ed: Parameters<EditorBinding['attach']>[0]) => {
      binding.attach(ed);
      setMounted(true);
    },
  };
}
