/** The bottom panel: Problems and Source tabs. */
import { ProblemsList } from '../ProblemsList.tsx';
import { useStudio } from '../state/context.tsx';
import { activeDoc } from '../state/store.ts';
import { diagnosticsOf } from '../state/documents.ts';

export function BottomPanel() {
  const doc = useStudio(activeDoc);
  const diagnostics = doc ? diagnosticsOf(doc).diagnostics : [];
  return (
    <div className="bottom-panel">
      <ProblemsList diagnostics={diagnostics} />
      <section aria-label="Source">
        <pre>{doc?.text}</pre>
      </section>
    </div>
  );
}
