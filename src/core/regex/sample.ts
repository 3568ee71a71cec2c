/**
 * A text a rule pattern matches, built from the pattern's HIR, for the verifier's scripted
 * sessions (a command a `repeated_command` rule counts). Also says when a pattern provably
 * matches nothing (an empty character class every match must cross).
 */
import { has, type CharSet } from './charset.ts';
import { compileRust, parseHir, PatternSyntaxError } from './rust.ts';
import type { Hir } from './syntax/translate.ts';

export type PatternSample =
  /** `text` matches the pattern (checked with the pattern's own matcher). */
  | { status: 'match'; text: string }
  /** No text matches: every match would need a character from an empty class. */
  | { status: 'empty' }
  /** The pattern does not compile, or the text built did not match (anchors or word boundaries in the way). */
  | { status: 'unknown' };

/** Characters tried first, so samples read like commands and paths. */
const PREFERRED = [...'abcdefghijklmnopqrstuvwxyz0123456789-_./ ABCDEFGHIJKLMNOPQRSTUVWXYZ'].map((c) => c.codePointAt(0) as number);

function pickChar(set: CharSet): string | undefined {
  if (set.length === 0) return undefined;
  const c = PREFERRED.find((p) => has(set, p)) ?? (set[0] as number);
  return String.fromCodePoint(c);
}

/** Whether no text matches `h` (an empty class on every way through). */
function matchesNothing(h: Hir): boolean {
  switch (h.t) {
    case 'class':
      return h.set.length === 0;
    case 'repetition':
      return h.min >= 1 && matchesNothing(h.sub);
    case 'concat':
      return h.subs.some(matchesNothing);
    case 'alternation':
      return h.subs.every(matchesNothing);
    default:
      return false;
  }
}

/**
 * A short text for `h`: the first branch that can match, repetitions `min` times (`readable`: at
 * least once, so `src/.*\.rs` gives `src/a.rs`, not `src/.rs`).
 */
function build(h: Hir, readable: boolean): string {
  switch (h.t) {
    case 'class':
      return pickChar(h.set) ?? '';
    case 'repetition': {
      const times = readable && h.min === 0 && h.max !== 0 ? 1 : h.min;
      return build(h.sub, readable).repeat(times);
    }
    case 'concat':
      return h.subs.map((x) => build(x, readable)).join('');
    case 'alternation':
      return build(h.subs.find((s) => !matchesNothing(s)) ?? h.subs[0] ?? { t: 'empty' }, readable);
    default:
      return '';
  }
}

/** A text `source` matches (as Rust's `Regex::is_match`), or why there is none to offer. */
export function samplePattern(source: string): PatternSample {
  try {
    const hir = parseHir(source);
    if (matchesNothing(hir)) return { status: 'empty' };
    const re = compileRust(source);
    const text = [build(hir, true), build(hir, false)].find((t) => re.isMatch(t));
    return text === undefined ? { status: 'unknown' } : { status: 'match', text };
  } catch (e) {
    if (e instanceof PatternSyntaxError) return { status: 'unknown' };
    throw e;
  }
}
