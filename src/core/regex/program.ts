/**
 * HIR → a Thompson NFA over code points (a program for the Pike VM), and the size check that
 * stands in for `regex`'s 10 MiB NFA size limit.
 */
import type { CharSet } from './charset.ts';
import { canMatchEmpty, type Hir, type Look } from './syntax/translate.ts';
import { append } from '../model/append.ts';

export const OP_MATCH = 0;
export const OP_CHAR = 1;
export const OP_SPLIT = 2;
export const OP_JMP = 3;
export const OP_LOOK = 4;

export const LOOKS: readonly Look[] = ['start', 'end', 'start-lf', 'end-lf', 'start-crlf', 'end-crlf', 'word', 'not-word', 'word-start', 'word-end', 'word-start-half', 'word-end-half'];

/** A class compiled for matching: an ASCII bitmap plus the ranges above ASCII. */
export interface CharMatcher {
  readonly ascii: Uint8Array;
  readonly ranges: Int32Array;
}

export interface Program {
  readonly op: Uint8Array;
  /** CHAR: matcher index; LOOK: look index (+ 16 when ASCII word semantics). */
  readonly arg: Int32Array;
  readonly out: Int32Array;
  /** SPLIT: the lower-priority branch. */
  readonly out2: Int32Array;
  readonly matchers: readonly CharMatcher[];
  readonly start: number;
  /** Whether any LOOK instruction needs the word-character tables. */
  readonly usesWordLook: boolean;
}

/** regex's default `size_limit` for the NFA (regex/src/builders.rs: 10 * (1 << 20)). */
export const SIZE_LIMIT = 10 * (1 << 20);

/**
 * Approximate bytes of regex-automata's Thompson NFA builder for `h` (32 bytes a state plus
 * 8 per sparse transition, 4 per union alternate). Unicode classes are costed by the number of
 * UTF-8 byte-range sequences they need. An approximation: exact agreement with Rust is
 * only claimed far from the limit (see docs/spec-decisions.md).
 */
export function estimateSize(h: Hir): number {
  switch (h.t) {
    case 'empty':
      return 32;
    case 'look':
      return 32;
    case 'class':
      return classCost(h.set);
    case 'concat':
      return h.subs.reduce((a, s) => a + estimateSize(s), 0);
    case 'alternation':
      return h.subs.reduce((a, s) => a + estimateSize(s), 32 + 4 * h.subs.length);
    case 'repetition': {
      // x{n} is n copies of x; each optional copy or loop adds a union state (32 + 2 × 4 bytes).
      const sub = estimateSize(h.sub);
      const copies = h.max === null ? Math.max(h.min, 1) : h.max;
      const unions = h.max === null ? 1 : h.max - h.min;
      return copies * sub + unions * 40;
    }
  }
}

const UTF8_BOUNDS = [0x7f, 0x7ff, 0xffff, 0x10ffff];
function classCost(set: CharSet): number {
  let sequences = 0;
  for (let i = 0; i < set.length; i += 2) {
    let s = set[i]!;
    const e = set[i + 1]!;
    // Split at UTF-8 length boundaries, then count the 64-aligned blocks each piece spans.
    for (let k = 0; k < UTF8_BOUNDS.length && s <= e; k++) {
      const hi = Math.min(e, UTF8_BOUNDS[k]!);
      if (s > hi) continue;
      sequences += k === 0 ? 1 : Math.min(1 + Math.floor(hi / 64) - Math.floor(s / 64), 3 * k);
      s = hi + 1;
    }
  }
  // Calibrated on regex-automata's documented example: \w{20} needs between 300,000 and 500,000 bytes.
  if (set.length > 0 && set[set.length - 1]! <= 0x7f) return set.length === 2 ? 32 : 32 + 8 * (set.length / 2);
  return 32 + sequences * 16;
}

class Builder {
  op: number[] = [];
  arg: number[] = [];
  out: number[] = [];
  out2: number[] = [];
  matchers: CharMatcher[] = [];
  /** Matchers by set: by identity, and by content for small sets (literals repeat a lot). */
  private matcherIndex = new Map<CharSet | string, number>();
  usesWordLook = false;

  emit(op: number, arg = 0): number {
    this.op.push(op);
    this.arg.push(arg);
    this.out.push(-1);
    this.out2.push(-1);
    return this.op.length - 1;
  }

  matcher(set: CharSet): number {
    const key = set.length <= 8 ? set.join(',') : set;
    let i = this.matcherIndex.get(key);
    if (i === undefined) {
      const ascii = new Uint8Array(128);
      const ranges: number[] = [];
      for (let k = 0; k < set.length; k += 2) {
        const s = set[k]!;
        const e = set[k + 1]!;
        for (let c = s; c <= Math.min(e, 0x7f); c++) ascii[c] = 1;
        if (e > 0x7f) ranges.push(Math.max(s, 0x80), e);
      }
      i = this.matchers.length;
      this.matchers.push({ ascii, ranges: Int32Array.from(ranges) });
      this.matcherIndex.set(key, i);
    }
    return i;
  }
}

/** A compiled fragment: its entry and the dangling exits to patch (inst*2 + slot). */
interface Frag {
  start: number;
  holes: number[];
}

function patch(b: Builder, holes: number[], to: number): void {
  for (const h of holes) {
    if (h & 1) b.out2[h >> 1] = to;
    else b.out[h >> 1] = to;
  }
}

function compileHir(b: Builder, h: Hir): Frag {
  switch (h.t) {
    case 'empty': {
      const j = b.emit(OP_JMP);
      return { start: j, holes: [j * 2] };
    }
    case 'class': {
      const c = b.emit(OP_CHAR, b.matcher(h.set));
      return { start: c, holes: [c * 2] };
    }
    case 'look': {
      if (h.look.startsWith('word') || h.look === 'not-word') b.usesWordLook = true;
      const l = b.emit(OP_LOOK, LOOKS.indexOf(h.look) + (h.ascii ? 16 : 0));
      return { start: l, holes: [l * 2] };
    }
    case 'concat': {
      const first = compileHir(b, h.subs[0]!);
      let holes = first.holes;
      for (let i = 1; i < h.subs.length; i++) {
        const f = compileHir(b, h.subs[i]!);
        patch(b, holes, f.start);
        holes = f.holes;
      }
      return { start: first.start, holes };
    }
    case 'alternation': {
      if (h.subs.length === 1) return compileHir(b, h.subs[0]!);
      // split(a, split(b, c)): earlier branches have priority (leftmost-first).
      const holes: number[] = [];
      let start = -1;
      let prevSplit = -1;
      for (let i = 0; i < h.subs.length; i++) {
        const last = i === h.subs.length - 1;
        const split = last ? -1 : b.emit(OP_SPLIT);
        const f = compileHir(b, h.subs[i]!);
        append(holes, f.holes);
        const entry = last ? f.start : split;
        if (split >= 0) b.out[split] = f.start;
        if (prevSplit >= 0) b.out2[prevSplit] = entry;
        else start = entry;
        prevSplit = split;
      }
      return { start, holes };
    }
    case 'repetition':
      return compileRepetition(b, h);
  }
}

function compileRepetition(b: Builder, h: Extract<Hir, { t: 'repetition' }>): Frag {
  const { min, max, greedy, sub } = h;
  const optional = (): Frag => {
    const s = b.emit(OP_SPLIT);
    const f = compileHir(b, sub);
    if (greedy) b.out[s] = f.start;
    else b.out2[s] = f.start;
    return { start: s, holes: [...f.holes, greedy ? s * 2 + 1 : s * 2] };
  };
  const star = (): Frag => {
    const s = b.emit(OP_SPLIT);
    const f = compileHir(b, sub);
    patch(b, f.holes, s);
    if (greedy) b.out[s] = f.start;
    else b.out2[s] = f.start;
    return { start: s, holes: [greedy ? s * 2 + 1 : s * 2] };
  };
  const plus = (): Frag => {
    const f = compileHir(b, sub);
    const s = b.emit(OP_SPLIT);
    patch(b, f.holes, s);
    if (greedy) b.out[s] = f.start;
    else b.out2[s] = f.start;
    return { start: f.start, holes: [greedy ? s * 2 + 1 : s * 2] };
  };
  const parts: Frag[] = [];
  if (max === null) {
    for (let i = 0; i + 1 < min; i++) parts.push(compileHir(b, sub));
    // x* where x can match empty is compiled as (x+)?, as regex-automata does (rust-lang/regex#779):
    // a plain loop would prefer another empty iteration over leaving.
    if (min === 0 && canMatchEmpty(sub)) {
      const p = plus();
      const q = b.emit(OP_SPLIT);
      const exit = b.emit(OP_JMP);
      patch(b, p.holes, exit);
      if (greedy) {
        b.out[q] = p.start;
        b.out2[q] = exit;
      } else {
        b.out[q] = exit;
        b.out2[q] = p.start;
      }
      parts.push({ start: q, holes: [exit * 2] });
    } else parts.push(min === 0 ? star() : plus());
  } else {
    for (let i = 0; i < min; i++) parts.push(compileHir(b, sub));
    // x{n,m}: the optional copies nest, (x(x(x)?)?)?, so an earlier skip ends the repetition.
    const rest = max - min;
    if (rest > 0) {
      const opts: Frag[] = [];
      for (let i = 0; i < rest; i++) opts.push(optional());
      const exits: number[] = [];
      for (let i = 0; i < opts.length; i++) {
        const o = opts[i]!;
        const split = o.start;
        const skip = greedy ? split * 2 + 1 : split * 2;
        exits.push(skip);
        const bodyHoles = o.holes.filter((x) => x !== skip);
        if (i + 1 < opts.length) patch(b, bodyHoles, opts[i + 1]!.start);
        else append(exits, bodyHoles);
      }
      parts.push({ start: opts[0]!.start, holes: exits });
    }
  }
  if (parts.length === 0) {
    const j = b.emit(OP_JMP);
    return { start: j, holes: [j * 2] };
  }
  for (let i = 1; i < parts.length; i++) patch(b, parts[i - 1]!.holes, parts[i]!.start);
  return { start: parts[0]!.start, holes: parts[parts.length - 1]!.holes };
}

/** Compiles HIR to a program. The caller has checked the size estimate. */
export function compileProgram(h: Hir): Program {
  const b = new Builder();
  const f = compileHir(b, h);
  const m = b.emit(OP_MATCH);
  patch(b, f.holes, m);
  return {
    op: Uint8Array.from(b.op),
    arg: Int32Array.from(b.arg),
    out: Int32Array.from(b.out),
    out2: Int32Array.from(b.out2),
    matchers: b.matchers,
    start: f.start,
    usesWordLook: b.usesWordLook,
  };
}
