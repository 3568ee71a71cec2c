/**
 * Helpers over the trees the writers build (plain JSON or ordered maps): entries in order,
 * lookup by path, deep equality that ignores key order, and conversion to plain JSON.
 */
import type { DocPath } from '../types.ts';
import { OrderedMap, type OrderedValue } from '../write/workflowJson.ts';

/** The entries of a mapping (ordered map or plain object), or undefined for other values. */
export function entriesOf(v: unknown): readonly (readonly [string, unknown])[] | undefined {
  if (v instanceof OrderedMap) return v.entries;
  if (v !== null && typeof v === 'object' && !Array.isArray(v)) return Object.entries(v);
  return undefined;
}

/** True for a mapping (ordered map or plain object). */
export const isMapping = (v: unknown): boolean => entriesOf(v) !== undefined;

/** The member `key` of a mapping, or undefined. */
export function member(v: unknown, key: string): unknown {
  const entries = entriesOf(v);
  if (!entries) return undefined;
  for (const [k, x] of entries) if (k === key) return x;
  return undefined;
}

/** The value at `path` inside `v`, or undefined when the path leads nowhere. */
export function valueAt(v: unknown, path: DocPath): unknown {
  let cur = v;
  for (const part of path) {
    if (typeof part === 'number') cur = Array.isArray(cur) ? (cur as unknown[])[part] : undefined;
    else cur = member(cur, part);
    if (cur === undefined) return undefined;
  }
  return cur;
}

/** Deep equality of JSON-like trees; mapping key order does not matter. */
export function sameTree(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((x, i) => sameTree(x, b[i]));
  }
  const ea = entriesOf(a);
  const eb = entriesOf(b);
  if (!ea || !eb) return false;
  if (ea.length !== eb.length) return false;
  const byKey = new Map(eb);
  return ea.every(([k, x]) => byKey.has(k) && sameTree(x, byKey.get(k)));
}

/** The tree as plain JSON (ordered maps become objects). */
export function plainOf(v: OrderedValue | unknown): unknown {
  if (Array.isArray(v)) return v.map(plainOf);
  const entries = entriesOf(v);
  if (!entries) return v;
  const out: Record<string, unknown> = {};
  for (const [k, x] of entries) Object.defineProperty(out, k, { value: plainOf(x), enumerable: true, writable: true, configurable: true });
  return out;
}
