/**
 * The studio's quick fixes (a core diagnostic's `fix`) as LSP code actions with workspace edits,
 * for the diagnostics the server last published that touch the requested range (so a client that
 * drops a diagnostic's `data` still gets them).
 */
import { CodeActionKind, type CodeAction, type Range as LspRange } from 'vscode-languageserver';
import type { Diagnostic } from '../../core/diagnostics/types.ts';
import { lspDiagnostic, lspRange } from './convert.ts';

const before = (a: { line: number; character: number }, b: { line: number; character: number }) =>
  a.line < b.line || (a.line === b.line && a.character < b.character);

/** One quick-fix code action per diagnostic with a fix whose range meets `range`. */
export function codeActionsFor(
  uri: string,
  diagnostics: readonly Diagnostic[],
  range: LspRange,
): CodeAction[] {
  const actions: CodeAction[] = [];
  for (const d of diagnostics) {
    if (!d.fix) continue;
    const r = lspRange(d.range);
    if (before(r.end, range.start) || before(range.end, r.start)) continue;
    actions.push({
      title: d.fix.title,
      kind: CodeActionKind.QuickFix,
      diagnostics: [lspDiagnostic(d)],
      isPreferred: true,
      edit: {
        changes: { [uri]: d.fix.edits.map((e) => ({ range: lspRange(e.range), newText: e.text })) },
      },
    });
  }
  return actions;
}
