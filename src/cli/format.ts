/** Human output for diagnostics: `file:line:col severity code message`, one per line. */
import type { Diagnostic } from '../core/diagnostics/types.ts';
import { termSafe } from './escape.ts';

/** One line per diagnostic; control characters in the path and message are escaped (see {@link termSafe}). */
export function formatDiagnostic(d: Diagnostic): string {
  return `${termSafe(d.file)}:${d.range.start.line}:${d.range.start.column} ${d.severity} ${termSafe(d.code)} ${termSafe(d.message)}`;
}

/** A closing count line, e.g. `2 errors, 1 warning, 0 infos`. */
export function summarize(list: readonly Diagnostic[]): string {
  const n = (sev: Diagnostic['severity']) => list.filter((d) => d.severity === sev).length;
  const plural = (k: number, w: string) => `${k} ${w}${k === 1 ? '' : 's'}`;
  return `${plural(n('error'), 'error')}, ${plural(n('warning'), 'warning')}, ${plural(n('info'), 'info')}`;
}
