/**
 * The abstract syntax of a rule pattern, shaped after rust-lang/regex's `regex-syntax` AST
 * (`regex-syntax/src/ast/mod.rs`): what was written, with spans, before flags are applied.
 * Spans are UTF-16 offsets into the pattern.
 */
export interface Span {
  start: number;
  end: number;
}

export type Flag = 'i' | 'm' | 's' | 'U' | 'u' | 'R' | 'x';
/** Flags as written: each flag with whether it is enabled (after `-` it is not). */
export type FlagItems = readonly { flag: Flag; on: boolean }[];

export type AssertionKind =
  | 'start-line'
  | 'end-line'
  | 'start-text'
  | 'end-text'
  | 'word'
  | 'not-word'
  | 'word-start'
  | 'word-end'
  | 'word-start-half'
  | 'word-end-half';

export type PerlKind = 'd' | 's' | 'w';
export type AsciiKind = 'alnum' | 'alpha' | 'ascii' | 'blank' | 'cntrl' | 'digit' | 'graph' | 'lower' | 'print' | 'punct' | 'space' | 'upper' | 'word' | 'xdigit';

export interface Literal {
  t: 'literal';
  span: Span;
  c: number;
  /** `\xNN` (two fixed digits): a byte when Unicode mode is off. */
  byte: boolean;
}
export interface PerlClass {
  t: 'perl';
  span: Span;
  kind: PerlKind;
  negated: boolean;
}
export interface UnicodeClass {
  t: 'unicode';
  span: Span;
  negated: boolean;
  query: { kind: 'one-letter' | 'binary'; name: string } | { kind: 'by-value'; name: string; value: string; notEqual: boolean };
}
export interface AsciiClass {
  t: 'ascii';
  span: Span;
  kind: AsciiKind;
  negated: boolean;
}
export interface ClassRange {
  t: 'range';
  span: Span;
  start: Literal;
  end: Literal;
}
export interface BracketedClass {
  t: 'bracketed';
  span: Span;
  negated: boolean;
  set: ClassSet;
}
export type ClassItem = Literal | ClassRange | AsciiClass | UnicodeClass | PerlClass | BracketedClass;
export type ClassSet =
  | { t: 'union'; span: Span; items: ClassItem[] }
  | { t: 'op'; span: Span; op: 'intersection' | 'difference' | 'symmetric-difference'; lhs: ClassSet; rhs: ClassSet };

export type Ast =
  | { t: 'empty'; span: Span }
  | { t: 'flags'; span: Span; flags: FlagItems }
  | Literal
  | { t: 'dot'; span: Span }
  | { t: 'assertion'; span: Span; kind: AssertionKind }
  | PerlClass
  | UnicodeClass
  | BracketedClass
  | { t: 'repetition'; span: Span; min: number; max: number | null; greedy: boolean; sub: Ast }
  | { t: 'group'; span: Span; capture: boolean; flags: FlagItems | null; sub: Ast }
  | { t: 'concat'; span: Span; items: Ast[] }
  | { t: 'alternation'; span: Span; items: Ast[] };
