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
}

/** Problems grouped by document plus the counts over all of them. */
export function useProblems(): { groups: DocProblems[]; counts: SeverityCounts } {
  const docs = useStudio((s) => s.project.docs);
  const active = useStudio(activeDoc);
  const verified = useStore(verifyStore(), (s) => s.diagnostics);
  return useMemo(() => {
    const ordered = active ? [active, ...docs.filter((d) => d !== active)] : docs;
    const groups = ordered.map((doc) => {
      const d = diagnosticsOf(doc);
      // The verifier's findings (computed in the worker) join the document's own.
      const found = verified.filter((v) => v.file === doc.fileName && v.target.kind === doc.kind);
      return { doc, problems: sortProblems([...d.diagnostics, ...found]), textApplies: d.textApplies };
    });
    return { groups, counts: countBySeverity(groups.flatMap((g) => g.problems)) };
  }, [docs, active, verified]);
}
