/**
 * Quick fixes in the Source editor: a diagnostic that carries a fix (F010 "convert this rule",
 * F011 "move the rules") becomes a Monaco code action on its lines (the light bulb, Ctrl/Cmd+.).
 * Applying it edits the editor's text, which reaches the store like typing (one undo step).
 */
import type { editor as MonacoEditorNs, IRange, languages } from 'monaco-editor/esm/vs/editor/editor.api.js';
import type { Diagnostic } from '../../core/diagnostics/types.ts';
import type { Monaco } from './monacoSetup.ts';

/** The diagnostics of each model (by URI) that have a fix. */
const fixable = new Map<string, readonly Diagnostic[]>();

/** Remembers the fixable diagnostics shown on a model. */
export function setFixes(modelUri: string, diagnostics: readonly Diagnostic[]): void {
  const withFix = diagnostics.filter((d) => d.fix);
  if (withFix.length > 0) fixable.set(modelUri, withFix);
  else fixable.delete(modelUri);
}

/** The diagnostics with a fix whose lines meet the lines of `range`. */
export function fixesAt(diagnostics: readonly Diagnostic[], range: Pick<IRange, 'startLineNumber' | 'endLineNumber'>): Diagnostic[] {
  return diagnostics.filter((d) => d.fix && d.range.start.line <= range.endLineNumber && Math.max(d.range.end.line, d.range.start.line) >= range.startLineNumber);
}

let registered = false;

/** Registers the code action provider once, for every language the Source pane uses. */
export function registerQuickFixes(monaco: Monaco, languageIds: readonly string[]): void {
  if (registered) return;
  registered = true;
  const provider: languages.CodeActionProvider = {
    provideCodeActions(model: MonacoEditorNs.ITextModel, range) {
      const here = fixesAt(fixable.get(model.uri.toString()) ?? [], range);
      const actions: languages.CodeAction[] = here.map((d, i) => ({
        title: d.fix?.title ?? 'Fix',
        kind: 'quickfix',
        isPreferred: i === 0,
        edit: {
          edits: (d.fix?.edits ?? []).map((e) => ({
            resource: model.uri,
            versionId: model.getVersionId(),
            textEdit: { range: new monaco.Range(e.range.start.line, e.range.start.column, e.range.end.line, e.range.end.column), text: e.text },
          })),
        },
      }));
      return { actions, dispose() {} };
    },
  };
  for (const id of languageIds) monaco.languages.registerCodeActionProvider(id, provider, { providedCodeActionKinds: ['quickfix'] });
}
