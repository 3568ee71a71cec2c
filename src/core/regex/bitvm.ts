/**
 * `is_match` over the program as a bit-parallel NFA simulation: the set of live instructions is a
 * bitset, and one character moves every CHAR instruction whose next instruction is its neighbour
 * (the bulk of a program: `x{n}` compiles to n such copies) with one masked shift per 32
 * instructions. Whether a match exists does not depend on the threads' priorities, so a set of
 * instructions is all the state needed; spans (`find`) stay with the Pike VM. The cost is the
 * program's words per character rather than ~100 ns per live thread: `[a-z]{100000}[0-9]` over
 * 300 KB of letters is about 10⁹ word operations instead of 3 × 10¹⁰ thread steps.
 */
import { OP_CHAR, OP_JMP, OP_LOOK, OP_MATCH, OP_SPLIT, type Program } from './program.ts';
import { analyzeStart, charMatches, cpAt, lookHolds, nextStart } from './pikevm.ts';

/** Non-ASCII characters whose masks are kept at once (the cache is emptied when full). */
const WIDE_CACHE = 256;

/** A reusable `is_match` machine for one program (not reentrant). */
export class BitVM {
  private readonly words: number;
  /** CHAR instructions whose next instruction is the following one. */
  private readonly seq: Int32Array;
  /** Other CHAR instructions (their targets are set one by one). */
  private readonly jump: Int32Array;
  /** JMP, SPLIT, LOOK and MATCH: followed when set. */
  private readonly eps: Int32Array;
  /** The words holding a bit of {@link jump}, ascending. */
  private readonly jumpWords: Int32Array;
  /** The words holding a bit of {@link eps}, ascending. */
  private readonly epsWords: Int32Array;
  private readonly asciiMasks: (Int32Array | undefined)[] = new Array<Int32Array | undefined>(128);
  private readonly wideMasks = new Map<number, Int32Array>();
  private cur: Int32Array;
  private next: Int32Array;
  private readonly stack: Int32Array;
  private sp = 0;
  /** Words of `next` that may hold bits: [lo, hi]. */
  private lo = 0;
  private hi = -1;
  private readonly anchoredStart: boolean;
  private readonly firstAscii: Uint8Array | null;
  private readonly firstMatchers: number[];

  constructor(private readonly prog: Program) {
    const n = prog.op.length;
    this.words = (n + 31) >>> 5;
    this.seq = new Int32Array(this.words);
    this.jump = new Int32Array(this.words);
    this.eps = new Int32Array(this.words);
    for (let pc = 0; pc < n; pc++) {
      const bit = 1 << (pc & 31);
      if (prog.op[pc] !== OP_CHAR) this.eps[pc >>> 5]! |= bit;
      else if (prog.out[pc] === pc + 1) this.seq[pc >>> 5]! |= bit;
      else this.jump[pc >>> 5]! |= bit;
    }
    const jumpWords: number[] = [];
    for (let w = 0; w < this.words; w++) if (this.jump[w] !== 0) jumpWords.push(w);
    this.jumpWords = Int32Array.from(jumpWords);
    const epsWords: number[] = [];
    for (let w = 0; w < this.words; w++) if (this.eps[w] !== 0) epsWords.push(w);
    this.epsWords = Int32Array.from(epsWords);
    this.cur = new Int32Array(this.words);
    this.next = new Int32Array(this.words);
    this.stack = new Int32Array(n + 1);
    const start = analyzeStart(prog);
    this.anchoredStart = start.anchored;
    this.firstAscii = start.firstAscii;
    this.firstMatchers = start.firstMatchers;
  }

  /** The CHAR instructions that accept code point `c`. */
  private maskOf(c: number): Int32Array {
    if (c < 0x80) {
      const hit = this.asciiMasks[c];
      if (hit) return hit;
    } else {
      const hit = this.wideMasks.get(c);
      if (hit) return hit;
    }
    const { op, arg } = this.prog;
    const accepts = this.prog.matchers.map((_, m) => charMatches(this.prog, m, c));
    const mask = new Int32Array(this.words);
    for (let pc = 0; pc < op.length; pc++) if (op[pc] === OP_CHAR && accepts[arg[pc]!]) mask[pc >>> 5]! |= 1 << (pc & 31);
    if (c < 0x80) this.asciiMasks[c] = mask;
    else {
      if (this.wideMasks.size >= WIDE_CACHE) this.wideMasks.clear();
      this.wideMasks.set(c, mask);
    }
    return mask;
  }

  /** Sets `pc` in `next`; an empty-transition instruction newly set is queued to be followed. */
  private add(pc: number): void {
    const w = pc >>> 5;
    const bit = 1 << (pc & 31);
    const set = this.next;
    if ((set[w]! & bit) !== 0) return;
    set[w]! |= bit;
    if (w < this.lo) this.lo = w;
    if (w > this.hi) this.hi = w;
    if ((this.eps[w]! & bit) !== 0) this.stack[this.sp++] = pc;
  }

  /** Follows the queued empty transitions at `at`; true when MATCH is reached. */
  private close(s: string, at: number): boolean {
    const { op, arg, out, out2 } = this.prog;
    while (this.sp > 0) {
      const pc = this.stack[--this.sp]!;
      const o = op[pc]!;
      if (o === OP_MATCH) {
        this.sp = 0;
        return true;
      }
      if (o === OP_JMP) this.add(out[pc]!);
      else if (o === OP_SPLIT) {
        this.add(out[pc]!);
        this.add(out2[pc]!);
      } else if (o === OP_LOOK) {
        if (lookHolds(arg[pc]!, s, at)) this.add(out[pc]!);
      }
    }
    return false;
  }

  /** The next offset ≥ `at` where a match could start (`s.length` when none). */
  private skip(s: string, at: number): number {
    return nextStart(this.prog, this.firstAscii!, this.firstMatchers, s, at);
  }

  /** `Regex::is_match` from offset `from`: whether a match starts anywhere at or after it. */
  isMatch(s: string, from = 0): boolean {
    const n = s.length;
    const start = this.prog.start;
    const unanchored = !this.anchoredStart;
    let at = from;
    if (this.anchoredStart && at !== 0) return false;
    // Invariant at the top of the loop: `next` holds the live set (words lo..hi), `cur` is all zero.
    this.cur.fill(0);
    this.next.fill(0);
    this.lo = this.words;
    this.hi = -1;
    this.sp = 0;
    if (unanchored && this.firstAscii) {
      at = this.skip(s, at);
      if (at >= n) return false;
    }
    this.add(start);
    if (this.close(s, at)) return true;
    const seq = this.seq;
    const jump = this.jump;
    const eps = this.eps;
    const out = this.prog.out;
    for (;;) {
      if (this.hi < 0 || at >= n) return false;
      const c = cpAt(s, at);
      at += c > 0xffff ? 2 : 1;
      const cur = this.next;
      const next = this.cur;
      this.cur = cur;
      this.next = next;
      const lo = this.lo;
      const hi = this.hi;
      this.sp = 0;
      const mask = this.maskOf(c);
      // The hot loop: one masked shift per word, no branch.
      let carry = 0;
      for (let w = lo; w <= hi; w++) {
        const x = cur[w]! & mask[w]! & seq[w]!;
        next[w] = (x << 1) | carry;
        carry = x >>> 31;
      }
      let newHi = hi;
      if (hi + 1 < this.words) {
        next[hi + 1] = carry;
        newHi = hi + 1;
      }
      const jumpWords = this.jumpWords;
      for (let k = 0; k < jumpWords.length; k++) {
        const w = jumpWords[k]!;
        if (w < lo) continue;
        if (w > hi) break;
        let j = cur[w]! & mask[w]! & jump[w]!;
        while (j !== 0) {
          const low = j & -j;
          pendingJumps.push(out[(w << 5) + 31 - Math.clz32(low)]!);
          j ^= low;
        }
      }
      cur.fill(0, lo, hi + 1);
      // The live range, trimmed of empty words at both ends.
      let newLo = lo;
      while (newLo <= newHi && next[newLo] === 0) newLo++;
      while (newHi >= newLo && next[newHi] === 0) newHi--;
      if (newLo > newHi) {
        newLo = this.words;
        newHi = -1;
      }
      this.lo = newLo;
      this.hi = newHi;
      // Empty-transition instructions the shift reached are followed, then the jumps' targets.
      const epsWords = this.epsWords;
      for (let k = 0; k < epsWords.length; k++) {
        const w = epsWords[k]!;
        if (w < newLo) continue;
        if (w > newHi) break;
        let e = next[w]! & eps[w]!;
        while (e !== 0) {
          const low = e & -e;
          this.stack[this.sp++] = (w << 5) + 31 - Math.clz32(low);
          e ^= low;
        }
      }
      for (const pc of pendingJumps) this.add(pc);
      pendingJumps.length = 0;
      if (unanchored) {
        // Nothing live: skip to where a match could start (a prefilter on the first characters).
        if (this.hi < 0 && this.firstAscii) {
          at = this.skip(s, at);
          if (at >= n) return false;
        }
        this.add(start);
      }
      if (this.close(s, at)) return true;
    }
  }
}

/** Targets of the non-neighbour CHAR instructions taken by one character (reused). */
const pendingJumps: number[] = [];
