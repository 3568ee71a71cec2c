/**
 * Counts for the UI with thousands grouped by commas (`6,031`), without `Intl`: the first
 * `toLocaleString` of a page loads ICU data in a task of a few hundred milliseconds.
 */
export function formatCount(n: number): string {
  const s = String(Math.trunc(Math.abs(n)));
  let out = '';
  for (let i = 0; i < s.length; i++) out += (i > 0 && (s.length - i) % 3 === 0 ? ',' : '') + s[i];
  return n < 0 ? `-${out}` : out;
}
