/**
 * Appending a list to a list without spreading it into arguments: `out.push(...items)` passes
 * every item as an argument, and past about 100,000 items V8 throws "Maximum call stack size
 * exceeded" (a workflow with 130,000 unknown keys once did, in the loader). A lint rule forbids the
 * spread in src/core and src/cli; call this instead.
 */

/** Appends every item of `items` to `out`, in order, and returns `out`. Linear; no argument spread. */
export function append<T>(out: T[], items: Iterable<T>): T[] {
  for (const item of items) out.push(item);
  return out;
}
