import type { Diagnostic, Range, Severity, Target } from './types.ts';

/** Builds a diagnostic; the one constructor every producer uses. */
export function diag(
  code: string,
  severity: Severity,
  message: string,
  file: string,
  range: Range,
  target: Target = { kind: 'file' },
): Diagnostic {
  return { code, severity, message, file, range, target };
}

/** Sorts diagnostics by file, then position, then code: the order every output uses. */
export function sortDiagnostics(list: readonly Diagnostic[]): Diagnostic[] {
  return [...list].sort(
    (a, b) =>
      (a.file < b.file ? -1 : a.file > b.file ? 1 : 0) ||
      a.range.start.line - b.range.start.line ||
      a.range.start.column - b.range.start.column ||
      (a.code < b.code ? -1 : a.code > b.code ? 1 : 0),
  );
}
