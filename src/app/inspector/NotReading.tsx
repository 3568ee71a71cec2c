/**
 * The Inspector of a document whose text does not read: says so, with the first error and a link
 * to its place in Source, as the canvas does. A file that never read has no model to count (its
 * "0 tools" would be a claim the text does not make); one that read before shows its last version,
 * and this says that is what the rest of the Inspector shows.
 */
import type { Diagnostic } from '../../core/diagnostics/types.ts';
import type { RuleDoc } from '../state/documents.ts';
import { neverRead } from '../state/documents.ts';
import { useStudioStore } from '../state/context.tsx';
import { Button } from '../components/ui/Button.tsx';
import { CodeText } from '../components/ui/CodeText.tsx';

export function NotReading({ doc, error }: { doc: RuleDoc; error: Diagnostic }) {
  const store = useStudioStore();
  const { line, column } = error.range.start;
  const never = neverRead(doc);
  return (
    <section className="insp-section insp-not-reading" aria-label={`${doc.fileName} does not read`}>
      <h2>{never ? `${doc.fileName} does not read yet` : `${doc.fileName} does not read`}</h2>
      <p>
        <CodeText text={`${error.message} (line ${line}, column ${column}).`} />
      </p>
      <Button variant="link" label={`Go to line ${line}, column ${column}`} onClick={() => store.getState().revealRange(doc.id, error.range)} />
      <p className="muted">
        {never
          ? 'Its tools and rules show here once the text reads; nothing you typed is lost.'
          : 'Below is the last version that read cleanly; edits wait until the text reads.'}
      </p>
    </section>
  );
}
