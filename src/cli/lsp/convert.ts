/** Core diagnostics and ranges (1-based) as LSP's (0-based, UTF-16 columns, end exclusive in both). */
import type { Diagnostic as LspDiagnostic, Range as LspRange } from 'vscode-languageserver';
import type { Diagnostic, Range } from '../../core/diagnostics/types.ts';

const SEVERITY = { error: 1, warning: 2, info: 3 } as const;

/** A core range as an LSP range. */
export function lspRange(r: Range): LspRange {
  const start = { line: r.start.line - 1, character: r.start.column - 1 };
  const end = { line: r.end.line - 1, character: r.end.column - 1 };
  // A core range that ends before it starts (never expected) is shown as its start.
  return end.line < start.line || (end.line === start.line && end.character < start.character)
    ? { start, end: start }
    : { start, end };
}

/** A core diagnostic as an LSP diagnostic; its quick fix travels in `data` for the code action. */
export function lspDiagnostic(d: Diagnostic): LspDiagnostic {
  return {
    range: lspRange(d.range),
    severity: SEVERITY[d.severity],
    code: d.code,
    source: 'rule-studio',
    message: d.message,
    ...(d.fix ? { data: { fix: d.fix } } : {}),
  };
}

/** Whether a 0-based position lies in a core (1-based) range, ends included. */
export function rangeHolds(r: Range, line: number, character: number): boolean {
  const l = line + 1;
  const c = character + 1;
  if (l < r.start.line || l > r.end.line) return false;
  if (l === r.start.line && c < r.start.column) return false;
  if (l === r.end.line && c > r.end.column) return false;
  return true;
}
