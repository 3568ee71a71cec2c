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

/**
 * The path to the first array or object nested deeper than `max` levels below `value` (the value
 * itself is level 0), or undefined when none is. Iterative and linear: each value is visited once
 * and the path is built only when found.
 */
export function pathTooDeep(value: unknown, max: number): DocPath | undefined {
  const stack: Visit[] = [{ v: value, depth: 0 }];
  while (stack.length > 0) {
    const visit = stack.pop() as Visit;
    const { v, depth } = visit;
    if (v === null || typeof v !== 'object') continue;
    if (depth > max) return pathOf(visit);
    // Only arrays and objects can nest: scalars get no visit (most values of a rule file are scalars).
    if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) {
        const child: unknown = v[i];
        if (child !== null && typeof child === 'object') stack.push({ v: child, depth: depth + 1, key: i, parent: visit });
      }
    } else {
      const keys = Object.keys(v);
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
