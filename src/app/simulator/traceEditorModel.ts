/**
 * What the trace editor shows for a trace (pure, so Vitest checks it in Node): scripted YAML is
 * edited in Monaco with the schema; recorded logs open read-only; very large ones get a summary
 * instead of an editor. The reader's error items become markers on their lines.
 */
import type { Diagnostic } from '../../core/diagnostics/types.ts';
import { detectTraceFormat, readTrace, type TraceFormat } from '../../core/traces/index.ts';
import type { TraceDoc } from '../state/store.ts';

/** Traces longer than this (characters, ≈ 2 MB) get a summary instead of an editor. */
export const MAX_EDITOR_CHARS = 2 * 1024 * 1024;

/** How much of a text format detection looks at. */
const HEAD = 64 * 1024;

export type TraceView =
  | { mode: 'scripted'; format: 'scripted' }
  | { mode: 'readonly'; format: TraceFormat }
  | { mode: 'summary'; format: TraceFormat; chars: number; lines: number };

/** Lines of a text (a final newline does not start another line). */
export function countLines(text: string): number {
  if (text === '') return 0;
  let n = 1;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) n++;
  return text.endsWith('\n') ? n - 1 : n;
}

/** How the editor shows `trace`: editable scripted YAML, a read-only log, or a summary. */
export function traceViewOf(trace: Pick<TraceDoc, 'name' | 'text'>): TraceView {
  const format = detectTraceFormat(trace.name, trace.text.slice(0, HEAD));
  if (trace.text.length > MAX_EDITOR_CHARS) return { mode: 'summary', format, chars: trace.text.length, lines: countLines(trace.text) };
  return format === 'scripted' ? { mode: 'scripted', format } : { mode: 'readonly', format };
}

/**
 * The reader's error items of a trace as diagnostics covering their whole line (the message
 * without its `line N:` prefix, which the marker's position already says).
 */
export function traceProblems(trace: Pick<TraceDoc, 'name' | 'text'>): Diagnostic[] {
  const errors = readTrace(trace.name, trace.text).items.flatMap((i) => (i.kind === 'error' ? [i] : []));
  if (errors.length === 0) return [];
  const lines = trace.text.split('\n');
  return errors.map((e) => {
    const text = lines[e.line - 1] ?? '';
    const indent = text.length - text.trimStart().length;
    return {
      code: 'trace',
      severity: 'error',
      message: e.message.replace(/^line \d+: /, ''),
      file: trace.name,
      range: { start: { line: e.line, column: indent + 1 }, end: { line: e.line, column: Math.max(indent + 1, text.trimEnd().length + 1) } },
      target: { kind: 'file' },
    };
  });
}

/** `base` (e.g. `scenario.yaml`), or `scenario-2.yaml`, `scenario-3.yaml`… when taken. */
export function uniqueTraceName(taken: readonly string[], base: string): string {
  if (!taken.includes(base)) return base;
  const dot = base.lastIndexOf('.');
  const [stem, ext] = dot > 0 ? [base.slice(0, dot), base.slice(dot)] : [base, ''];
  for (let n = 2; ; n++) {
    const name = `${stem}-${n}${ext}`;
    if (!taken.includes(name)) return name;
  }
}

/** `1.5 MB`, `820 KB`: a size for people. */
export function formatSize(chars: number): string {
  return chars >= 1048576 ? `${(chars / 1048576).toFixed(1)} MB` : `${Math.max(1, Math.round(chars / 1024))} KB`;
}
