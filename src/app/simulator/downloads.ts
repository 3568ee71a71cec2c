/** Download names and the act of downloading a text (Blob + `<a download>`). */

/** A file-name-safe stem from trace names (`hooks+states`), at most 60 characters. */
export function exportStem(traceNames: readonly string[]): string {
  const stems = traceNames.map((n) => n.replace(/\.[^.]*$/, '').replace(/[^\w.-]+/g, '_')).filter((s) => s !== '');
  const stem = stems.join('+') || 'simulation';
  return stem.slice(0, 60);
}

/** `<stem>.decisions.jsonl` and `<stem>.summary.md`. */
export const decisionsFileName = (traceNames: readonly string[]): string => `${exportStem(traceNames)}.decisions.jsonl`;
export const summaryFileName = (traceNames: readonly string[]): string => `${exportStem(traceNames)}.summary.md`;

/** Offers `text` as a file download. */
export function downloadText(fileName: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
