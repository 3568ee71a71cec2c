/**
 * The one place that talks to the regular-expression engine. Rule patterns use RE2 semantics
 * (what Rust's `regex` crate accepts: no backreferences, no lookaround) and match in linear time;
 * `re2js` is a pure-JS port of RE2 that runs in the page, Workers, Node and Vitest alike.
 */
import { RE2JS } from 're2js';

/** A compiled rule pattern: `test` is an unanchored search, like Rust's `Regex::is_match`. */
export interface RulePattern {
  readonly source: string;
  test(text: string): boolean;
}

/** Why a pattern was rejected, with the 0-based offset of the offending part inside it. */
export interface PatternError {
  message: string;
  offset: number;
  /** `backreference`, `lookaround` or `syntax`, so messages can name the construct. */
  kind: 'backreference' | 'lookaround' | 'syntax';
}

export type CompileResult = { ok: true; pattern: RulePattern } | { ok: false; error: PatternError };

const LOOKAROUND = /\(\?<?[=!]/;
const BACKREF = /\\[1-9]|\\k<|\\g\{?\d/;

function classify(source: string, fragment: string): PatternError['kind'] {
  if (LOOKAROUND.test(fragment) || (fragment.startsWith('(?<') && LOOKAROUND.test(source))) return 'lookaround';
  if (BACKREF.test(fragment)) return 'backreference';
  return 'syntax';
}

/** Compiles a pattern with RE2 semantics; never throws. */
export function compilePattern(source: string): CompileResult {
  try {
    const re = RE2JS.compile(source);
    return { ok: true, pattern: { source, test: (text: string) => re.test(text) } };
  } catch (e) {
    const err = e as { message?: string; error?: string; input?: string };
    const fragment = typeof err.input === 'string' ? err.input : '';
    const at = fragment ? source.indexOf(fragment) : -1;
    const kind = classify(source, fragment);
    const raw = (err.message ?? String(e)).replace(/^error parsing regexp: /, '');
    const named =
      kind === 'lookaround'
        ? `lookaround is not supported by RE2 (${raw})`
        : kind === 'backreference'
          ? `backreferences are not supported by RE2 (${raw})`
          : raw;
    return { ok: false, error: { message: named, offset: Math.max(0, at), kind } };
  }
}

/**
 * A cache of compiled patterns and of match results per distinct text, so each distinct command
 * or path is matched against each pattern once.
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
