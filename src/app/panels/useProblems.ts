/** The problems of every document in the project, active document first, each list sorted. */
import { useMemo } from 'react';
import type { Diagnostic } from '../../core/diagnostics/types.ts';
import { useStudio } from '../state/context.tsx';
import { activeDoc } from '../state/store.ts';
import { diagnosticsOf, type RuleDoc } from '../state/documents.ts';
import { countBySeverity, sortProblems, type SeverityCounts } from './problemTarget.ts';
import { useStore } from 'zustand';
import { verifyStore } from '../verify/verifyStore.ts';
import { codecsIfLoaded } from '../state/codecs.ts';

/** True when `d` is about a file of `doc` (a permission document may hold several files). */
function isAbout(doc: RuleDoc, d: Diagnostic): boolean {
  if (doc.fileName === d.file) return true;
  if (doc.kind !== 'agent') return false;
  return (doc.agent.geminiPolicies ?? []).some((f) => f.path === d.file) || (doc.agent.claudeSettings ?? []).some((f) => f.path === d.file);
}

/**
 * What the project's permission files say only together, beyond each one's own checks (a user
 * Gemini rule an admin rule shadows, a Claude Code rule another scope's shadows), per document.
 */
function togetherOf(docs: readonly RuleDoc[], own: ReadonlyMap<RuleDoc, readonly Diagnostic[]>): Map<RuleDoc, Diagnostic[]> {
  const out = new Map<RuleDoc, Diagnostic[]>();
  const permission = docs.filter((d) => d.kind === 'agent' && (d.agent.family === 'gemini' || d.agent.family === 'claude'));
  const c = codecsIfLoaded();
  if (permission.length < 2 || !c) return out;
  const found = c.togetherDiagnostics(
    permission.flatMap((d) => (d.kind === 'agent' ? [d.agent] : [])),
    permission.flatMap((d) => own.get(d) ?? []),
  );
  for (const f of found) {
    const doc = permission.find((d) => isAbout(d, f));
    if (doc) out.set(doc, [...(out.get(doc) ?? []), f]);
  }
  return out;
}

export interface DocProblems {
  doc: RuleDoc;
  problems: Diagnostic[];
  /** False while the text does not read cleanly (the graph shows the last good model). */
  textApplies: boolean;
  /** True while the text is being read off the main thread (its problems are not known yet). */
  pending: boolean;
}

/**
 * A document's own diagnostics in display order, sorted once per diagnostics list: the Problems
 * list and the counts beside Source both ask, and re-render whenever any document changes
 * (sorting 6,000 diagnostics of a big import took 10-20 ms each time on a loaded machine).
 */
const sortedCache = new WeakMap<readonly Diagnostic[], Diagnostic[]>();
function sortedOf(own: readonly Diagnostic[], found: readonly Diagnostic[]): Diagnostic[] {
  if (found.length > 0) return sortProblems([...own, ...found]);
  let sorted = sortedCache.get(own);
  if (!sorted) sortedCache.set(own, (sorted = sortProblems(own)));
  return sorted;
}

const countsCache = new WeakMap<readonly Diagnostic[], SeverityCounts>();
function countsOf(problems: readonly Diagnostic[]): SeverityCounts {
  let c = countsCache.get(problems);
  if (!c) countsCache.set(problems, (c = countBySeverity(problems)));
  return c;
}

/** Problems grouped by document plus the counts over all of them. */
export function useProblems(): { groups: DocProblems[]; counts: SeverityCounts; pending: boolean } {
  const docs = useStudio((s) => s.project.docs);
  const active = useStudio(activeDoc);
  const verified = useStore(verifyStore(), (s) => s.diagnostics);
  return useMemo(() => {
    const ordered = active ? [active, ...docs.filter((d) => d !== active)] : docs;
    const own = new Map(ordered.map((doc) => [doc, diagnosticsOf(doc)] as const));
    const together = togetherOf(docs, new Map([...own].map(([doc, d]) => [doc, d.diagnostics] as const)));
    const groups = ordered.map((doc) => {
      const d = own.get(doc) ?? diagnosticsOf(doc);
      // The verifier's findings (computed in the worker) and what permission files say only
      // together join the document's own.
      const found = [...verified.filter((v) => v.file === doc.fileName && v.target.kind === doc.kind), ...(together.get(doc) ?? [])];
      return { doc, problems: sortedOf(d.diagnostics, found), textApplies: d.textApplies, pending: d.pending === true };
    });
    // A big text still being read (or written for a graph edit): its problems are not known yet.
    const pending = groups.some((g) => g.pending);
    const counts = { error: 0, warning: 0, info: 0 };
    for (const g of groups) {
      const c = countsOf(g.problems);
      counts.error += c.error;
      counts.warning += c.warning;
      counts.info += c.info;
    }
    return { groups, counts, pending };
  }, [docs, active, verified]);
}
