/**
 * Big texts reach Monaco in slices. `createModel` of a 3.7 MB text builds its piece tree, line
 * starts and indentation guess in one task of several hundred milliseconds; created from the
 * first slice and grown by appending the rest, one slice per task, no task holds the page for
 * long. The editor then opens on the finished model (found by its path).
 */
import type { editor as MonacoEditorNs, Uri } from 'monaco-editor/esm/vs/editor/editor.api.js';
import { OFF_THREAD_CHARS } from '../state/documents.ts';
import type { Monaco } from './monacoSetup.ts';

/** Texts longer than this are loaded in slices, into an editor with its whole-text features off. */
export const BIG_TEXT_CHARS = OFF_THREAD_CHARS;
/** Characters per slice (cut at a line end). */
export const SLICE_CHARS = 128 * 1024;

/** Where `text` is cut into slices: line ends near every {@link SLICE_CHARS} characters, then its end. */
export function sliceEnds(text: string, slice = SLICE_CHARS): number[] {
  const ends: number[] = [];
  let at = 0;
  while (at < text.length) {
    let end = Math.min(text.length, at + slice);
    if (end < text.length) {
      const nl = text.lastIndexOf('\n', end - 1);
      end = nl >= at ? nl + 1 : end;
      // Never between the halves of a surrogate pair.
      const c = text.charCodeAt(end - 1);
      if (c >= 0xd800 && c <= 0xdbff) end += 1;
    }
    ends.push(end);
    at = end;
  }
  return ends;
}

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Makes the model at `uri` hold `text`, a slice per task; resolves true when it does, false when
 * `alive()` turned false on the way (the half-filled model is then disposed, so it is never
 * mistaken for the text). A model already at `uri` is kept as it is (the editor binding brings it
 * up to date).
 */
export async function fillModelInSlices(monaco: Monaco, uri: Uri, language: string, text: string, alive: () => boolean): Promise<boolean> {
  if (monaco.editor.getModel(uri)) return true;
  const ends = sliceEnds(text);
  let model: MonacoEditorNs.ITextModel | undefined;
  let at = 0;
  for (const end of ends) {
    if (model) await nextTask();
    if (!alive() || (model && model.isDisposed())) {
      if (model && !model.isDisposed()) model.dispose();
      return false;
    }
    const part = text.slice(at, end);
    if (!model) {
      model = monaco.editor.createModel(part, language, uri);
      // Bracket-pair colouring is a model option (the editor's own option does not reach it): on,
      // the first render of a 3.7 MB text parsed every bracket of it (seconds, in one task).
      model.updateOptions({ bracketColorizationOptions: { enabled: false, independentColorPoolPerBracketType: false } });
    } else {
      const last = model.getLineCount();
      const column = model.getLineMaxColumn(last);
      model.applyEdits([{ range: new monaco.Range(last, column, last, column), text: part }]);
    }
    at = end;
  }
  if (!model) monaco.editor.createModel('', language, uri);
  return true;
}

/**
 * Bracket-pair colouring in the form Monaco's configuration takes it. The models' options follow
 * the configuration: every change of the editor's options (Source turns read-only while a graph
 * edit's text is written) set every model's colouring back to the configuration's (on), and the
 * next render of a 3 MB text parsed every bracket of it (262 ms in one task, profiled). The
 * editor's own `bracketPairColorization` option does not reach the configuration; this key does.
 */
export const bracketColouring = (enabled: boolean) => ({ 'bracketPairColorization.enabled': enabled }) as MonacoEditorNs.IStandaloneEditorConstructionOptions;

/** Editor options for a big text: the features that walk the whole text on every change are off. */
export const BIG_TEXT_OPTIONS: MonacoEditorNs.IStandaloneEditorConstructionOptions = {
  ...bracketColouring(false),
  largeFileOptimizations: true,
  wordWrap: 'off',
  unicodeHighlight: { ambiguousCharacters: false, invisibleCharacters: false, nonBasicASCII: false },
  bracketPairColorization: { enabled: false },
  guides: { bracketPairs: false, indentation: false },
  matchBrackets: 'never',
  folding: false,
  occurrencesHighlight: 'off',
  selectionHighlight: false,
  stickyScroll: { enabled: false },
  wordBasedSuggestions: 'off',
  links: false,
  colorDecorators: false,
  codeLens: false,
};
