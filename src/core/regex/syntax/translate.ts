/**
 * AST → HIR as rust-lang/regex's `regex-syntax` translator does it (`regex-syntax/src/hir/translate.rs`)
 * for `Regex` on `&str` (UTF-8 mode): flags are applied, classes flattened to sets of chars, case
 * folding is Unicode simple case folding, and what could match invalid UTF-8 is refused.
 */
import * as cs from '../charset.ts';
import type { CharSet } from '../charset.ts';
import { caseFoldAscii, caseFoldSimple, hasCaseFold, perlDigit, perlSpace, perlWord, unicodeClass } from '../unicode/properties.ts';
import type { AsciiClass, AssertionKind, Ast, ClassSet, FlagItems, Literal, PerlClass, Span, UnicodeClass } from './ast.ts';
import { PatternSyntaxError, type ErrorKind } from './error.ts';
import { append } from '../../model/append.ts';

/** Assertions after flags: `^`/`$` become text or line anchors; word boundaries stay as written. */
export type Look = Exclude<AssertionKind, 'start-line' | 'end-line' | 'start-text' | 'end-text'> | 'start' | 'end' | 'start-lf' | 'end-lf' | 'start-crlf' | 'end-crlf';

export type Hir =
  | { t: 'empty' }
  | { t: 'class'; set: CharSet }
  | { t: 'look'; look: Look; ascii: boolean }
  | { t: 'repetition'; min: number; max: number | null; greedy: boolean; sub: Hir }
  | { t: 'concat'; subs: Hir[] }
  | { t: 'alternation'; subs: Hir[] };

/** Builder options that `regex::RegexBuilder` exposes and the conformance suite sets. */
export interface TranslateOptions {
  caseInsensitive?: boolean;
  unicode?: boolean;
}

interface Flags {
  i: boolean;
  m: boolean;
  s: boolean;
  U: boolean;
  u: boolean;
  R: boolean;
}

const ASCII_CLASSES: Record<AsciiClass['kind'], number[]> = {
  alnum: [0x30, 0x39, 0x41, 0x5a, 0x61, 0x7a],
  alpha: [0x41, 0x5a, 0x61, 0x7a],
  ascii: [0x00, 0x7f],
  blank: [0x09, 0x09, 0x20, 0x20],
  cntrl: [0x00, 0x1f, 0x7f, 0x7f],
  digit: [0x30, 0x39],
  graph: [0x21, 0x7e],
  lower: [0x61, 0x7a],
  print: [0x20, 0x7e],
  punct: [0x21, 0x2f, 0x3a, 0x40, 0x5b, 0x60, 0x7b, 0x7e],
  space: [0x09, 0x0d, 0x20, 0x20],
  upper: [0x41, 0x5a],
  word: [0x30, 0x39, 0x41, 0x5a, 0x5f, 0x5f, 0x61, 0x7a],
  xdigit: [0x30, 0x39, 0x41, 0x46, 0x61, 0x66],
};

/** Can this expression only ever match the empty string? (regex-syntax's `maximum_len() == Some(0)`) */
function maxLenZero(h: Hir): boolean {
  return emptiness(h, 'only');
}

/** Can this expression match the empty string? (regex-syntax's `minimum_len() == Some(0)`) */
export function canMatchEmpty(h: Hir): boolean {
  return emptiness(h, 'can');
}

function emptiness(h: Hir, q: 'only' | 'can'): boolean {
  switch (h.t) {
    case 'empty':
    case 'look':
      return true;
    case 'class':
      return false;
    case 'repetition':
      return q === 'only' ? emptiness(h.sub, q) || h.max === 0 : h.min === 0 || emptiness(h.sub, q);
    case 'concat':
      return h.subs.every((s) => emptiness(s, q));
    case 'alternation':
      return q === 'only' ? h.subs.every((s) => emptiness(s, q)) : h.subs.some((s) => emptiness(s, q));
  }
}

function repetition(min: number, max: number | null, greedy: boolean, sub: Hir): Hir {
  if (maxLenZero(sub)) {
    min = Math.min(min, 1);
    max = max === null ? 1 : Math.min(max, 1);
  }
  if (min === 0 && max === 0) return { t: 'empty' };
  if (min === 1 && max === 1) return sub;
  return { t: 'repetition', min, max, greedy, sub };
}

export class Translator {
  private flags: Flags;

  constructor(options: TranslateOptions = {}) {
    this.flags = { i: options.caseInsensitive ?? false, m: false, s: false, U: false, u: options.unicode ?? true, R: false };
  }

  private error(kind: ErrorKind, span: Span): PatternSyntaxError {
    return new PatternSyntaxError(kind, span);
  }

  private apply(items: FlagItems): void {
    const next = { ...this.flags };
    for (const { flag, on } of items) if (flag !== 'x') next[flag] = on;
    this.flags = next;
  }

  translate(ast: Ast): Hir {
    switch (ast.t) {
      case 'empty':
        return { t: 'empty' };
      case 'flags':
        this.apply(ast.flags);
        return { t: 'empty' };
      case 'literal':
        return { t: 'class', set: this.literal(ast) };
      case 'dot': {
        if (!this.flags.u) throw this.error('InvalidUtf8', ast.span);
        const all = cs.negate([]);
        if (this.flags.s) return { t: 'class', set: all };
        return { t: 'class', set: cs.difference(all, this.flags.R ? [0x0a, 0x0a, 0x0d, 0x0d] : [0x0a, 0x0a]) };
      }
      case 'assertion':
        return { t: 'look', look: this.look(ast.kind), ascii: !this.flags.u };
      case 'perl':
        return { t: 'class', set: this.perl(ast) };
      case 'unicode':
        return { t: 'class', set: this.unicode(ast) };
      case 'bracketed': {
        const set = this.classSet(ast.set);
        return { t: 'class', set: this.foldAndNegate(set, ast.negated, ast.span) };
      }
      case 'repetition': {
        const sub = this.translate(ast.sub);
        return repetition(ast.min, ast.max, this.flags.U ? !ast.greedy : ast.greedy, sub);
      }
      case 'group': {
        const saved = this.flags;
        if (ast.flags) this.apply(ast.flags);
        const sub = this.translate(ast.sub);
        this.flags = saved;
        return sub;
      }
      case 'concat': {
        const subs = ast.items.map((x) => this.translate(x)).filter((h) => h.t !== 'empty');
        return subs.length === 0 ? { t: 'empty' } : subs.length === 1 ? subs[0]! : { t: 'concat', subs };
      }
      case 'alternation': {
        const subs = ast.items.map((x) => this.translate(x));
        return { t: 'alternation', subs };
      }
    }
  }

  private look(kind: Extract<Ast, { t: 'assertion' }>['kind']): Look {
    switch (kind) {
      case 'start-line':
        return this.flags.m ? (this.flags.R ? 'start-crlf' : 'start-lf') : 'start';
      case 'end-line':
        return this.flags.m ? (this.flags.R ? 'end-crlf' : 'end-lf') : 'end';
      case 'start-text':
        return 'start';
      case 'end-text':
        return 'end';
      default:
        return kind;
    }
  }

  /** The scalar of a literal, refusing a non-ASCII byte (`(?-u:\xFF)`) as invalid UTF-8. */
  private scalar(lit: Literal): number {
    if (!this.flags.u && lit.byte && lit.c > 0x7f) throw this.error('InvalidUtf8', lit.span);
    return lit.c;
  }

  private literal(lit: Literal): CharSet {
    const c = this.scalar(lit);
    const set = cs.single(c);
    if (!this.flags.i) return set;
    if (this.flags.u) return hasCaseFold(c) ? caseFoldSimple(set) : set;
    return c <= 0x7f ? caseFoldAscii(set) : set;
  }

  private perl(p: PerlClass): CharSet {
    if (this.flags.u) {
      const set = p.kind === 'd' ? perlDigit() : p.kind === 's' ? perlSpace() : perlWord();
      return p.negated ? cs.negate(set) : set;
    }
    const set = ASCII_CLASSES[p.kind === 'd' ? 'digit' : p.kind === 's' ? 'space' : 'word'];
    if (p.negated) throw this.error('InvalidUtf8', p.span);
    return set;
  }

  private unicode(u: UnicodeClass): CharSet {
    if (!this.flags.u) throw this.error('UnicodeNotAllowed', u.span);
    const result = unicodeClass(u.query);
    if (typeof result === 'string') throw this.error(result === 'property-not-found' ? 'UnicodePropertyNotFound' : 'UnicodePropertyValueNotFound', u.span);
    const negated = u.negated !== (u.query.kind === 'by-value' && u.query.notEqual);
    return this.foldAndNegate(result, negated, u.span);
  }

  private foldAndNegate(set: CharSet, negated: boolean, span: Span): CharSet {
    let out = set;
    if (this.flags.i) out = this.flags.u ? caseFoldSimple(out) : caseFoldAscii(out);
    if (negated) out = cs.negate(out);
    if (!this.flags.u && !cs.isAscii(out)) throw this.error('InvalidUtf8', span);
    return out;
  }

  /** A literal inside a byte-oriented (`(?-u)`) class must be ASCII. */
  private classScalar(lit: Literal): number {
    const c = this.scalar(lit);
    if (!this.flags.u && c > 0x7f) throw this.error('UnicodeNotAllowed', lit.span);
    return c;
  }

  private classSet(set: ClassSet): CharSet {
    if (set.t === 'op') {
      let lhs = this.classSet(set.lhs);
      let rhs = this.classSet(set.rhs);
      if (this.flags.i) {
        const fold = this.flags.u ? caseFoldSimple : caseFoldAscii;
        rhs = fold(rhs);
        lhs = fold(lhs);
      }
      return set.op === 'intersection' ? cs.intersect(lhs, rhs) : set.op === 'difference' ? cs.difference(lhs, rhs) : cs.symmetricDifference(lhs, rhs);
    }
    const flat: number[] = [];
    for (const item of set.items) {
      switch (item.t) {
        case 'literal': {
          const c = this.classScalar(item);
          flat.push(c, c);
          break;
        }
        case 'range':
          flat.push(this.classScalar(item.start), this.classScalar(item.end));
          break;
        case 'ascii':
          append(flat, this.foldAndNegate(ASCII_CLASSES[item.kind], item.negated, item.span));
          break;
        case 'unicode':
          append(flat, this.unicode(item));
          break;
        case 'perl':
          append(flat, this.perl(item));
          break;
        case 'bracketed':
          append(flat, this.foldAndNegate(this.classSet(item.set), item.negated, item.span));
          break;
      }
    }
    return cs.normalize(flat);
  }
}
