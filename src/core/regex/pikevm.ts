/**
 * A Pike VM over the program: leftmost-first search in time linear in the text (threads are
 * deduplicated per position, at most one per instruction). Works on JavaScript strings by code
 * point; a lone surrogate reads as U+FFFD, as a lossy UTF-8 conversion would make it.
 */
import { has } from './charset.ts';
import { OP_CHAR, OP_JMP, OP_LOOK, OP_MATCH, OP_SPLIT, type Program } from './program.ts';
import { perlWord } from './unicode/properties.ts';

/** Code point at `at` (or -1 at the end). */
export function cpAt(s: string, at: number): number {
  if (at >= s.length) return -1;
  const c = s.charCodeAt(at);
  if (c >= 0xd800 && c <= 0xdbff && at + 1 < s.length) {
    const d = s.charCodeAt(at + 1);
    if (d >= 0xdc00 && d <= 0xdfff) return ((c - 0xd800) << 10) + (d - 0xdc00) + 0x10000;
  }
  return c >= 0xd800 && c <= 0xdfff ? 0xfffd : c;
}

/** Code point that ends at `at` (or -1 at the start). */
function cpBefore(s: string, at: number): number {
  if (at <= 0) return -1;
  const d = s.charCodeAt(at - 1);
  if (d >= 0xdc00 && d <= 0xdfff && at >= 2) {
    const c = s.charCodeAt(at - 2);
    if (c >= 0xd800 && c <= 0xdbff) return ((c - 0xd800) << 10) + (d - 0xdc00) + 0x10000;
  }
  return d >= 0xd800 && d <= 0xdfff ? 0xfffd : d;
}

function isAsciiWord(c: number): boolean {
  return (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || c === 0x5f || (c >= 0x61 && c <= 0x7a);
}

let unicodeWord: readonly number[] | null = null;
function isUnicodeWord(c: number): boolean {
  if (c < 0) return false;
  if (c < 0x80) return isAsciiWord(c);
  unicodeWord ??= perlWord();
  return has(unicodeWord, c);
}

export function lookHolds(look: number, s: string, at: number): boolean {
  const ascii = look >= 16;
  switch (look & 15) {
    case 0:
      return at === 0;
    case 1:
      return at === s.length;
    case 2:
      return at === 0 || s.charCodeAt(at - 1) === 0x0a;
    case 3:
      return at === s.length || s.charCodeAt(at) === 0x0a;
    case 4:
      return at === 0 || s.charCodeAt(at - 1) === 0x0a || (s.charCodeAt(at - 1) === 0x0d && (at >= s.length || s.charCodeAt(at) !== 0x0a));
    case 5:
      return at === s.length || s.charCodeAt(at) === 0x0d || (s.charCodeAt(at) === 0x0a && (at === 0 || s.charCodeAt(at - 1) !== 0x0d));
  }
  const w = ascii ? (c: number) => c >= 0 && isAsciiWord(c) : isUnicodeWord;
  const before = w(cpBefore(s, at));
  const after = w(cpAt(s, at));
  switch (look & 15) {
    case 6:
      return before !== after;
    case 7:
      return before === after;
    case 8:
      return !before && after;
    case 9:
      return before && !after;
    case 10:
      return !before;
    default:
      return !after;
  }
}

/** Ordered set of instructions with the start offset of the thread that reached each. */
class Threads {
  readonly dense: Int32Array;
  readonly starts: Int32Array;
  readonly sparse: Int32Array;
  size = 0;
  constructor(n: number) {
    this.dense = new Int32Array(n);
    this.starts = new Int32Array(n);
    this.sparse = new Int32Array(n);
  }
  has(pc: number): boolean {
    const i = this.sparse[pc]!;
    return i < this.size && this.dense[i] === pc;
  }
  add(pc: number, start: number): void {
    this.sparse[pc] = this.size;
    this.dense[this.size] = pc;
    this.starts[this.size] = start;
    this.size++;
  }
}

export function charMatches(prog: Program, m: number, c: number): boolean {
  const matcher = prog.matchers[m]!;
  return c < 0x80 ? matcher.ascii[c] === 1 : has(matcher.ranges, c);
}

/**
 * What a search can start with, from the empty transitions out of the start: whether every path
 * first asserts the start of the text (then only offset 0 can start a match), and, when no path
 * reaches a match without reading a character, the classes of the possible first characters (a
 * prefilter: offsets where none of them matches cannot start a match).
 */
export function analyzeStart(prog: Program): { anchored: boolean; firstAscii: Uint8Array | null; firstMatchers: number[] } {
  // Anchored: every path out of the start meets a start-of-text look before anything else.
  const beforeStartLook = reach(prog, true);
  const anchored = beforeStartLook.chars.length === 0 && !beforeStartLook.nullable;
  const { chars: firstMatchers, nullable } = reach(prog, false);
  if (nullable) return { anchored, firstAscii: null, firstMatchers: [] };
  const firstAscii = new Uint8Array(128);
  for (const m of firstMatchers) {
    const bits = prog.matchers[m]!.ascii;
    for (let c = 0; c < 128; c++) if (bits[c]) firstAscii[c] = 1;
  }
  return { anchored, firstAscii, firstMatchers };
}

/** The CHAR instructions (their matchers) reachable from the start without reading, and whether MATCH is. */
function reach(prog: Program, stopAtStartLook: boolean): { chars: number[]; nullable: boolean } {
  const { op, arg, out, out2 } = prog;
  const seen = new Uint8Array(op.length);
  const stack = [prog.start];
  const chars: number[] = [];
  let nullable = false;
  while (stack.length > 0) {
    const pc = stack.pop()!;
    if (seen[pc]) continue;
    seen[pc] = 1;
    const o = op[pc]!;
    if (o === OP_JMP) stack.push(out[pc]!);
    else if (o === OP_SPLIT) stack.push(out[pc]!, out2[pc]!);
    else if (o === OP_LOOK) {
      if (!stopAtStartLook || (arg[pc]! & 15) !== 0) stack.push(out[pc]!);
    } else if (o === OP_CHAR) chars.push(arg[pc]!);
    else nullable = true;
  }
  return { chars, nullable };
}

/**
 * The next offset ≥ `at` where one of the possible first characters (`firstAscii`, or for other
 * characters `firstMatchers`, from {@link analyzeStart}) stands: `s.length` when none does.
 */
export function nextStart(prog: Program, firstAscii: Uint8Array, firstMatchers: readonly number[], s: string, at: number): number {
  const n = s.length;
  while (at < n) {
    const u = s.charCodeAt(at);
    if (u < 0x80) {
      if (firstAscii[u] === 1) return at;
      at++;
      continue;
    }
    const c = cpAt(s, at);
    for (const m of firstMatchers) if (charMatches(prog, m, c)) return at;
    at += c > 0xffff ? 2 : 1;
  }
  return n;
}

/** A reusable search machine for one program (not reentrant). */
export class PikeVM {
  private clist: Threads;
  private nlist: Threads;
  private stack: Int32Array;
  private readonly anchoredStart: boolean;
  private readonly firstAscii: Uint8Array | null;
  private readonly firstMatchers: number[];

  constructor(private readonly prog: Program) {
    const n = prog.op.length;
    this.clist = new Threads(n);
    this.nlist = new Threads(n);
    this.stack = new Int32Array(n * 2 + 2);
    const start = analyzeStart(prog);
    this.anchoredStart = start.anchored;
    this.firstAscii = start.firstAscii;
    this.firstMatchers = start.firstMatchers;
  }

  /** The next offset ≥ `at` where a match could start (`s.length` when none). */
  private skip(s: string, at: number): number {
    return nextStart(this.prog, this.firstAscii!, this.firstMatchers, s, at);
  }

  /** Follows empty transitions from `pc` at `at`, adding threads in priority order. */
  private addThread(list: Threads, pc0: number, s: string, at: number, start: number): void {
    const { op, arg, out, out2 } = this.prog;
    const stack = this.stack;
    let sp = 0;
    stack[sp++] = pc0;
    while (sp > 0) {
      let pc = stack[--sp]!;
      for (;;) {
        if (list.has(pc)) break;
        list.add(pc, start);
        const o = op[pc]!;
        if (o === OP_JMP) pc = out[pc]!;
        else if (o === OP_SPLIT) {
          stack[sp++] = out2[pc]!;
          pc = out[pc]!;
        } else if (o === OP_LOOK) {
          if (!lookHolds(arg[pc]!, s, at)) break;
          pc = out[pc]!;
        } else break;
      }
    }
  }

  /**
   * Leftmost-first search from `from`: the match as [start, end], or null. With `earliest`, stops
   * at the first match state reached (enough for `is_match`; the span is then not meaningful).
   */
  search(s: string, from: number, anchored: boolean, earliest: boolean): [number, number] | null {
    const prog = this.prog;
    const { op, arg, out } = prog;
    let clist = this.clist;
    let nlist = this.nlist;
    clist.size = 0;
    let matchStart = -1;
    let matchEnd = -1;
    let at = from;
    const startOnlyAt = anchored ? from : this.anchoredStart ? 0 : -1;
    for (;;) {
      if (matchStart < 0 && (startOnlyAt < 0 || at === startOnlyAt)) {
        if (clist.size === 0 && this.firstAscii && startOnlyAt < 0) {
          at = this.skip(s, at);
          if (at >= s.length) break; // nothing can match the empty string here
        }
        this.addThread(clist, prog.start, s, at, at);
      }
      if (clist.size === 0) break;
      const c = cpAt(s, at);
      const width = c > 0xffff ? 2 : 1;
      nlist.size = 0;
      for (let i = 0; i < clist.size; i++) {
        const pc = clist.dense[i]!;
        const o = op[pc]!;
        if (o === OP_MATCH) {
          matchStart = clist.starts[i]!;
          matchEnd = at;
          if (earliest) return [matchStart, matchEnd];
          break; // lower-priority threads lose (leftmost-first)
        }
        if (o === OP_CHAR && c >= 0 && charMatches(prog, arg[pc]!, c)) this.addThread(nlist, out[pc]!, s, at + width, clist.starts[i]!);
      }
      if (at >= s.length) {
        // Threads in nlist cannot exist past the end; only MATCH states mattered.
        break;
      }
      const t = clist;
      clist = nlist;
      nlist = t;
      at += width;
      if (clist.size === 0 && (matchStart >= 0 || startOnlyAt >= 0)) break;
    }
    this.clist = clist;
    this.nlist = nlist;
    return matchStart < 0 ? null : [matchStart, matchEnd];
  }
}
