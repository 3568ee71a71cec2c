/**
 * A parser for rule patterns that accepts and rejects exactly what rust-lang/regex's
 * `regex-syntax` 0.8 parser does (`regex-syntax/src/ast/parse.rs`, read at commit
 * 2b527599eb9eea0dcc288c704584f242f26a5c61), with its default settings (no octal escapes,
 * nest limit 250, `{,n}` refused). Errors carry regex-syntax's kind and span.
 */
import type { AsciiKind, Ast, ClassItem, ClassSet, Flag, FlagItems, Literal, PerlKind, Span, UnicodeClass } from './ast.ts';
import { PatternSyntaxError, type ErrorKind } from './error.ts';

const NEST_LIMIT = 250;
/** Recursion guard while parsing (the nest limit itself is checked after parsing, as regex-syntax does). */
const PARSE_DEPTH_CAP = 2000;
const ASCII_KINDS = new Set<string>(['alnum', 'alpha', 'ascii', 'blank', 'cntrl', 'digit', 'graph', 'lower', 'print', 'punct', 'space', 'upper', 'word', 'xdigit']);
const META = new Set('\\.+*?()|[]{}^$#&-~');
const FLAGS = new Set<string>(['i', 'm', 's', 'U', 'u', 'R', 'x']);

/** Rust's `char::is_whitespace` (the White_Space property). */
function isWhitespace(c: number): boolean {
  return (
    (c >= 0x09 && c <= 0x0d) ||
    c === 0x20 ||
    c === 0x85 ||
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000
  );
}

function isHex(c: number): boolean {
  return (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66);
}

function isEscapeable(c: number): boolean {
  const ch = String.fromCodePoint(c);
  if (META.has(ch)) return true;
  if (c > 0x7f) return false;
  const alnum = (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);
  return !alnum && ch !== '<' && ch !== '>';
}

/** Rust's `char::is_alphabetic` / `is_alphanumeric` for capture names (Unicode-aware). */
function isCaptureChar(c: number, first: boolean, alpha: (c: number) => boolean, numeric: (c: number) => boolean): boolean {
  if (c === 0x5f) return true;
  if (first) return alpha(c);
  return c === 0x2e || c === 0x5b || c === 0x5d || alpha(c) || numeric(c);
}

/** Code point predicates the parser needs for capture names; injected to keep tables out of here. */
export interface NameChars {
  alphabetic(c: number): boolean;
  numeric(c: number): boolean;
}

type Primitive = Literal | Extract<Ast, { t: 'dot' }> | Extract<Ast, { t: 'assertion' }> | Extract<Ast, { t: 'perl' }> | UnicodeClass;

export class Parser {
  private pos = 0;
  private ignoreWhitespace = false;
  private captureNames = new Set<string>();
  private depth = 0;

  constructor(
    private readonly pattern: string,
    private readonly names: NameChars,
  ) {}

  parse(): Ast {
    const ast = this.parseAlternation(null);
    if (!this.eof()) throw this.error('GroupUnopened', this.spanChar());
    checkNestLimit(ast);
    return ast;
  }

  // ---------- cursor ----------
  private eof(): boolean {
    return this.pos >= this.pattern.length;
  }
  private char(): number {
    return this.pattern.codePointAt(this.pos)!;
  }
  private width(at = this.pos): number {
    return this.pattern.codePointAt(at)! > 0xffff ? 2 : 1;
  }
  private bump(): boolean {
    if (this.eof()) return false;
    this.pos += this.width();
    return !this.eof();
  }
  private bumpIf(prefix: string): boolean {
    if (this.pattern.startsWith(prefix, this.pos)) {
      this.pos += prefix.length;
      return true;
    }
    return false;
  }
  private is(ch: string): boolean {
    return !this.eof() && this.pattern.charCodeAt(this.pos) === ch.charCodeAt(0);
  }
  private peek(): number | undefined {
    if (this.eof()) return undefined;
    const next = this.pos + this.width();
    return next < this.pattern.length ? this.pattern.codePointAt(next) : undefined;
  }
  private bumpSpace(): void {
    if (!this.ignoreWhitespace) return;
    while (!this.eof()) {
      if (isWhitespace(this.char())) this.bump();
      else if (this.is('#')) {
        this.bump();
        while (!this.eof()) {
          const c = this.char();
          this.bump();
          if (c === 0x0a) break;
        }
      } else break;
    }
  }
  private bumpAndBumpSpace(): boolean {
    if (!this.bump()) return false;
    this.bumpSpace();
    return !this.eof();
  }
  private peekSpace(): number | undefined {
    if (!this.ignoreWhitespace) return this.peek();
    if (this.eof()) return undefined;
    let i = this.pos + this.width();
    let inComment = false;
    while (i < this.pattern.length) {
      const c = this.pattern.codePointAt(i)!;
      if (isWhitespace(c)) {
        /* skip */
      } else if (!inComment && c === 0x23) inComment = true;
      else if (inComment && c === 0x0a) inComment = false;
      else if (!inComment) return c;
      i += c > 0xffff ? 2 : 1;
    }
    return undefined;
  }
  private span(start = this.pos, end = this.pos): Span {
    return { start, end };
  }
  private spanChar(): Span {
    return { start: this.pos, end: this.pos + (this.eof() ? 0 : this.width()) };
  }
  private error(kind: ErrorKind, span: Span): PatternSyntaxError {
    return new PatternSyntaxError(kind, span);
  }

  // ---------- structure ----------
  /** Parses branches until `)` (inside a group) or the end. `open` is the group's span, if any. */
  private parseAlternation(open: Span | null): Ast {
    const start = this.pos;
    const branches: Ast[] = [];
    let concat: Ast[] = [];
    let concatStart = this.pos;
    const finishConcat = (end: number): Ast =>
      concat.length === 0 ? { t: 'empty', span: this.span(concatStart, end) } : concat.length === 1 ? concat[0]! : { t: 'concat', span: this.span(concatStart, end), items: concat };
    for (;;) {
      this.bumpSpace();
      if (this.eof()) {
        if (open) throw this.error('GroupUnclosed', open);
        break;
      }
      const c = this.pattern[this.pos]!;
      if (c === ')') {
        if (!open) throw this.error('GroupUnopened', this.spanChar());
        break;
      }
      if (c === '(') concat = this.parseGroup(concat);
      else if (c === '|') {
        branches.push(finishConcat(this.pos));
        this.bump();
        concat = [];
        concatStart = this.pos;
      } else if (c === '[') concat.push(this.parseSetClass());
      else if (c === '?' || c === '*' || c === '+') this.parseUncountedRepetition(concat, c);
      else if (c === '{') this.parseCountedRepetition(concat);
      else concat.push(this.parsePrimitive());
    }
    const last = finishConcat(this.pos);
    if (branches.length === 0) return last;
    branches.push(last);
    return { t: 'alternation', span: this.span(start, this.pos), items: branches };
  }

  private popRepeatable(concat: Ast[]): Ast {
    const ast = concat.pop();
    if (!ast || ast.t === 'empty' || ast.t === 'flags') throw this.error('RepetitionMissing', this.span());
    return ast;
  }

  private parseUncountedRepetition(concat: Ast[], op: string): void {
    const sub = this.popRepeatable(concat);
    let greedy = true;
    if (this.bump() && this.is('?')) {
      greedy = false;
      this.bump();
    }
    const [min, max] = op === '?' ? [0, 1] : op === '*' ? [0, null] : [1, null];
    concat.push({ t: 'repetition', span: this.span(sub.span.start, this.pos), min, max, greedy, sub });
  }

  private parseDecimal(): number | { error: 'DecimalEmpty' | 'DecimalInvalid'; span: Span } {
    while (!this.eof() && isWhitespace(this.char())) this.bump();
    const start = this.pos;
    let digits = '';
    while (!this.eof() && this.char() >= 0x30 && this.char() <= 0x39) {
      digits += this.pattern[this.pos];
      this.bumpAndBumpSpace();
    }
    const span = this.span(start, this.pos);
    while (!this.eof() && isWhitespace(this.char())) this.bumpAndBumpSpace();
    if (digits === '') return { error: 'DecimalEmpty', span };
    const n = Number(digits);
    // u32, as regex-syntax parses counts.
    if (n > 0xffffffff) return { error: 'DecimalInvalid', span };
    return n;
  }

  private decimal(r: ReturnType<Parser['parseDecimal']>): number {
    if (typeof r === 'number') return r;
    throw this.error(r.error === 'DecimalEmpty' ? 'RepetitionCountDecimalEmpty' : 'DecimalInvalid', r.span);
  }

  private parseCountedRepetition(concat: Ast[]): void {
    const start = this.pos;
    const sub = this.popRepeatable(concat);
    const unclosed = () => this.error('RepetitionCountUnclosed', this.span(start, this.pos));
    if (!this.bumpAndBumpSpace()) throw unclosed();
    const first = this.parseDecimal();
    if (this.eof()) throw unclosed();
    let min: number;
    let max: number | null;
    if (this.is(',')) {
      if (!this.bumpAndBumpSpace()) throw unclosed();
      if (!this.is('}')) {
        min = this.decimal(first);
        max = this.decimal(this.parseDecimal());
      } else {
        min = this.decimal(first);
        max = null;
      }
    } else {
      min = this.decimal(first);
      max = min;
    }
    if (this.eof() || !this.is('}')) throw unclosed();
    let greedy = true;
    if (this.bumpAndBumpSpace() && this.is('?')) {
      greedy = false;
      this.bump();
    }
    if (max !== null && min > max) throw this.error('RepetitionCountInvalid', this.span(start, this.pos));
    concat.push({ t: 'repetition', span: this.span(sub.span.start, this.pos), min, max, greedy, sub });
  }

  private parseGroup(concat: Ast[]): Ast[] {
    const open = this.spanChar();
    this.bump();
    this.bumpSpace();
    if (this.bumpIf('?=') || this.bumpIf('?!') || this.bumpIf('?<=') || this.bumpIf('?<!')) {
      throw this.error('UnsupportedLookAround', this.span(open.start, this.pos));
    }
    const inner = this.pos;
    let capture = true;
    let flags: FlagItems | null = null;
    if (this.bumpIf('?P<') || this.bumpIf('?<')) {
      this.parseCaptureName();
    } else if (this.bumpIf('?')) {
      if (this.eof()) throw this.error('GroupUnclosed', open);
      flags = this.parseFlags();
      const end = this.pattern[this.pos];
      this.bump();
      if (end === ')') {
        if (flags.length === 0) throw this.error('RepetitionMissing', this.span(inner, inner));
        const x = flags.find((f) => f.flag === 'x');
        if (x) this.ignoreWhitespace = x.on;
        concat.push({ t: 'flags', span: this.span(open.start, this.pos), flags });
        return concat;
      }
      capture = false;
    }
    const outerIgnore = this.ignoreWhitespace;
    const x = flags?.find((f) => f.flag === 'x');
    if (x) this.ignoreWhitespace = x.on;
    this.depth++;
    if (this.depth > PARSE_DEPTH_CAP) throw this.error('NestLimitExceeded', open);
    const sub = this.parseAlternation(open);
    this.depth--;
    // At `)`.
    this.ignoreWhitespace = outerIgnore;
    this.bump();
    concat.push({ t: 'group', span: this.span(open.start, this.pos), capture, flags, sub });
    return concat;
  }

  private parseCaptureName(): void {
    if (this.eof()) throw this.error('GroupNameUnexpectedEof', this.span());
    const start = this.pos;
    for (;;) {
      if (this.is('>')) break;
      if (!isCaptureChar(this.char(), this.pos === start, this.names.alphabetic, this.names.numeric)) throw this.error('GroupNameInvalid', this.spanChar());
      if (!this.bump()) break;
    }
    const end = this.pos;
    if (this.eof()) throw this.error('GroupNameUnexpectedEof', this.span());
    this.bump();
    const name = this.pattern.slice(start, end);
    if (name === '') throw this.error('GroupNameEmpty', this.span(start, start));
    if (this.captureNames.has(name)) throw this.error('GroupNameDuplicate', this.span(start, end));
    this.captureNames.add(name);
  }

  private parseFlags(): FlagItems {
    const items: { flag: Flag; on: boolean }[] = [];
    let negationAt: number | null = null;
    let sawNegation = false;
    let on = true;
    while (!this.is(':') && !this.is(')')) {
      if (this.is('-')) {
        if (sawNegation) throw this.error('FlagRepeatedNegation', this.spanChar());
        sawNegation = true;
        negationAt = this.pos;
        on = false;
      } else {
        negationAt = null;
        const ch = String.fromCodePoint(this.char());
        if (!FLAGS.has(ch)) throw this.error('FlagUnrecognized', this.spanChar());
        if (items.some((f) => f.flag === ch)) throw this.error('FlagDuplicate', this.spanChar());
        items.push({ flag: ch as Flag, on });
      }
      if (!this.bump()) throw this.error('FlagUnexpectedEof', this.span());
    }
    if (negationAt !== null) throw this.error('FlagDanglingNegation', this.span(negationAt, negationAt + 1));
    return items;
  }

  // ---------- primitives ----------
  private parsePrimitive(): Primitive {
    const span = this.spanChar();
    const c = this.char();
    if (c === 0x5c) return this.parseEscape();
    this.bump();
    if (c === 0x2e) return { t: 'dot', span };
    if (c === 0x5e) return { t: 'assertion', span, kind: 'start-line' };
    if (c === 0x24) return { t: 'assertion', span, kind: 'end-line' };
    return { t: 'literal', span, c, byte: false };
  }

  private parseEscape(): Primitive {
    const start = this.pos;
    if (!this.bump()) throw this.error('EscapeUnexpectedEof', this.span(start, this.pos));
    const c = this.char();
    const ch = String.fromCodePoint(c);
    if (c >= 0x30 && c <= 0x39) throw this.error('UnsupportedBackreference', this.span(start, this.spanChar().end));
    if (ch === 'x' || ch === 'u' || ch === 'U') {
      const lit = this.parseHex(ch);
      return { ...lit, span: this.span(start, lit.span.end) };
    }
    if (ch === 'p' || ch === 'P') {
      const cls = this.parseUnicodeClass();
      return { ...cls, span: this.span(start, cls.span.end) };
    }
    if ('dswDSW'.includes(ch)) {
      this.bump();
      return { t: 'perl', span: this.span(start, this.pos), kind: ch.toLowerCase() as PerlKind, negated: ch !== ch.toLowerCase() };
    }
    this.bump();
    const span = this.span(start, this.pos);
    if (isEscapeable(c)) return { t: 'literal', span, c, byte: false };
    const special: Record<string, number> = { a: 7, f: 12, t: 9, n: 10, r: 13, v: 11 };
    if (special[ch] !== undefined) return { t: 'literal', span, c: special[ch], byte: false };
    switch (ch) {
      case 'A':
        return { t: 'assertion', span, kind: 'start-text' };
      case 'z':
        return { t: 'assertion', span, kind: 'end-text' };
      case 'B':
        return { t: 'assertion', span, kind: 'not-word' };
      case '<':
        return { t: 'assertion', span, kind: 'word-start' };
      case '>':
        return { t: 'assertion', span, kind: 'word-end' };
      case 'b': {
        if (!this.eof() && this.is('{')) {
          const kind = this.maybeSpecialWordBoundary(start);
          if (kind) return { t: 'assertion', span: this.span(start, this.pos), kind };
        }
        return { t: 'assertion', span, kind: 'word' };
      }
      default:
        throw this.error('EscapeUnrecognized', span);
    }
  }

  private maybeSpecialWordBoundary(wbStart: number): Extract<Ast, { t: 'assertion' }>['kind'] | null {
    const start = this.pos;
    const valid = (c: number) => (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || c === 0x2d;
    if (!this.bumpAndBumpSpace()) throw this.error('SpecialWordOrRepetitionUnexpectedEof', this.span(wbStart, this.pos));
    const contents = this.pos;
    if (!valid(this.char())) {
      this.pos = start;
      return null;
    }
    let name = '';
    while (!this.eof() && valid(this.char())) {
      name += String.fromCodePoint(this.char());
      this.bumpAndBumpSpace();
    }
    if (this.eof() || !this.is('}')) throw this.error('SpecialWordBoundaryUnclosed', this.span(start, this.pos));
    const end = this.pos;
    this.bump();
    const kinds = { start: 'word-start', end: 'word-end', 'start-half': 'word-start-half', 'end-half': 'word-end-half' } as const;
    const kind = (kinds as Record<string, (typeof kinds)[keyof typeof kinds]>)[name];
    if (!kind) throw this.error('SpecialWordBoundaryUnrecognized', this.span(contents, end));
    return kind;
  }

  private parseHex(kind: string): Literal {
    if (!this.bumpAndBumpSpace()) throw this.error('EscapeUnexpectedEof', this.span());
    return this.is('{') ? this.parseHexBrace() : this.parseHexDigits(kind === 'x' ? 2 : kind === 'u' ? 4 : 8, kind === 'x');
  }

  private parseHexDigits(digits: number, byte: boolean): Literal {
    const start = this.pos;
    let hex = '';
    for (let i = 0; i < digits; i++) {
      if (i > 0 && !this.bumpAndBumpSpace()) throw this.error('EscapeUnexpectedEof', this.span());
      if (!isHex(this.char())) throw this.error('EscapeHexInvalidDigit', this.spanChar());
      hex += this.pattern[this.pos];
    }
    this.bumpAndBumpSpace();
    const c = parseInt(hex, 16);
    if (c > 0x10ffff || (c >= 0xd800 && c <= 0xdfff)) throw this.error('EscapeHexInvalid', this.span(start, this.pos));
    return { t: 'literal', span: this.span(start, this.pos), c, byte: byte && c <= 0xff };
  }

  private parseHexBrace(): Literal {
    const brace = this.pos;
    const start = this.pos + 1;
    let hex = '';
    while (this.bumpAndBumpSpace() && !this.is('}')) {
      if (!isHex(this.char())) throw this.error('EscapeHexInvalidDigit', this.spanChar());
      hex += this.pattern[this.pos];
    }
    if (this.eof()) throw this.error('EscapeUnexpectedEof', this.span(brace, this.pos));
    const end = this.pos;
    this.bumpAndBumpSpace();
    if (hex === '') throw this.error('EscapeHexEmpty', this.span(brace, this.pos));
    // u32::from_str_radix: leading zeros are fine; a value past u32 is not a scalar value either.
    let zeros = 0;
    while (zeros < hex.length - 1 && hex[zeros] === '0') zeros++;
    const digits = hex.slice(zeros);
    const c = digits.length > 8 ? Infinity : parseInt(digits, 16);
    if (c > 0x10ffff || (c >= 0xd800 && c <= 0xdfff)) throw this.error('EscapeHexInvalid', this.span(start, end));
    return { t: 'literal', span: this.span(start, this.pos), c, byte: false };
  }

  private parseUnicodeClass(): UnicodeClass {
    const negated = this.is('P');
    if (!this.bumpAndBumpSpace()) throw this.error('EscapeUnexpectedEof', this.span());
    if (this.is('{')) {
      const start = this.pos + 1;
      let name = '';
      while (this.bumpAndBumpSpace() && !this.is('}')) name += String.fromCodePoint(this.char());
      if (this.eof()) throw this.error('EscapeUnexpectedEof', this.span());
      this.bump();
      const span = this.span(start, this.pos);
      const ne = name.indexOf('!=');
      if (ne >= 0) return { t: 'unicode', span, negated, query: { kind: 'by-value', name: name.slice(0, ne), value: name.slice(ne + 2), notEqual: true } };
      const colon = name.indexOf(':');
      if (colon >= 0) return { t: 'unicode', span, negated, query: { kind: 'by-value', name: name.slice(0, colon), value: name.slice(colon + 1), notEqual: false } };
      const eq = name.indexOf('=');
      if (eq >= 0) return { t: 'unicode', span, negated, query: { kind: 'by-value', name: name.slice(0, eq), value: name.slice(eq + 1), notEqual: false } };
      return { t: 'unicode', span, negated, query: { kind: 'binary', name } };
    }
    const start = this.pos;
    const c = this.char();
    if (c === 0x5c) throw this.error('UnicodeClassInvalid', this.spanChar());
    this.bumpAndBumpSpace();
    return { t: 'unicode', span: this.span(start, this.pos), negated, query: { kind: 'one-letter', name: String.fromCodePoint(c) } };
  }

  // ---------- bracketed classes ----------
  private parseSetClass(): Ast {
    return this.parseBracketed();
  }

  /** At `[`: parses one bracketed class (nested ones recursively). */
  private parseBracketed(): Extract<Ast, { t: 'bracketed' }> {
    const start = this.pos;
    if (!this.bumpAndBumpSpace()) throw this.error('ClassUnclosed', this.span(start, this.pos));
    let negated = false;
    if (this.is('^')) {
      negated = true;
      if (!this.bumpAndBumpSpace()) throw this.error('ClassUnclosed', this.span(start, this.pos));
    }
    const items: ClassItem[] = [];
    while (this.is('-')) {
      items.push({ t: 'literal', span: this.spanChar(), c: 0x2d, byte: false });
      if (!this.bumpAndBumpSpace()) throw this.error('ClassUnclosed', this.span(start, start));
    }
    if (items.length === 0 && this.is(']')) {
      items.push({ t: 'literal', span: this.spanChar(), c: 0x5d, byte: false });
      if (!this.bumpAndBumpSpace()) throw this.error('ClassUnclosed', this.span(start, this.pos));
    }
    const openSpan = this.span(start, this.pos);
    this.depth++;
    if (this.depth > PARSE_DEPTH_CAP) throw this.error('NestLimitExceeded', openSpan);
    let set: ClassSet | null = null;
    let op: 'intersection' | 'difference' | 'symmetric-difference' | null = null;
    let union: ClassItem[] = items;
    let unionStart = this.pos;
    const closeUnion = (): ClassSet => {
      const u: ClassSet = { t: 'union', span: this.span(unionStart, this.pos), items: union };
      return set && op ? { t: 'op', span: this.span(set.span.start, this.pos), op, lhs: set, rhs: u } : u;
    };
    for (;;) {
      this.bumpSpace();
      if (this.eof()) throw this.error('ClassUnclosed', openSpan);
      const c = this.pattern[this.pos]!;
      const next = this.peek();
      if (c === '[') {
        const ascii = this.maybeAsciiClass();
        if (ascii) union.push(ascii);
        else union.push(this.parseBracketed());
      } else if (c === ']') {
        const body = closeUnion();
        this.bump();
        this.depth--;
        return { t: 'bracketed', span: this.span(start, this.pos), negated, set: body };
      } else if ((c === '&' && next === 0x26) || (c === '-' && next === 0x2d) || (c === '~' && next === 0x7e)) {
        set = closeUnion();
        op = c === '&' ? 'intersection' : c === '-' ? 'difference' : 'symmetric-difference';
        this.pos += 2;
        union = [];
        unionStart = this.pos;
      } else union.push(this.parseSetClassRange(openSpan));
    }
  }

  private parseSetClassItem(): Primitive {
    if (this.is('\\')) return this.parseEscape();
    const lit: Literal = { t: 'literal', span: this.spanChar(), c: this.char(), byte: false };
    this.bump();
    return lit;
  }

  private parseSetClassRange(openSpan: Span): ClassItem {
    const first = this.parseSetClassItem();
    this.bumpSpace();
    if (this.eof()) throw this.error('ClassUnclosed', openSpan);
    if (!this.is('-') || this.peekSpace() === 0x5d || this.peekSpace() === 0x2d) return this.toClassItem(first);
    if (!this.bumpAndBumpSpace()) throw this.error('ClassUnclosed', openSpan);
    const second = this.parseSetClassItem();
    const span = this.span(first.span.start, second.span.end);
    if (first.t !== 'literal') throw this.error('ClassRangeLiteral', first.span);
    if (second.t !== 'literal') throw this.error('ClassRangeLiteral', second.span);
    if (first.c > second.c) throw this.error('ClassRangeInvalid', span);
    return { t: 'range', span, start: first, end: second };
  }

  private toClassItem(p: Primitive): ClassItem {
    if (p.t === 'literal' || p.t === 'perl' || p.t === 'unicode') return p;
    throw this.error('ClassEscapeInvalid', p.span);
  }

  private maybeAsciiClass(): ClassItem | null {
    const start = this.pos;
    const fail = () => {
      this.pos = start;
      return null;
    };
    if (!this.bump() || !this.is(':')) return fail();
    if (!this.bump()) return fail();
    let negated = false;
    if (this.is('^')) {
      negated = true;
      if (!this.bump()) return fail();
    }
    const nameStart = this.pos;
    while (!this.is(':') && this.bump()) {
      /* scan to ':' */
    }
    if (this.eof()) return fail();
    const name = this.pattern.slice(nameStart, this.pos);
    if (!this.bumpIf(':]')) return fail();
    if (!ASCII_KINDS.has(name)) return fail();
    return { t: 'ascii', span: this.span(start, this.pos), kind: name as AsciiKind, negated };
  }
}

/** regex-syntax's NestLimiter: depth counts groups, repetitions, concatenations, alternations and classes. */
function checkNestLimit(root: Ast): void {
  const visitSet = (s: ClassSet, depth: number): void => {
    if (s.t === 'op') {
      const d = depth + 1;
      if (d > NEST_LIMIT) throw new PatternSyntaxError('NestLimitExceeded', s.span);
      visitSet(s.lhs, d);
      visitSet(s.rhs, d);
      return;
    }
    const d = s.items.length > 1 ? depth + 1 : depth;
    if (d > NEST_LIMIT) throw new PatternSyntaxError('NestLimitExceeded', s.span);
    for (const item of s.items) if (item.t === 'bracketed') visitClass(item, d);
  };
  const visitClass = (c: Extract<Ast, { t: 'bracketed' }>, depth: number): void => {
    const d = depth + 1;
    if (d > NEST_LIMIT) throw new PatternSyntaxError('NestLimitExceeded', c.span);
    visitSet(c.set, d);
  };
  const visit = (a: Ast, depth: number): void => {
    switch (a.t) {
      case 'bracketed':
        return visitClass(a, depth);
      case 'repetition':
      case 'group': {
        const d = depth + 1;
        if (d > NEST_LIMIT) throw new PatternSyntaxError('NestLimitExceeded', a.span);
        return visit(a.sub, d);
      }
      case 'concat':
      case 'alternation': {
        const d = depth + 1;
        if (d > NEST_LIMIT) throw new PatternSyntaxError('NestLimitExceeded', a.span);
        for (const x of a.items) visit(x, d);
        return;
      }
      default:
        return;
    }
  };
  visit(root, 0);
}
