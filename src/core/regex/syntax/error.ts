/**
 * Pattern errors with regex-syntax's messages (`regex-syntax/src/ast/mod.rs` and
 * `hir/mod.rs` `ErrorKind` Display) and the span they point at.
 */
import type { Span } from './ast.ts';

export const MESSAGES = {
  ClassEscapeInvalid: 'invalid escape sequence found in character class',
  ClassRangeInvalid: 'invalid character class range, the start must be <= the end',
  ClassRangeLiteral: 'invalid range boundary, must be a literal',
  ClassUnclosed: 'unclosed character class',
  DecimalEmpty: 'decimal literal empty',
  DecimalInvalid: 'decimal literal invalid',
  EscapeHexEmpty: 'hexadecimal literal empty',
  EscapeHexInvalid: 'hexadecimal literal is not a Unicode scalar value',
  EscapeHexInvalidDigit: 'invalid hexadecimal digit',
  EscapeUnexpectedEof: 'incomplete escape sequence, reached end of pattern prematurely',
  EscapeUnrecognized: 'unrecognized escape sequence',
  FlagDanglingNegation: 'dangling flag negation operator',
  FlagDuplicate: 'duplicate flag',
  FlagRepeatedNegation: 'flag negation operator repeated',
  FlagUnexpectedEof: 'expected flag but got end of regex',
  FlagUnrecognized: 'unrecognized flag',
  GroupNameDuplicate: 'duplicate capture group name',
  GroupNameEmpty: 'empty capture group name',
  GroupNameInvalid: 'invalid capture group character',
  GroupNameUnexpectedEof: 'unclosed capture group name',
  GroupUnclosed: 'unclosed group',
  GroupUnopened: 'unopened group',
  NestLimitExceeded: 'exceed the maximum number of nested parentheses/brackets (250)',
  RepetitionCountInvalid: 'invalid repetition count range, the start must be <= the end',
  RepetitionCountDecimalEmpty: 'repetition quantifier expects a valid decimal',
  RepetitionCountUnclosed: 'unclosed counted repetition',
  RepetitionMissing: 'repetition operator missing expression',
  SpecialWordBoundaryUnclosed: 'special word boundary assertion is either unclosed or contains an invalid character',
  SpecialWordBoundaryUnrecognized: 'unrecognized special word boundary assertion, valid choices are: start, end, start-half or end-half',
  SpecialWordOrRepetitionUnexpectedEof:
    'found either the beginning of a special word boundary or a bounded repetition on a \\b with an opening brace, but no closing brace',
  UnicodeClassInvalid: 'invalid Unicode character class',
  UnsupportedBackreference: 'backreferences are not supported',
  UnsupportedLookAround: 'look-around, including look-ahead and look-behind, is not supported',
  // Translation (HIR) errors.
  UnicodeNotAllowed: 'Unicode not allowed here',
  InvalidUtf8: 'pattern can match invalid UTF-8',
  UnicodePropertyNotFound: 'Unicode property not found',
  UnicodePropertyValueNotFound: 'Unicode property value not found',
  // Compilation.
  CompiledTooBig: 'Compiled regex exceeds size limit of 10485760 bytes.',
} as const;

export type ErrorKind = keyof typeof MESSAGES;

export class PatternSyntaxError extends Error {
  constructor(
    readonly kind: ErrorKind,
    readonly span: Span,
  ) {
    super(MESSAGES[kind]);
  }
}
