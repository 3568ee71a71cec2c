/** A trace's text while its editor loads: what the editor will show, not a spinner (review17 #9). */
import { fallbackText } from '../editor/fallbackText.ts';

export function TraceFallback({ name, text }: { name: string; text: string }) {
  return (
    <pre className="trace-fallback" tabIndex={0} aria-label={`${name} (the editor is loading)`} aria-busy="true">
      {fallbackText(text)}
    </pre>
  );
}
