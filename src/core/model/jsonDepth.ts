/**
 * How deep data nests, measured without recursion (the data may be nested deeper than the stack
 * is tall). Readers refuse files nested deeper than a rule file ever is, so every writer, which
 * recurses per level, works on data of bounded depth.
 */
import type { DocPath } from '../codecs/types.ts';

interface Visit {
  v: unknown;
  depth: number;
  key?: string | number;
  parent?: Visit;
}

/** Where data goes past a budget: too deep, or more values than allowed (see {@link pathPastBudget}). */
export interface PastBudget {
  kind: 'depth' | 'values';
  /** The path to the array or object nested too deep, or to the container whose member went past the value budget. */
  path: DocPath;
}

/**
 * The path to the first array or object nested deeper than `max` levels below `value` (the value
 * itself is level 0), or undefined when none is. Iterative and linear: each value is visited once
 * and the path is built only when found.
 */
export function pathTooDeep(value: unknown, max: number): DocPath | undefined {
  const past = pathPastBudget(value, max, Infinity);
  return past?.path;
}

/**
 * Walks `value` as a writer would, counting every array member and object entry each time it is
 * reached: data shared by reference (what YAML aliases read into) counts once per reference, so
 * 999 aliases to one 200,000-item list count 199.8 million. Stops at the first array or object
 * deeper than `maxDepth` or at the member that takes the count past `maxValues`, so the walk itself
 * costs at most `maxValues` steps. Iterative: depth cannot overflow the stack.
 */
export function pathPastBudget(value: unknown, maxDepth: number, maxValues: number): PastBudget | undefined {
  const stack: Visit[] = [{ v: value, depth: 0 }];
  let values = 0;
  while (stack.length > 0) {
    const visit = stack.pop() as Visit;
    const { v, depth } = visit;
    if (v === null || typeof v !== 'object') continue;
    if (depth > maxDepth) return { kind: 'depth', path: pathOf(visit) };
    // Only arrays and objects can nest: scalars are counted but get no visit.
    if (Array.isArray(v)) {
      values += v.length;
      if (values > maxValues) return { kind: 'values', path: pathOf(visit) };
      for (let i = v.length - 1; i >= 0; i--) {
        const child: unknown = v[i];
        if (child !== null && typeof child === 'object') stack.push({ v: child, depth: depth + 1, key: i, parent: visit });
      }
    } else {
      const keys = Object.keys(v);
      values += keys.length;
      if (values > maxValues) return { kind: 'values', path: pathOf(visit) };
      for (let i = keys.length - 1; i >= 0; i--) {
        const k = keys[i] as string;
        const child = (v as Record<string, unknown>)[k];
        if (child !== null && typeof child === 'object') stack.push({ v: child, depth: depth + 1, key: k, parent: visit });
      }
    }
  }
  return undefined;
}

function pathOf(visit: Visit): DocPath {
  const path: (string | number)[] = [];
  for (let at: Visit | undefined = visit; at?.key !== undefined; at = at.parent) path.push(at.key);
  return path.reverse();
}
