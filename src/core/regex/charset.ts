/**
 * Sets of Unicode scalar values as sorted, non-overlapping, non-adjacent inclusive ranges stored
 * flat (`[s0, e0, s1, e1, …]`). Surrogates (U+D800–U+DFFF) are never members, as with Rust's `char`.
 */
export type CharSet = readonly number[];

export const MAX_CHAR = 0x10ffff;
const SUR_LO = 0xd800;
const SUR_HI = 0xdfff;

/** Sorts, merges and drops surrogates from arbitrary inclusive ranges. */
export function normalize(flat: readonly number[]): CharSet {
  const pairs: [number, number][] = [];
  for (let i = 0; i < flat.length; i += 2) {
    const s = flat[i]!;
    const e = flat[i + 1]!;
    if (e < SUR_LO || s > SUR_HI) pairs.push([s, e]);
    else {
      if (s < SUR_LO) pairs.push([s, SUR_LO - 1]);
      if (e > SUR_HI) pairs.push([SUR_HI + 1, e]);
    }
  }
  pairs.sort((a, b) => a[0] - b[0]);
  const out: number[] = [];
  for (const [s, e] of pairs) {
    const n = out.length;
    if (n > 0 && s <= out[n - 1]! + 1) {
      if (e > out[n - 1]!) out[n - 1] = e;
    } else out.push(s, e);
  }
  // Ranges that meet only across the surrogate gap stay apart, as in Rust's class of chars.
  return out;
}

export function single(c: number): CharSet {
  return [c, c];
}

export function union(a: CharSet, b: CharSet): CharSet {
  if (a.length === 0) return b;
  if (b.length === 0) return a;
  return normalize([...a, ...b]);
}

/** Everything not in `a` (scalar values only). */
export function negate(a: CharSet): CharSet {
  const out: number[] = [];
  let next = 0;
  for (let i = 0; i < a.length; i += 2) {
    if (a[i]! > next) out.push(next, a[i]! - 1);
    next = a[i + 1]! + 1;
  }
  if (next <= MAX_CHAR) out.push(next, MAX_CHAR);
  return normalize(out);
}

export function intersect(a: CharSet, b: CharSet): CharSet {
  const out: number[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const s = Math.max(a[i]!, b[j]!);
    const e = Math.min(a[i + 1]!, b[j + 1]!);
    if (s <= e) out.push(s, e);
    if (a[i + 1]! < b[j + 1]!) i += 2;
    else j += 2;
  }
  return out;
}

export function difference(a: CharSet, b: CharSet): CharSet {
  return intersect(a, negate(b));
}

export function symmetricDifference(a: CharSet, b: CharSet): CharSet {
  return difference(union(a, b), intersect(a, b));
}

/** Binary search: is `c` in the set? */
export function has(set: ArrayLike<number>, c: number): boolean {
  let lo = 0;
  let hi = (set.length >> 1) - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (c < set[mid * 2]!) hi = mid - 1;
    else if (c > set[mid * 2 + 1]!) lo = mid + 1;
    else return true;
  }
  return false;
}

export function isAscii(set: CharSet): boolean {
  return set.length === 0 || set[set.length - 1]! <= 0x7f;
}

export function isEmpty(set: CharSet): boolean {
  return set.length === 0;
}

/** The set from ranges of [start, end] pairs. */
export function fromPairs(pairs: readonly (readonly [number, number])[]): CharSet {
  return normalize(pairs.flat());
}
