/**
 * Binds one Monaco editor to the studio store: typed text goes to the store debounced, store text
 * (graph edits, undo) comes in without clobbering typing, validator findings become markers,
 * Ctrl/Cmd+Z and Ctrl/Cmd+Shift+Z (or +Y) go to the store's single history, and reveal requests
 * select their range. Plain class, no React: the component only forwards props and events.
 */
import type { editor as MonacoEditorNs } from 'monaco-editor/esm/vs/editor/editor.api.js';
import type { Diagnostic, Range } from '../../core/diagnostics/types.ts';
import type { Monaco } from './monacoSetup.ts';
import { MARKER_OWNER, markersOf } from './markers.ts';
import { setFixes } from './quickFixes.ts';
import { createTextSync, type TextSync } from './textSync.ts';
import { minimalReplacement } from '../../core/text/minimalReplacement.ts';

/** How long typing waits before the store hears of it. */
export const TEXT_DEBOUNCE_MS = 300;

/** What the binding needs from the store (the latest functions are read at call time). */
export interface StoreLink {
  docId: string;
  setText(docId: string, text: string): void;
  undo(): void;
  redo(): void;
}

type CodeEditor = MonacoEditorNs.IStandaloneCodeEditor;

export class EditorBinding {
  private readonly sync: TextSync;
  private editor: CodeEditor | null = null;
  private applying = false;
  private pendingDoc = '';
  private appliedReveal = 0;

  constructor(
    private readonly monaco: Monaco,
    private link: StoreLink,
  ) {
    this.sync = createTextSync({ delay: TEXT_DEBOUNCE_MS, send: (t) => this.link.setText(this.pendingDoc, t) });
  }

  /** Updates the store functions and the current document id. */
  setLink(link: StoreLink): void {
    this.link = link;
  }

  /** Wires keyboard commands and blur into the editor. */
  attach(ed: CodeEditor): void {
    this.editor = ed;
    const { KeyMod, KeyCode } = this.monaco;
    ed.addCommand(KeyMod.CtrlCmd | KeyCode.KeyZ, () => this.undo());
    ed.addCommand(KeyMod.CtrlCmd | KeyMod.Shift | KeyCode.KeyZ, () => this.redo());
    ed.addCommand(KeyMod.CtrlCmd | KeyCode.KeyY, () => this.redo());
    ed.onDidBlurEditorText(() => this.sync.flush());
  }

  /** Store undo, after sending what was just typed (so typing is one undo step too). */
  undo(): void {
    this.sync.flush();
    this.link.undo();
  }

  redo(): void {
    this.sync.flush();
    this.link.redo();
  }

  /** The editor's content changed; ignored when the change came from the store. */
  typed(value: string): void {
    if (this.applying) return;
    this.pendingDoc = this.link.docId;
    this.sync.editorChanged(value);
  }

  /** Sends a waiting change now (document switch, unmount). */
  flush(): void {
    this.sync.flush();
  }

  /** Shows the store's text, replacing only what differs, unless the user's typing is waiting. */
  pushText(text: string): void {
    const model = this.editor?.getModel();
    if (!this.editor || !model) return;
    const current = model.getValue();
    if (!this.sync.shouldPush(text, current)) return;
    const r = minimalReplacement(current, text);
    if (!r) return;
    const start = model.getPositionAt(r.start);
    const end = model.getPositionAt(r.end);
    this.applying = true;
    try {
      const edit = { range: new this.monaco.Range(start.lineNumber, start.column, end.lineNumber, end.column), text: r.text, forceMoveMarkers: true };
      // A read-only editor (a graph edit's text being written) refuses edits: the model takes them.
      if (!this.editor.executeEdits('store', [edit])) model.pushEditOperations([], [edit], () => null);
    } finally {
      this.applying = false;
    }
  }

  /** Validator findings as markers on the current model. */
  setMarkers(diagnostics: readonly Diagnostic[]): void {
    const model = this.editor?.getModel();
    if (!model) return;
    this.monaco.editor.setModelMarkers(model, MARKER_OWNER, markersOf(diagnostics, this.monaco.MarkerSeverity, model.getLineCount()));
    setFixes(model.uri.toString(), diagnostics);
  }

  /** Selects and scrolls to a range once per request (an empty range selects its line). */
  reveal(request: { docId: string; range: Range; nonce: number } | undefined): void {
    const ed = this.editor;
    const model = ed?.getModel();
    if (!ed || !model || !request || request.docId !== this.link.docId || request.nonce === this.appliedReveal) return;
    this.appliedReveal = request.nonce;
    const { start, end } = request.range;
    const lines = model.getLineCount();
    const line = Math.min(start.line, lines);
    const empty = start.line === end.line && start.column === end.column;
    const range = empty
      ? new this.monaco.Range(line, 1, line, model.getLineMaxColumn(line))
      : new this.monaco.Range(line, start.column, Math.min(end.line, lines), end.column);
    ed.setSelection(range);
    ed.revealRangeInCenterIfOutsideViewport(range);
  }
}
