/** Human output for diagnostics: `file:line:col severity code message`, one per line. */
import type { Diagnostic } from '../core/diagnostics/types.ts';

/** One line per diagnostic; control characters in messages are escaped so a line stays a line. */
export function formatDiagnostic(d: Diagnostic): string {
  let msg = '';
  for (const ch of d.message) {
    const c = ch.charCodeAt(0);
    msg += ch === '\n' ? '\\n' : c < 32 || c === 127 ? `\\u${c.toString(16).padStart(4, '0')}` : ch;
  }
  return `${d.file}:${d.range.start.line}:${d.range.start.column} ${d.severity} ${d.code} ${msg}`;
}

/** A closing count line, e.g. `2 errors, 1 warning, 0 infos`. */
export function summarize(list: readonly Diagnostic[]): string {
  const n = (sev: Diagnostic['severity']) => list.filter((d) => d.severity === sev).length;
  const plural = (k: number, w: string) => `${k} ${w}${k === 1 ? '' : 's'}`;
  return `${plural(n('error'), 'error')}, ${plural(n('warning'), 'warning')}, ${plural(n('info'), 'info')}`;
}
