/**
 * Rust `regex` crate semantics for rule patterns: parse (regex-syntax's grammar), translate
 * (flags, Unicode classes, case folding), size check, and a Pike VM for linear-time search.
 */
import { estimateSize, compileProgram, SIZE_LIMIT, type Program } from './program.ts';
import { PikeVM } from './pikevm.ts';
import { BitVM } from './bitvm.ts';
import { Parser } from './syntax/parser.ts';
import { PatternSyntaxError } from './syntax/error.ts';
import { Translator, type Hir, type TranslateOptions } from './syntax/translate.ts';
import { has } from './charset.ts';
import { unicodeClass } from './unicode/properties.ts';

export type { TranslateOptions as RegexOptions } from './syntax/translate.ts';
export { PatternSyntaxError } from './syntax/error.ts';

let alphabetic: readonly number[] | null = null;
let numeric: readonly number[] | null = null;
/** Rust's `char::is_alphabetic` / `char::is_numeric`, for capture group names. */
const NAME_CHARS = {
  alphabetic(c: number): boolean {
    if (c < 0x80) return (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);
    alphabetic ??= unicodeClass({ kind: 'binary', name: 'Alphabetic' }) as number[];
    return has(alphabetic, c);
  },
  numeric(c: number): boolean {
    if (c < 0x80) return c >= 0x30 && c <= 0x39;
    numeric ??= unicodeClass({ kind: 'binary', name: 'N' }) as number[];
    return has(numeric, c);
  },
};

/**
 * The longest literal text every match must contain (a run of single characters in a
 * concatenation, looking into groups and repetitions that occur at least once), or ''.
 */
export function requiredLiteral(h: Hir): string {
  switch (h.t) {
    case 'class':
      return h.set.length === 2 && h.set[0] === h.set[1] ? String.fromCodePoint(h.set[0]!) : '';
    case 'repetition':
      return h.min >= 1 ? requiredLiteral(h.sub) : '';
    case 'concat': {
      let best = '';
      let run = '';
      for (const sub of h.subs) {
        const single = sub.t === 'class' ? requiredLiteral(sub) : '';
        if (single) {
          run += single;
          continue;
        }
        if (run.length > best.length) best = run;
        run = '';
        // Looks take no text, so a literal run continues across them.
        if (sub.t === 'look') continue;
        const inner = requiredLiteral(sub);
        if (inner.length > best.length) best = inner;
      }
      return run.length > best.length ? run : best;
    }
    default:
      return '';
  }
}

/** A compiled pattern. Methods are not reentrant (one VM reused); the engine is single-threaded. */
export class RustRegex {
  private readonly vm: PikeVM;
  private readonly bits: BitVM;
  constructor(
    readonly source: string,
    program: Program,
    /** Text every match contains: a quick no when it is absent. */
    private readonly required: string,
  ) {
    this.vm = new PikeVM(program);
    this.bits = new BitVM(program);
  }

  /** `Regex::is_match`: whether a match exists (bit-parallel: no spans needed, so no priorities). */
  isMatch(text: string): boolean {
    if (this.required && !text.includes(this.required)) return false;
    return this.bits.isMatch(text);
  }

  /** `is_match` by the Pike VM, the reference the bit-parallel matcher is tested against. */
  isMatchPike(text: string): boolean {
    if (this.required && !text.includes(this.required)) return false;
    return this.vm.search(text, 0, false, true) !== null;
  }

  /** `Regex::find_at`-style leftmost-first search (UTF-16 offsets). */
  find(text: string, from = 0, anchored = false): [number, number] | null {
    if (this.required && text.indexOf(this.required, from) < 0) return null;
    return this.vm.search(text, from, anchored, false);
  }

  /** `Regex::find_iter`: successive non-overlapping matches; an empty match right after a match is skipped. */
  findAll(text: string, limit = Infinity, anchored = false): [number, number][] {
    const out: [number, number][] = [];
    let at = 0;
    let lastEnd = -1;
    while (out.length < limit && at <= text.length) {
      let m = this.find(text, at, anchored);
      if (m && m[0] === m[1] && m[1] === lastEnd) {
        // Step over one code point and search again (regex-automata's overlapping empty match rule).
        const c = text.codePointAt(at);
        const next = at + (c !== undefined && c > 0xffff ? 2 : 1);
        if (next > text.length) break;
        m = this.find(text, next, anchored);
      }
      if (!m) break;
      out.push(m);
      lastEnd = m[1];
      at = m[1];
      if (anchored) break;
    }
    return out;
  }
}

/** Parses and translates a pattern to its HIR (flags applied, classes flattened). Throws PatternSyntaxError. */
export function parseHir(source: string, options: TranslateOptions = {}): Hir {
  return new Translator(options).translate(new Parser(source, NAME_CHARS).parse());
}

/** Parses, translates and compiles a pattern as `regex::RegexBuilder::new(p).build()` would. Throws PatternSyntaxError. */
export function compileRust(source: string, options: TranslateOptions = {}): RustRegex {
  const hir = parseHir(source, options);
  if (estimateSize(hir) > SIZE_LIMIT) throw new PatternSyntaxError('CompiledTooBig', { start: 0, end: source.length });
  return new RustRegex(source, compileProgram(hir), requiredLiteral(hir));
}
