/**
 * What every dialect's Policy view reads and asks alike: the project's sessions as the policy
 * worker takes them, a rule file with one rule's text replaced (a what-if's draft), and why the
 * dialect refuses the edited files.
 */
import { useMemo } from 'react';
import type { Diagnostic } from '../../core/diagnostics/types.ts';
import { useStudio } from '../state/context.tsx';
import { readingError, type RuleDoc } from '../state/documents.ts';

/**
 * A permission document's files as the agent reads them: while the document's text does not
 * parse, its model keeps the last good text (the graph and the Inspector show that version,
 * review17 s2), but the agent would read the text as it is — so the Policy view decides with that
 * (and says the dialect refuses it).
 */
export function filesAsWritten<F extends { text: string }>(doc: RuleDoc, files: readonly F[] | undefined): F[] {
  const list = files ?? [];
  return list.length === 1 && readingError(doc) !== undefined ? list.map((f) => ({ ...f, text: doc.text })) : [...list];
}

/** The project's traces as the policy worker's sessions (name and text), kept while they are the same. */
export function usePolicySessions(): { name: string; text: string }[] {
  const traces = useStudio((s) => s.project.traces);
  return useMemo(() => (traces ?? []).map((t) => ({ name: t.name, text: t.text })), [traces]);
}

/** The files with the rule at `[start, end)` of `file` replaced by `text`; the other files as they are. */
export function withRuleText<F extends { path: string; text: string }>(files: readonly F[], rule: { file: string; start: number; end: number }, text: string): F[] {
  return files.map((f) => (f.path === rule.file ? { ...f, text: f.text.slice(0, rule.start) + text + f.text.slice(rule.end) } : f));
}

/** Why the dialect refuses edited files: its first diagnostic at line:col, else `fallback`. */
export function refusalOf(diagnostics: readonly Diagnostic[], fallback: string): string {
  const first = diagnostics[0];
  return first ? `${first.code} at ${first.range.start.line}:${first.range.start.column}: ${first.message}` : fallback;
}
