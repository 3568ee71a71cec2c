/**
 * What the trace editor shows for a trace (pure, so Vitest checks it in Node): scripted YAML is
 * edited in Monaco with the schema; recorded logs open read-only; very large ones get a summary
 * instead of an editor. The reader's error items become markers on their lines.
 */
import type { Diagnostic } from '../../core/diagnostics/types.ts';
import { detectTraceFormat, readTrace, scriptedDedupeWarnings, scriptedOutline, type TraceFormat } from '../../core/traces/index.ts';
import { profileFor } from '../../core/engine/settings.ts';
import type { TraceDoc } from '../state/store.ts';
import type { SettingsForm } from './settingsForm.ts';

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

/** A diagnostic of a trace from `line`:`column` to the end of that line's text. */
function lineDiagnostic(trace: Pick<TraceDoc, 'name'>, lines: readonly string[], p: { line: number; column?: number; message: string }, severity: 'error' | 'warning'): Diagnostic {
  const text = lines[p.line - 1] ?? '';
  const indent = text.length - text.trimStart().length;
  const column = p.column ?? indent + 1;
  return {
    code: severity === 'error' ? 'trace' : 'trace-dedupe',
    severity,
    message: p.message.replace(/^line \d+: /, ''),
    file: trace.name,
    range: { start: { line: p.line, column }, end: { line: p.line, column: Math.max(column, text.trimEnd().length + 1) } },
    target: { kind: 'file' },
  };
}

/**
 * The problems of a trace as diagnostics on their lines (the message without its `line N:`
 * prefix, which the marker's position already says): for a scripted trace its errors from their
 * column (read without expanding `repeat`) and, with a dedupe window, a warning on each step the
 * window merges; for a recorded log the reader's error items, each on its whole line.
 */
export function traceProblems(trace: Pick<TraceDoc, 'name' | 'text'>, dedupeWindowMs = 0): Diagnostic[] {
  const lines = trace.text.split('\n');
  if (detectTraceFormat(trace.name, trace.text.slice(0, HEAD)) === 'scripted') {
    const { problems, steps } = scriptedOutline(trace.text);
    const warnings = scriptedDedupeWarnings(steps, dedupeWindowMs);
    return [...problems.map((p) => lineDiagnostic(trace, lines, p, 'error')), ...warnings.map((w) => lineDiagnostic(trace, lines, w, 'warning'))];
  }
  const errors = readTrace(trace.name, trace.text).items.flatMap((i) => (i.kind === 'error' ? [i] : []));
  return errors.map((e) => lineDiagnostic(trace, lines, { line: e.line, message: e.message }, 'error'));
}

/**
 * The dedupe window a run with this form and agent family would use, in ms (0: off): the form's,
 * except under the Letta and Claude Code profiles, which have none. A half-typed window counts as off.
 */
export function dedupeWindowOf(form: Pick<SettingsForm, 'dedupeWindowMs' | 'profile'>, family: string | undefined): number {
  const profile = family === 'claude' ? 'claude' : profileFor(form.profile === 'file' ? undefined : form.profile, { family });
  if (profile === 'letta' || profile === 'claude') return 0;
  return /^\s*\d+\s*$/.test(form.dedupeWindowMs) ? Number(form.dedupeWindowMs) : 0;
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
