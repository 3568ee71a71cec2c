/**
 * The one place rule patterns are compiled. Patterns have the semantics of Rust's `regex` crate
 * (what hegel loads them with): regex-syntax's grammar and errors, Unicode `\w \d \s \b`, simple
 * case folding, leftmost-first matching in linear time (a Pike VM, `./rust.ts`). JavaScript
 * `RegExp` is never used for rule patterns.
 */
import { compileRust, PatternSyntaxError, type RegexOptions, type RustRegex } from './rust.ts';
import type { ErrorKind } from './syntax/error.ts';

/** A compiled rule pattern: `test` is an unanchored search, like Rust's `Regex::is_match`. */
export interface RulePattern {
  readonly source: string;
  test(text: string): boolean;
}

/** Why a pattern was rejected, with where inside it. */
export interface PatternError {
  /** regex-syntax's message, e.g. `unclosed group`. */
  message: string;
  /** 0-based UTF-16 offset of the offending part inside the pattern. */
  offset: number;
  /** 1-based column of that part counted in characters, as Rust's error display counts it. */
  column: number;
  /** `backreference`, `lookaround`, `size` (the compiled pattern is too big) or `syntax`. */
  kind: 'backreference' | 'lookaround' | 'size' | 'syntax';
  /** regex-syntax's error kind name (`GroupUnclosed`, `UnsupportedLookAround`, …). */
  code: ErrorKind;
}

export type CompileResult = { ok: true; pattern: RulePattern } | { ok: false; error: PatternError };

function kindOf(code: ErrorKind): PatternError['kind'] {
  if (code === 'UnsupportedBackreference') return 'backreference';
  if (code === 'UnsupportedLookAround') return 'lookaround';
  if (code === 'CompiledTooBig') return 'size';
  return 'syntax';
}

/** Compiles a rule pattern with Rust `regex` semantics; never throws. */
export function compilePattern(source: string): CompileResult {
  return compileWith(source, {});
}

/** As `compilePattern`, with `RegexBuilder` options (case insensitivity, Unicode off) for tests. */
export function compileWith(source: string, options: RegexOptions): CompileResult {
  const r = compileRegex(source, options);
  if (!r.ok) return r;
  const re = r.regex;
  return { ok: true, pattern: { source, test: (text: string) => re.isMatch(text) } };
}

/** The compiled regex itself (find / find-all), for conformance tests and tools. */
export function compileRegex(source: string, options: RegexOptions = {}): { ok: true; regex: RustRegex } | { ok: false; error: PatternError } {
  try {
    return { ok: true, regex: compileRust(source, options) };
  } catch (e) {
    if (!(e instanceof PatternSyntaxError)) throw e;
    const offset = Math.min(e.span.start, source.length);
    const column = [...source.slice(0, offset)].length + 1;
    return { ok: false, error: { message: e.message, offset, column, kind: kindOf(e.kind), code: e.kind } };
  }
}

/**
 * A cache of match results per distinct text, so each distinct command or path is matched
 * against each pattern once.
 */
export class PatternMatcher {
  private readonly results = new Map<string, boolean>();
  constructor(
    readonly pattern: RulePattern,
    private readonly maxEntries = 100_000,
  ) {}

  test(text: string): boolean {
    const hit = this.results.get(text);
    if (hit !== undefined) return hit;
    const r = this.pattern.test(text);
    if (this.results.size >= this.maxEntries) this.results.clear();
    this.results.set(text, r);
    return r;
  }
}
export { samplePattern, type PatternSample } from './sample.ts';
