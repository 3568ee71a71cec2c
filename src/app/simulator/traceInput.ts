/** Small pure helpers of the traces list. */

/** Trace files larger than this are refused (replay them from the CLI). */
export const MAX_TRACE_FILE_BYTES = 200 * 1024 * 1024;

/** `ids` with `id` added or removed (order kept). */
export function toggleId(ids: readonly string[], id: string): string[] {
  return ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id];
}
