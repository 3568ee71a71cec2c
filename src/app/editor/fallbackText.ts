/** What the plain stand-in shows while the editor loads: the start of the text, whole lines. */
export const FALLBACK_CHARS = 20_000;

/**
 * What a big text waiting to be opened in the editor shows of itself: its first hundred lines or
 * so (laying out the 20,000-character stand-in took 120 ms of the import's first render on a loaded
 * machine, profiled).
 */
export const PREVIEW_CHARS = 4_000;

/** At most `chars` of `text`, cut at a line end (a 3 MB text in one `<pre>` takes the browser tens of seconds to lay out). */
export function fallbackText(text: string, chars = FALLBACK_CHARS): string {
  if (text.length <= chars) return text;
  const cut = text.lastIndexOf('\n', chars);
  return `${text.slice(0, cut > 0 ? cut : chars)}\n…`;
}
