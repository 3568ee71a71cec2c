/**
 * Validator findings as Monaco marker data. Pure (Monaco's severity numbers are passed in), so
 * Vitest checks the mapping without a browser.
 */
import type { Diagnostic, Severity } from '../../core/diagnostics/types.ts';

/** The subset of `monaco.editor.IMarkerData` this module fills. */
export interface MarkerData {
  startLineNumber: number;
  startColumn: number;
  endLineNumber: number;
  endColumn: number;
  severity: number;
  message: string;
  code: string;
  source: string;
}

/** Monaco's `MarkerSeverity` values, passed in so this module does not import Monaco. */
export interface MarkerSeverities {
  Error: number;
  Warning: number;
  Info: number;
}

/** The marker owner of validator findings (monaco-yaml's schema markers use their own owner). */
export const MARKER_OWNER = 'rule-studio';

const severityOf = (s: Severity, m: MarkerSeverities): number => (s === 'error' ? m.Error : s === 'warning' ? m.Warning : m.Info);

/**
 * One marker per diagnostic at its 1-based range, clamped to the text's lines so a finding about
 * a stale text never points past the end. An empty range stays empty: Monaco widens it to the
 * word at that position.
 */
export function markersOf(diagnostics: readonly Diagnostic[], severities: MarkerSeverities, lineCount: number): MarkerData[] {
  const last = Math.max(1, lineCount);
  return diagnostics.map((d) => {
    const startLineNumber = Math.min(Math.max(1, d.range.start.line), last);
    const endLineNumber = Math.min(Math.max(startLineNumber, d.range.end.line), last);
    const startColumn = Math.max(1, d.range.start.column);
    const endColumn = endLineNumber === startLineNumber ? Math.max(startColumn, d.range.end.column) : Math.max(1, d.range.end.column);
    return {
      startLineNumber,
      startColumn,
      endLineNumber,
      endColumn,
      severity: severityOf(d.severity, severities),
      message: d.message,
      code: d.code,
      source: 'Rule Studio',
    };
  });
}
