/**
 * The reader behind `parseShell` (shell.ts): one recursive-descent pass over a command in the
 * bash subset Rule Studio reads, collecting the parts as gemini-cli-core lists them. Linear in the
 * length, nesting at most {@link MAX_DEPTH} deep.
 */
import type { ShellDetail } from './shell.ts';
import { TEST_BINARY, TEST_UNARY, validTest, type TestToken } from './shellTestExpr.ts';

/** Thrown for anything outside the subset; `parseShell` turns it into `hasError`. */
export class ParseError extends Error {}

/** How deeply compound statements, tests and substitutions may nest. */
export const MAX_DEPTH = 64;

/** Characters that end a word (and a reserved word). */
const DELIMITER = /[\s;&|()<>]/;
/** Reserved words Rule Studio reads; any other (`case`, `function`, `time`, …) is outside the subset. */
const RESERVED = new Set([
  'if',
  'then',
  'elif',
  'else',
  'fi',
  'while',
  'until',
  'for',
  'do',
  'done',
  'case',
  'esac',
  'function',
  'select',
  'time',
  'coproc',
  '{',
  '}',
  '[',
  '[[',
  ']]',
  '!',
]);
/** Words that open a statement and must be followed by a blank. */
const OPENERS = new Set(['if', 'while', 'until', 'for', '{', '[', '[[', '!']);
/** Recursive-descent reader of the subset; collects details as it goes. */
export class Reader {
  pos = 0;
  depth = 0;
  details: ShellDetail[] = [];
  redirection = false;
  /** Whether `` ` `` substitutions are allowed here (not inside tests: tree-sitter names them differently there). */
  private backticks = true;
  /** Where the last `<` or `>` is (-1: none). */
  private readonly lastAngle: number;
  constructor(
    readonly src: string,
    public end: number,
  ) {
    this.lastAngle = Math.max(src.lastIndexOf('<'), src.lastIndexOf('>'));
  }

  private peek(off = 0): string {
    return this.pos + off < this.end ? (this.src[this.pos + off] as string) : '';
  }

  private atDelimiter(): boolean {
    return this.delimiterAt(0);
  }

  private delimiterAt(off: number): boolean {
    return this.pos + off >= this.end || DELIMITER.test(this.peek(off));
  }

  private nest<T>(f: () => T): T {
    if (++this.depth > MAX_DEPTH) throw new ParseError('nesting too deep');
    try {
      return f();
    } finally {
      this.depth--;
    }
  }

  private withBackticks<T>(on: boolean, f: () => T): T {
    const saved = this.backticks;
    this.backticks = on;
    try {
      return f();
    } finally {
      this.backticks = saved;
    }
  }

  private skipBlanks(): void {
    for (;;) {
      const c = this.peek();
      if (c === ' ' || c === '\t') this.pos++;
      else if (c === '\\' && this.peek(1) === '\n') this.pos += 2;
      else return;
    }
  }

  private skipComment(): void {
    while (this.pos < this.end && this.peek() !== '\n') this.pos++;
  }

  /** The reserved word at the current position (followed by a delimiter), or ''. */
  private reservedAt(): string {
    let i = this.pos;
    const stop = Math.min(this.end, this.pos + 9);
    while (i < stop && !DELIMITER.test(this.src[i] as string)) i++;
    if (i < this.end && !DELIMITER.test(this.src[i] as string)) return '';
    const w = this.src.slice(this.pos, i);
    if (!RESERVED.has(w)) return '';
    if (OPENERS.has(w) && !/[ \t]/.test(this.src[i] ?? '')) return '';
    return w;
  }

  private expect(word: string, got: string): void {
    if (got !== word) throw new ParseError(`missing \`${word}\``);
    this.pos += word.length;
  }

  /**
   * `list := pipeline ((&& | || | ; | & | newline) pipeline)*`, optional trailing `;`/`&`/newlines.
   * Ends at the end, at `closer` (`)` of a substitution or subshell), or at one of the reserved
   * words `stops` where a command would start after a terminator; returns that word ('' else).
   */
  list(closer: string, stops: readonly string[] = [], allowEmpty = false): string {
    this.skipSeparators(true);
    let sawOne = false;
    for (;;) {
      this.skipBlanks();
      const stop = stops.length > 0 ? this.reservedAt() : '';
      const found = stops.includes(stop) ? stop : '';
      if (this.pos >= this.end || (closer !== '' && this.peek() === closer) || found !== '') {
        if (!sawOne && !allowEmpty) throw new ParseError('empty command');
        return found;
      }
      this.pipeline(closer);
      sawOne = true;
      this.skipBlanks();
      const c = this.peek();
      if ((c === '&' && this.peek(1) === '&') || (c === '|' && this.peek(1) === '|')) {
        this.pos += 2;
        this.afterOperator(closer);
        continue;
      }
      if (c === ';' || c === '&' || c === '\n') {
        if (c === ';' && this.peek(1) === ';') throw new ParseError('`;;` outside case');
        this.pos++;
        this.skipSeparators(false);
        continue;
      }
      if (this.pos >= this.end || (closer !== '' && c === closer)) return '';
      throw new ParseError(`unexpected \`${c}\``);
    }
  }

  /** After `&&`, `||` or `|`: new lines may follow, then a command must. */
  private afterOperator(closer: string): void {
    this.skipSeparators(false);
    this.skipBlanks();
    if (this.pos >= this.end || (closer !== '' && this.peek() === closer))
      throw new ParseError('missing command after operator');
  }

  private skipSeparators(allowSemicolon: boolean): void {
    for (;;) {
      this.skipBlanks();
      const c = this.peek();
      if (c === '\n') this.pos++;
      else if (c === '#') this.skipComment();
      else if (allowSemicolon && c === ';') throw new ParseError('unexpected `;`');
      else return;
    }
  }

  private pipeline(closer: string): void {
    for (let n = 1; ; n++) {
      this.statement(closer);
      this.skipBlanks();
      if (this.peek() === '|' && this.peek(1) !== '|') {
        this.pos += this.peek(1) === '&' ? 2 : 1;
        this.afterOperator(closer);
        continue;
      }
      // tree-sitter-bash reads `a | b | c⏎d > f` as `c d` with the redirection after the new line.
      if (n >= 3 && this.peek() === '\n' && this.lastAngle > this.pos)
        throw new ParseError('a redirection after a new line after a pipeline of three');
      return;
    }
  }

  /**
   * One statement: a simple command, or a compound one (with its redirections). After `!`
   * (`negated`) only a command, a test or a subshell: tree-sitter-bash reads `! if …` and `! !`
   * otherwise.
   */
  private statement(closer: string, negated = false): void {
    this.skipBlanks();
    if (this.peek() === '(') {
      this.subshell();
      this.redirects();
      return;
    }
    const w = this.reservedAt();
    if (w === '') {
      if (!this.command(closer) && negated) throw new ParseError('an assignment after `!`');
      return;
    }
    if (negated && w !== '[' && w !== '[[')
      throw new ParseError(`\`! ${w}\` is outside the subset`);
    this.nest(() => {
      if (w === 'if') this.ifStatement();
      else if (w === 'while' || w === 'until') this.loop(w);
      else if (w === 'for') this.forStatement();
      else if (w === '{') this.group();
      else if (w === '[' || w === '[[') this.test(w);
      else if (w === '!') {
        this.pos++;
        this.statement(closer, true);
      } else throw new ParseError(`\`${w}\` is outside the subset`);
    });
    if (w !== '!') this.redirects();
  }

  private ifStatement(): void {
    this.pos += 2;
    this.expect('then', this.list('', ['then']));
    let next = this.list('', ['elif', 'else', 'fi'], true);
    while (next === 'elif') {
      this.pos += 4;
      this.expect('then', this.list('', ['then']));
      next = this.list('', ['elif', 'else', 'fi'], true);
    }
    if (next === 'else') {
      this.pos += 4;
      next = this.list('', ['fi'], true);
    }
    this.expect('fi', next);
  }

  private loop(w: string): void {
    this.pos += w.length;
    this.expect('do', this.list('', ['do']));
    this.expect('done', this.list('', ['done'], true));
  }

  /** `for NAME [in WORD…]; do …; done`. */
  private forStatement(): void {
    this.pos += 3;
    this.skipBlanks();
    const name = /^[A-Za-z_][A-Za-z0-9_]*/.exec(this.src.slice(this.pos, this.pos + 256));
    if (name === null) throw new ParseError('`for` without a variable name');
    this.pos += name[0].length;
    if (!this.atDelimiter()) throw new ParseError('`for` without a variable name');
    this.skipBlanks();
    if (this.reservedIn()) {
      this.pos += 2;
      let words = 0;
      // tree-sitter-bash reads backticks in this list differently (several as one substitution).
      this.withBackticks(false, () => {
        for (;;) {
          this.skipBlanks();
          if (this.atDelimiter()) return;
          this.word();
          words++;
        }
      });
      if (words === 0) throw new ParseError('`for … in` without words');
    }
    const t = this.peek();
    if (t !== ';' && t !== '\n') throw new ParseError('`for` needs `;` or a new line before `do`');
    this.pos++;
    this.skipSeparators(false);
    this.expect('do', this.reservedAt());
    this.expect('done', this.list('', ['done'], true));
  }

  private reservedIn(): boolean {
    return this.peek() === 'i' && this.peek(1) === 'n' && /[ \t]/.test(this.peek(2));
  }

  /** `{ list; }`. */
  private group(): void {
    this.pos++;
    this.expect('}', this.list('', ['}']));
  }

  /** `( list )`: a part of its own (Gemini skips it), and its commands are parts too. */
  private subshell(): void {
    if (this.peek(1) === '(') throw new ParseError('arithmetic `((` is outside the subset');
    this.substitution('subshell', 1, ')');
  }

  /** Redirections after a compound statement (`done < in`, `fi > out`). */
  private redirects(): void {
    for (;;) {
      this.skipBlanks();
      if (this.isRedirectStart() < 0) return;
      this.redirect();
    }
  }

  /**
   * A test command: `[ … ]` or `[[ … ]]`, a part named `[` or `[[` spanning the brackets.
   * Read: an optional `!`, then `-op word`, `word op word` or `word` (`word =~ pattern` in
   * `[[`), joined by `-a`/`-o` in `[` and by `&&`/`||` in `[[`.
   */
  private test(kind: string): void {
    const start = this.pos;
    const idx = this.details.length;
    this.pos += kind.length;
    const tokens = this.withBackticks(false, () => this.testTokens(kind));
    if (!validTest(tokens, kind))
      throw new ParseError('this test expression is outside the subset');
    this.details.splice(idx, 0, {
      name: kind,
      text: this.src.slice(start, this.pos),
      startIndex: start,
    });
  }

  /** The tokens of a test up to its closing `]` or `]]` (consumed). */
  private testTokens(kind: string): TestToken[] {
    const close = kind === '[' ? ']' : ']]';
    const tokens: TestToken[] = [];
    for (;;) {
      this.skipBlanks();
      if (this.pos >= this.end) throw new ParseError(`missing \`${close}\``);
      const c = this.peek();
      if (kind === '[[' && (c === '&' || c === '|') && this.peek(1) === c) {
        tokens.push({ op: c + c });
        this.pos += 2;
        continue;
      }
      if (DELIMITER.test(c)) throw new ParseError(`\`${c}\` in a test is outside the subset`);
      let i = this.pos;
      while (i < this.end && !DELIMITER.test(this.src[i] as string)) i++;
      const raw = this.src.slice(this.pos, i);
      if (raw === close) {
        this.pos = i;
        return tokens;
      }
      if (raw === '!' || raw === '=~' || TEST_BINARY.has(raw) || TEST_UNARY.test(raw)) {
        tokens.push({ op: raw });
        this.pos = i;
        if (raw === '=~' && kind === '[[') tokens.push({ word: this.pattern() });
        continue;
      }
      const from = this.pos;
      this.word();
      const word = this.src.slice(from, this.pos);
      // An operand with `]`, `=` or an arithmetic sign, or like an option: tree-sitter-bash may
      // read it as part of an expression (`[[ $x = 1+2 && -f y ]]` does not parse there).
      if (/[\]=+%^?,]/.test(word) || word.startsWith('-') || word === '{}')
        throw new ParseError('this test operand is outside the subset');
      tokens.push({ word });
    }
  }

  /** The pattern after `=~`: regular-expression characters, brackets and parentheses balanced. */
  private pattern(): string {
    this.skipBlanks();
    const start = this.pos;
    let parens = 0;
    let brackets = 0;
    while (this.pos < this.end && !/[ \t\n]/.test(this.peek())) {
      const c = this.peek();
      if (!/[A-Za-z0-9_.^$*+?|(){},[\]-]/.test(c)) throw new ParseError(`\`${c}\` in a pattern`);
      if (c === '$' && !/^[ \t\n)|]?$/.test(this.peek(1))) throw new ParseError('`$` in a pattern');
      if (c === '(') parens++;
      else if (c === ')' && --parens < 0) throw new ParseError('unbalanced `)` in a pattern');
      else if (c === '[') brackets++;
      else if (c === ']' && --brackets < 0) throw new ParseError('unbalanced `]` in a pattern');
      this.pos++;
    }
    if (this.pos === start || parens !== 0 || brackets !== 0)
      throw new ParseError('this pattern is outside the subset');
    return this.src.slice(start, this.pos);
  }

  private isRedirectStart(): number {
    let i = 0;
    while (/[0-9]/.test(this.peek(i))) i++;
    const c = this.peek(i);
    if ((c === '>' || c === '<') && this.peek(i + 1) !== '(') return i;
    if (i === 0 && c === '&' && this.peek(1) === '>') return 0;
    return -1;
  }

  /**
   * A simple command: words and redirections; the command detail spans its words. Returns false
   * for assignments alone (`A=1`, `x=$(cmd)`), which are no command.
   */
  private command(closer: string): boolean {
    this.skipBlanks();
    let first: { start: number; end: number } | undefined;
    /** Where the command starts: its first `NAME=value` assignment, else its name (tree-sitter-bash's command node). */
    let nodeStart: number | undefined;
    let lastWordEnd = -1;
    const idx = this.details.length;
    for (;;) {
      this.skipBlanks();
      const c = this.peek();
      if (
        this.pos >= this.end ||
        c === '\n' ||
        c === ';' ||
        c === '|' ||
        (c === '&' && this.peek(1) !== '>') ||
        (closer !== '' && c === closer)
      )
        break;
      if (c === '#' && first !== undefined) {
        this.skipComment();
        break;
      }
      if (c === '(' || c === ')' || (c === '{' && first === undefined))
        throw new ParseError(`\`${c}\` (subshells and groups are outside the subset)`);
      if ((c === '<' || c === '>') && this.peek(1) === '(') {
        if (first === undefined)
          throw new ParseError('a process substitution as the command is outside the subset');
        this.processSubstitution();
        lastWordEnd = this.pos;
        continue;
      }
      if (this.isRedirectStart() >= 0) {
        this.redirect();
        continue;
      }
      const start = this.pos;
      this.word();
      if (first === undefined) {
        const name = this.src.slice(start, this.pos);
        nodeStart ??= start;
        lastWordEnd = this.pos;
        // `NAME=value` before the command's name is an assignment, part of the command's text.
        if (/^[A-Za-z_][A-Za-z0-9_]*\+?=/.test(name)) continue;
        first = { start, end: this.pos };
        if (RESERVED.has(name)) throw new ParseError(`\`${name}\` is outside the subset`);
      }
      lastWordEnd = this.pos;
    }
    // Assignments alone (`A=1`, `x=$(cmd)`) are no command; their substitutions were read as parts.
    if (first === undefined && nodeStart !== undefined) return false;
    if (first === undefined) throw new ParseError('missing command');
    const text = this.src.slice(nodeStart ?? first.start, lastWordEnd).trim();
    this.details.splice(idx, 0, {
      name: normalizeName(this.src.slice(first.start, first.end)),
      text,
      startIndex: nodeStart ?? first.start,
    });
    return true;
  }

  private redirect(): void {
    const start = this.pos;
    while (/[0-9]/.test(this.peek())) this.pos++;
    let op = '';
    if (this.peek() === '&' && this.peek(1) === '>') {
      op = this.peek(2) === '>' ? '&>>' : '&>';
    } else if (this.peek() === '>')
      op =
        this.peek(1) === '>'
          ? '>>'
          : this.peek(1) === '&'
            ? '>&'
            : this.peek(1) === '|'
              ? '>|'
              : '>';
    else if (this.peek() === '<') {
      if (this.peek(1) === '<')
        throw new ParseError('here-documents and here-strings are outside the subset');
      op = this.peek(1) === '&' ? '<&' : this.peek(1) === '>' ? '<>' : '<';
    }
    this.pos += op.length;
    this.skipBlanks();
    if (this.atDelimiter()) throw new ParseError('missing redirection target');
    this.word();
    this.redirection = true;
    const text = this.src.slice(start, this.pos).trim();
    this.details.push({
      name: op.includes('<') && !op.startsWith('&') ? 'redirection (<)' : 'redirection (>)',
      text,
      startIndex: start,
    });
  }

  /**
   * A word: bare characters, quotes, `$…` and backticks, concatenated. Glob characters `*` and
   * `?` are word characters (tree-sitter-bash reads `*.ex` as a word; gemini-cli-core decides
   * `ls *.ex` by its rules).
   */
  private word(): void {
    const start = this.pos;
    while (this.pos < this.end) {
      const c = this.peek();
      if (DELIMITER.test(c)) break;
      if (c === '\\') {
        if (this.pos + 1 >= this.end) throw new ParseError('trailing backslash');
        this.pos += 2;
      } else if (c === "'") {
        const close = this.src.indexOf("'", this.pos + 1);
        if (close < 0 || close >= this.end) throw new ParseError('unterminated single quote');
        this.pos = close + 1;
      } else if (c === '"') this.doubleQuoted();
      else if (c === '$') this.dollar();
      else if (c === '`') this.backtick();
      else if (c === '{' && this.pos === start && this.peek(1) === '}' && this.delimiterAt(2))
        this.pos += 2; // `{}` as a word of its own (`find … -exec … {} \;`)
      else if (
        c === '{' ||
        c === '}' ||
        c === '[' ||
        c === '!' ||
        (c === '~' && this.pos !== start)
      )
        throw new ParseError(`\`${c}\` in a word is outside the subset`);
      else this.pos++;
    }
    if (this.pos === start) throw new ParseError('missing word');
  }

  private doubleQuoted(): void {
    this.pos++;
    while (this.pos < this.end && this.peek() !== '"') {
      const c = this.peek();
      if (c === '\\') this.pos += 2;
      else if (c === '$') this.dollar();
      else if (c === '`') this.backtick();
      else if (c === '!') throw new ParseError('`!` in double quotes is outside the subset');
      else this.pos++;
    }
    if (this.pos >= this.end) throw new ParseError('unterminated double quote');
    this.pos++;
  }

  private dollar(): void {
    const next = this.peek(1);
    if (next === '(') {
      if (this.peek(2) === '(') throw new ParseError('arithmetic expansion is outside the subset');
      this.substitution('command substitution', 2, ')');
      return;
    }
    if (next === '{') {
      this.braceExpansion();
      return;
    }
    if (/[A-Za-z_]/.test(next)) {
      this.pos++;
      while (/[A-Za-z0-9_]/.test(this.peek())) this.pos++;
      return;
    }
    if (/[0-9?#@*$!-]/.test(next) && next !== '') {
      this.pos += 2;
      return;
    }
    throw new ParseError('this `$` form is outside the subset');
  }

  /** `${NAME}`, `${#NAME}`, `${NAME:-word}` (also `-`, `:=`, `:+`, `%`, `#` …) with a plain word. */
  private braceExpansion(): void {
    const m =
      /^\$\{(?:#?[A-Za-z_][A-Za-z0-9_]*|[A-Za-z_][A-Za-z0-9_]*(?::?[-=+]|%%?|##?)[A-Za-z0-9_./-]*)\}/.exec(
        this.src.slice(this.pos, Math.min(this.end, this.pos + 512)),
      );
    if (m === null) throw new ParseError('this `${…}` form is outside the subset');
    this.pos += m[0].length;
  }

  /** `<(…)` or `>(…)` as an argument: a part of its own, and its commands are parts too. */
  private processSubstitution(): void {
    this.substitution('process substitution', 2, ')');
    if (this.pos < this.end && !/[\s;&|<>)]/.test(this.peek()))
      throw new ParseError('text right after a process substitution is outside the subset');
  }

  /**
   * A nested list opened by `open` characters and closed by `closer` (`$(…)`, `<(…)`, `(…)`):
   * a part named `name` spanning it, its commands parts after it.
   */
  private substitution(name: string, open: number, closer: string): void {
    const start = this.pos;
    const idx = this.details.length;
    this.pos += open;
    this.withBackticks(true, () => this.nest(() => this.list(closer)));
    if (this.peek() !== closer) throw new ParseError(`missing \`${closer}\``);
    this.pos++;
    this.details.splice(idx, 0, { name, text: this.src.slice(start, this.pos), startIndex: start });
  }

  private backtick(): void {
    if (!this.backticks) throw new ParseError('backticks here are outside the subset');
    let i = this.pos + 1;
    while (i < this.end && this.src[i] !== '`') {
      if (this.src[i] === '\\')
        throw new ParseError('escapes inside backticks are outside the subset');
      i++;
    }
    if (i >= this.end) throw new ParseError('unterminated backtick');
    const outer = this.end;
    this.end = i;
    this.substitution('backtick substitution', 1, '');
    this.end = outer;
    this.pos = i + 1;
  }
}

/** Gemini's command-name normalisation: surrounding quotes removed, else trimmed. */
function normalizeName(raw: string): string {
  if (raw.length >= 2) {
    const a = raw[0];
    const b = raw[raw.length - 1];
    if ((a === '"' && b === '"') || (a === "'" && b === "'")) return raw.slice(1, -1);
  }
  return raw.trim();
}
