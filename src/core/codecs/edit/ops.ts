/**
 * Minimal structural edits between two trees in a writer's form (old model → new model), and
 * their application to a text through a format's {@link TextPatcher}. An edit the text cannot take
 * where it is (the file spells that part in another form, or an inline table in TOML) widens to
 * replacing the enclosing value; past `floor` (the element a file spells as a unit, such as one
 * rule) it gives up, and the caller writes the whole file.
 */
import type { DocPath } from '../types.ts';
import { entriesOf, member, sameTree, valueAt } from './tree.ts';

/** One structural edit, at paths relative to the edited element. */
export type TreeOp =
  | { kind: 'replace'; path: DocPath; value: unknown }
  /** `key` a string: a new mapping key (after `after`, when given); a number: an array insertion. */
  | { kind: 'insert'; parent: DocPath; key: string | number; value: unknown; after?: string }
  | { kind: 'remove'; parent: DocPath; key: string | number }
  /**
   * Mapping key `from` renamed `to` where it stands (a phase renamed); the changes of its value
   * follow as ops under the new key. `after`: the key before it in the new mapping, if any.
   */
  | { kind: 'rename'; parent: DocPath; from: string; to: string; after?: string };

/** A format's way of changing a text in place; undefined when it cannot do it there. */
export interface TextPatcher {
  replace(text: string, path: DocPath, value: unknown): string | undefined;
  insert(text: string, parent: DocPath, key: string | number, value: unknown, after?: string): string | undefined;
  remove(text: string, parent: DocPath, key: string | number): string | undefined;
  /** Renames mapping key `from` to `to` in place; absent or undefined where the format cannot (then the entry is removed and written again under its new key). */
  rename?(text: string, parent: DocPath, from: string, to: string): string | undefined;
}

/**
 * The one key of a mapping renamed between `before` and `after` (entries in `eb`, `ea`): exactly
 * one key went and one came, at the same place among the keys both keep. Undefined otherwise.
 */
function renamedKey(eb: readonly (readonly [string, unknown])[], ea: readonly (readonly [string, unknown])[]): { from: string; to: string } | undefined {
  if (eb.length !== ea.length) return undefined;
  const before = new Set(eb.map(([k]) => k));
  const after = new Set(ea.map(([k]) => k));
  const gone = eb.findIndex(([k]) => !after.has(k));
  const came = ea.findIndex(([k]) => !before.has(k));
  if (gone < 0 || gone !== came) return undefined;
  if (eb.some(([k], i) => i !== gone && !after.has(k))) return undefined;
  return { from: eb[gone]![0], to: ea[came]![0] };
}

/** The edits that turn `before` into `after`, mappings key by key, arrays by common ends. */
export function diffTrees(before: unknown, after: unknown, path: DocPath = [], out: TreeOp[] = []): TreeOp[] {
  if (sameTree(before, after)) return out;
  const eb = entriesOf(before);
  const ea = entriesOf(after);
  if (eb && ea) {
    const renamed = renamedKey(eb, ea);
    const nextKeys = new Set(ea.map(([k]) => k));
    for (const [k] of eb) if (!nextKeys.has(k) && k !== renamed?.from) out.push({ kind: 'remove', parent: path, key: k });
    let previous: string | undefined;
    for (const [k, v] of ea) {
      if (k === renamed?.to) {
        out.push({ kind: 'rename', parent: path, from: renamed.from, to: k, ...(previous !== undefined ? { after: previous } : {}) });
        diffTrees(member(before, renamed.from), v, [...path, k], out);
      } else {
        const old = member(before, k);
        if (old === undefined) out.push({ kind: 'insert', parent: path, key: k, value: v, ...(previous !== undefined ? { after: previous } : {}) });
        else diffTrees(old, v, [...path, k], out);
      }
      previous = k;
    }
    return out;
  }
  if (Array.isArray(before) && Array.isArray(after)) {
    if (before.length === after.length) {
      before.forEach((x, i) => diffTrees(x, after[i], [...path, i], out));
      return out;
    }
    let head = 0;
    while (head < before.length && head < after.length && sameTree(before[head], after[head])) head++;
    let tail = 0;
    while (tail < before.length - head && tail < after.length - head && sameTree(before[before.length - 1 - tail], after[after.length - 1 - tail])) tail++;
    for (let i = before.length - tail - 1; i >= head; i--) out.push({ kind: 'remove', parent: path, key: i });
    for (let i = head; i < after.length - tail; i++) out.push({ kind: 'insert', parent: path, key: i, value: after[i] });
    return out;
  }
  out.push({ kind: 'replace', path, value: after });
  return out;
}

/** The path an op works on: its target, or the parent for inserts. */
const anchorOf = (op: TreeOp): DocPath => (op.kind === 'replace' ? op.path : op.kind === 'remove' ? [...op.parent, op.key] : op.kind === 'rename' ? [...op.parent, op.to] : op.parent);

const startsWith = (path: DocPath, prefix: DocPath): boolean => prefix.length <= path.length && prefix.every((p, i) => p === path[i]);

/**
 * The same change made of whole units (`unitOf` gives the unit a path belongs to, such as one
 * rule or one top-level key): each op becomes the replacement of its unit, except inserting or
 * removing a whole unit, which stays. Used when the fine edits do not read back as the new model
 * (the file spells that part in a form whose pieces depend on each other).
 */
export function unitOps(ops: readonly TreeOp[], after: unknown, unitOf: (path: DocPath) => DocPath | undefined): TreeOp[] | undefined {
  const out: TreeOp[] = [];
  const units: DocPath[] = [];
  for (const op of ops) {
    if (op.kind === 'rename') {
      // a renamed unit stays renamed in place; its changes become that unit's replacement below
      const own = [...op.parent, op.to];
      if (unitOf(own)?.length !== own.length) return undefined;
      out.push(op);
      continue;
    }
    if (op.kind !== 'replace') {
      const own = [...op.parent, op.key];
      const unit = unitOf(own);
      if (unit && unit.length === own.length) {
        out.push(op);
        continue;
      }
    }
    const unit = unitOf(anchorOf(op));
    if (!unit) return undefined;
    if (units.some((u) => startsWith(unit, u))) continue;
    units.push(unit);
    out.push({ kind: 'replace', path: unit, value: valueAt(after, unit) });
  }
  return out;
}

/**
 * Applies the ops in order through `patcher`, at `base` + each op's path. An op the patcher
 * cannot take widens to replacing its parent with `after`'s value there (never above `floor`).
 * Undefined when some op cannot be applied.
 */
export function applyOps(
  text: string,
  ops: readonly TreeOp[],
  patcher: TextPatcher,
  base: DocPath,
  after: unknown,
  floor: number,
): string | undefined {
  let cur = text;
  const replaced: DocPath[] = [];
  for (const op of ops) {
    if (replaced.some((r) => startsWith(anchorOf(op), r))) continue;
    let next: string | undefined;
    if (op.kind === 'rename') {
      const renamed = renameIn(cur, op, patcher, base, after);
      next = renamed?.text;
      // written whole under its new key: the changes within it are in already
      if (renamed?.whole) replaced.push([...op.parent, op.to]);
    } else if (op.kind === 'replace') next = patcher.replace(cur, [...base, ...op.path], op.value);
    else if (op.kind === 'insert') next = patcher.insert(cur, [...base, ...op.parent], op.key, op.value, op.after);
    else next = patcher.remove(cur, [...base, ...op.parent], op.key);
    let path = anchorOf(op);
    if (op.kind === 'insert' && next === undefined) path = [...op.parent, op.key];
    while (next === undefined) {
      path = path.slice(0, -1);
      if (path.length < floor) return undefined;
      next = patcher.replace(cur, [...base, ...path], valueAt(after, path));
      if (next !== undefined) replaced.push(path);
    }
    cur = next;
  }
  return cur;
}

/** A rename in place, or else the entry removed and inserted again whole under its new key (`whole`). */
function renameIn(text: string, op: Extract<TreeOp, { kind: 'rename' }>, patcher: TextPatcher, base: DocPath, after: unknown): { text: string; whole: boolean } | undefined {
  const parent = [...base, ...op.parent];
  const inPlace = patcher.rename?.(text, parent, op.from, op.to);
  if (inPlace !== undefined) return { text: inPlace, whole: false };
  const removed = patcher.remove(text, parent, op.from);
  const inserted = removed === undefined ? undefined : patcher.insert(removed, parent, op.to, valueAt(after, [...op.parent, op.to]), op.after);
  return inserted === undefined ? undefined : { text: inserted, whole: true };
}
