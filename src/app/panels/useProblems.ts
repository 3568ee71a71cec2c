/** The problems of every document in the project, active document first, each list sorted. */
import { useMemo } from 'react';
import type { Diagnostic } from '../../core/diagnostics/types.ts';
import { useStudio } from '../state/context.tsx';
import { activeDoc } from '../state/store.ts';
import { diagnosticsOf, type RuleDoc } from '../state/documents.ts';
import { countBySeverity, sortProblems, type SeverityCounts } from './problemTarget.ts';
import { useStore } from 'zustand';
import { verifyStore } from '../verify/verifyStore.ts';

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
    const groups = ordered.map((doc) => {
      const d = diagnosticsOf(doc);
      // The verifier's findings (computed in the worker) join the document's own.
      const found = verified.filter((v) => v.file === doc.fileName && v.target.kind === doc.kind);
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
