/**
 * Where a long tool or phase name may wrap on a node: after `_`, `.`, `-`, `/`, `:` or `|` and between
 * a lower-case letter and an upper-case one (camelCase), so `archival_memory_insert` wraps as
 * `archival_memory_` / `insert` rather than mid-word. The parts join back to the name.
 */
export function nameParts(name: string): string[] {
  const parts = name.split(/(?<=[_./:|-])(?=.)|(?<=[a-z])(?=[A-Z])/u);
  return parts.filter((p) => p !== '');
}
