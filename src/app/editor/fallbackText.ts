/** What the plain stand-in shows while the editor loads: the start of the text, whole lines. */
export const FALLBACK_CHARS = 20_000;

/** At most {@link FALLBACK_CHARS} of `text` (a 3 MB text in one `<pre>` takes the browser tens of seconds to lay out). */
export function fallbackText(text: string): string {
  if (text.length <= FALLBACK_CHARS) return text;
  const cut = text.lastIndexOf('\n', FALLBACK_CHARS);
  return `${text.slice(0, cut > 0 ? cut : FALLBACK_CHARS)}\n…`;
}
