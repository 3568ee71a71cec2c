/**
 * GitHub Actions workflow commands for `check --format github`: one
 * `::error file=…,line=…,col=…,endLine=…,endColumn=…,title=…::message` line per diagnostic, which
 * the runner shows as annotations on the pull request.
 */
import type { Diagnostic } from '../../core/diagnostics/types.ts';
import { termSafe } from '../escape.ts';

const COMMAND = { error: 'error', warning: 'warning', info: 'notice' } as const;

/** Escapes a message (data) as the runner reads it back: `%`, CR and LF. */
const escapeData = (s: string) => s.replaceAll('%', '%25').replaceAll('\r', '%0D').replaceAll('\n', '%0A');
/** Escapes a property value: also `:` and `,`, which end a property. */
const escapeProperty = (s: string) => escapeData(s).replaceAll(':', '%3A').replaceAll(',', '%2C');

/** One annotation line; other control characters are escaped so the line stays one command. */
export function githubAnnotation(d: Diagnostic): string {
  const props = [
    `file=${escapeProperty(termSafe(d.file))}`,
    `line=${d.range.start.line}`,
    `col=${d.range.start.column}`,
    `endLine=${Math.max(d.range.end.line, d.range.start.line)}`,
    `endColumn=${d.range.end.column}`,
    `title=${escapeProperty(`rule-studio ${d.code}`)}`,
  ];
  const message = escapeData(d.message.split('\n').map(termSafe).join('\n'));
  return `::${COMMAND[d.severity]} ${props.join(',')}::${message}`;
}

export const githubAnnotations = (list: readonly Diagnostic[]): string[] => list.map(githubAnnotation);
