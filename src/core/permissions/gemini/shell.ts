/**
 * The shell side of Gemini CLI's policy engine, for the bash subset Rule Studio reads: splits a
 * command into the parts Gemini checks one by one (commands of `&&`, `||`, `;`, `&`, `|` and new
 * lines, commands inside `$(…)` and backticks), finds redirections, and strips `bash -c "…"`
 * wrappers. Gemini parses with tree-sitter-bash; this reader gives the same parts for simple
 * commands (words, `NAME=value` prefixes, quotes, operators, redirections, substitutions) and reports anything else
 * (here-documents, `if`/`for`/functions, `(…)` subshells, `${…}` expansions, unbalanced quotes)
 * as a parse error — on which Gemini also falls back to its default decision, but Gemini may
 * accept some of those constructs. See docs/gemini-policies.md.
 */

import { append } from '../../model/append.ts';

/** One part as Gemini's `parseCommandDetails` lists it. */
export interface ShellDetail {
  /** The command name, or one of the non-command kinds (`redirection (>)`, `command substitution`, …). */
  name: string;
  /** The part's text, trimmed. */
  text: string;
  startIndex: number;
}

export interface ShellParse {
  details: ShellDetail[];
  hasError: boolean;
  /** A file redirection (`>`, `>>`, `<`, `2>&1`, …) anywhere, substitutions included. */
  hasRedirection: boolean;
}

/** The non-command parts, which Gemini skips when it checks parts one by one. */
export const REDIRECTION_NAMES: ReadonlySet<string> = new Set([
  'redirection (<)',
  'redirection (>)',
  'heredoc (<<)',
  'herestring (<<<)',
  'command substitution',
  'backtick substitution',
  'process substitution',
  'subshell',
]);

class ParseError extends Error {}

const MAX_COMMAND = 100_000;
const MAX_DEPTH = 64;

/** Recursive-descent reader of the subset; collects details as it goes. */
class Reader {
  pos = 0;
  details: ShellDetail[] = [];
  redirection = false;
  constructor(
    readonly src: string,
    readonly end: number,
    readonly depth: number,
  ) {
    if (depth > MAX_DEPTH) throw new ParseError('nesting too deep');
  }

  private peek(off = 0): string {
    return this.pos + off < this.end ? (this.src[this.pos + off] as string) : '';
  }

  private skipBlanks(): void {
    for (;;) {
      const c = this.peek();
      if (c === ' ' || c === '\t') this.pos++;
      else if (c === '\\' && this.peek(1) === '\n') this.pos += 2;
      else return;
    }
  }

  /** `list := pipeline ((&& | || | ; | & | newline) pipeline)*`, optional trailing `;`/`&`/newlines. */
  list(closer: string): void {
    this.skipSeparators(true);
    let sawOne = false;
    for (;;) {
      this.skipBlanks();
      if (this.pos >= this.end || (closer !== '' && this.peek() === closer)) {
        if (!sawOne) throw new ParseError('empty command');
        return;
      }
      this.pipeline(closer);
      sawOne = true;
      this.skipBlanks();
      const c = this.peek();
      if ((c === '&' && this.peek(1) === '&') || (c === '|' && this.peek(1) === '|')) {
        this.pos += 2;
        this.skipSeparators(false);
        this.skipBlanks();
        if (this.pos >= this.end || this.peek() === closer)
          throw new ParseError('missing command after operator');
        continue;
      }
      if (c === ';' || c === '&' || c === '\n') {
        if (c === ';' && this.peek(1) === ';') throw new ParseError('`;;` outside case');
        this.pos++;
        this.skipSeparators(false);
        continue;
      }
      if (this.pos >= this.end || (closer !== '' && c === closer)) return;
      throw new ParseError(`unexpected \`${c}\``);
    }
  }

  private skipSeparators(allowSemicolon: boolean): void {
    for (;;) {
      this.skipBlanks();
      const c = this.peek();
      if (c === '\n') this.pos++;
      else if (c === '#') while (this.pos < this.end && this.peek() !== '\n') this.pos++;
      else if (allowSemicolon && c === ';') throw new ParseError('unexpected `;`');
      else return;
    }
  }

  private pipeline(closer: string): void {
    for (;;) {
      this.command(closer);
      this.skipBlanks();
      if (this.peek() === '|' && this.peek(1) !== '|') {
        this.pos += this.peek(1) === '&' ? 2 : 1;
        this.skipSeparators(false);
        this.skipBlanks();
        if (this.pos >= this.end || this.peek() === closer)
          throw new ParseError('missing command after `|`');
        continue;
      }
      return;
    }
  }

  private isRedirectStart(): number {
    let i = 0;
    while (/[0-9]/.test(this.peek(i))) i++;
    const c = this.peek(i);
    if (c === '>' || c === '<') return i;
    if (i === 0 && c === '&' && this.peek(1) === '>') return 0;
    return -1;
  }

  /** A simple command: words and redirections; the command detail spans its words. */
  private command(closer: string): void {
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
      if (c === '(' || c === ')' || (c === '{' && first === undefined))
        throw new ParseError(`\`${c}\` (subshells and groups are outside the subset)`);
      if ((c === '<' || c === '>') && this.peek(1) === '(') {
        if (first === undefined)
          throw new ParseError('a process substitution as the command is outside the subset');
        this.processSubstitution();
        lastWordEnd = this.pos;
        continue;
      }
      const r = this.isRedirectStart();
      if (r >= 0) {
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
        if (
          /^(if|then|else|elif|fi|for|while|until|do|done|case|esac|function|select|time|\[\[|!)$/.test(
            name,
          )
        )
          throw new ParseError(`\`${name}\` is outside the subset`);
      }
      lastWordEnd = this.pos;
    }
    // Assignments alone (`A=1`, `x=$(cmd)`) are no command; their substitutions were read as parts.
    if (first === undefined && nodeStart !== undefined) return;
    if (first === undefined) throw new ParseError('missing command');
    const text = this.src.slice(nodeStart ?? first.start, lastWordEnd).trim();
    this.details.splice(idx, 0, {
      name: normalizeName(this.src.slice(first.start, first.end)),
      text,
      startIndex: nodeStart ?? first.start,
    });
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
    if (this.pos >= this.end || /[\s;&|<>()]/.test(this.peek()))
      throw new ParseError('missing redirection target');
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
   * A word: bare characters, quotes, `$(…)` and backticks, concatenated. Glob characters `*` and
   * `?` are word characters (tree-sitter-bash reads `*.ex` as a word; gemini-cli-core decides
   * `ls *.ex` by its rules).
   */
  private word(): void {
    const start = this.pos;
    while (this.pos < this.end) {
      const c = this.peek();
      if (/[\s;&|<>()]/.test(c)) break;
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
      const start = this.pos;
      const close = matchingClose(this.src, this.pos + 2, this.end, ')');
      const inner = new Reader(this.src, close, this.depth + 1);
      inner.pos = this.pos + 2;
      inner.list(')');
      this.pos = close + 1;
      this.details.push({
        name: 'command substitution',
        text: this.src.slice(start, this.pos).trim(),
        startIndex: start,
      });
      append(this.details, inner.details);
      this.redirection ||= inner.redirection;
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

  /** `<(…)` or `>(…)` as an argument: a part of its own, and its commands are parts too. */
  private processSubstitution(): void {
    const start = this.pos;
    const close = matchingClose(this.src, this.pos + 2, this.end, ')');
    const inner = new Reader(this.src, close, this.depth + 1);
    inner.pos = this.pos + 2;
    inner.list(')');
    this.pos = close + 1;
    if (this.pos < this.end && !/[\s;&|<>)]/.test(this.peek()))
      throw new ParseError('text right after a process substitution is outside the subset');
    this.details.push({
      name: 'process substitution',
      text: this.src.slice(start, this.pos).trim(),
      startIndex: start,
    });
    append(this.details, inner.details);
    this.redirection ||= inner.redirection;
  }

  private backtick(): void {
    const start = this.pos;
    let i = this.pos + 1;
    while (i < this.end && this.src[i] !== '`') {
      if (this.src[i] === '\\')
        throw new ParseError('escapes inside backticks are outside the subset');
      i++;
    }
    if (i >= this.end) throw new ParseError('unterminated backtick');
    const inner = new Reader(this.src, i, this.depth + 1);
    inner.pos = this.pos + 1;
    inner.list('');
    this.pos = i + 1;
    this.details.push({
      name: 'backtick substitution',
      text: this.src.slice(start, this.pos).trim(),
      startIndex: start,
    });
    append(this.details, inner.details);
    this.redirection ||= inner.redirection;
  }
}

/** The index of the `)` closing a `$(` whose content starts at `from` (quotes respected). */
function matchingClose(src: string, from: number, end: number, closer: string): number {
  let depth = 0;
  for (let i = from; i < end; i++) {
    const c = src[i];
    if (c === '\\') i++;
    else if (c === "'") {
      const close = src.indexOf("'", i + 1);
      if (close < 0 || close >= end) throw new ParseError('unterminated single quote');
      i = close;
    } else if (c === '"') {
      i++;
      while (i < end && src[i] !== '"') i += src[i] === '\\' ? 2 : 1;
      if (i >= end) throw new ParseError('unterminated double quote');
    } else if (c === '(') depth++;
    else if (c === closer) {
      if (depth === 0) return i;
      depth--;
    }
  }
  throw new ParseError('unterminated `$(`');
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

/**
 * Splits `command` into the parts Gemini checks (sorted by position). A blank command, one
 * outside the subset or one that does not parse gives `hasError` (no parts are trusted then).
 */
export function parseShell(command: string): ShellParse {
  if (command.trim() === '' || command.length > MAX_COMMAND)
    return { details: [], hasError: true, hasRedirection: /[<>]/.test(command) };
  const r = new Reader(command, command.length, 0);
  try {
    r.list('');
    if (r.pos < command.length) throw new ParseError('unexpected text');
  } catch (e) {
    if (e instanceof ParseError)
      return { details: [], hasError: true, hasRedirection: /[<>]/.test(command) };
    throw e;
  }
  const details = r.details
    .map((d, i) => ({ d, i }))
    .sort((a, b) => a.d.startIndex - b.d.startIndex || a.i - b.i)
    .map((x) => x.d);
  return { details, hasError: details.length === 0, hasRedirection: r.redirection };
}

/** Whether Gemini sees a redirection in `command` (none without `<` or `>`; unparsable → any `<`/`>`). */
export function hasRedirection(command: string): boolean {
  if (!/[<>]/.test(command)) return false;
  return parseShell(command).hasRedirection;
}

const WRAPPER =
  /^\s*(?:(?:(?:\S+\/)?(?:sh|bash|zsh))\s+-c|cmd\.exe\s+\/c|powershell(?:\.exe)?\s+(?:-NoProfile\s+)?-Command|pwsh(?:\.exe)?\s+(?:-NoProfile\s+)?-Command)\s+/i;

/**
 * Gemini's `stripShellWrapper`: `bash -c "…"`, `sh -c '…'`, `cmd.exe /c …`, `powershell -Command …`
 * give the inner command (one level of quotes removed); anything else is returned trimmed.
 */
export function stripShellWrapper(command: string): string {
  const m = WRAPPER.exec(command);
  if (m === null) return command.trim();
  let inner = command.slice(m[0].length).trim();
  if (
    inner.length >= 2 &&
    ((inner.startsWith('"') && inner.endsWith('"')) ||
      (inner.startsWith("'") && inner.endsWith("'")))
  ) {
    const posix = m[0].trim().endsWith('-c');
    if (posix && inner.startsWith('"')) {
      const body = inner.slice(1, -1);
      // One double-quoted word: backslash escapes `\"`, `\\`, `\$` and `` \` `` drop their backslash.
      if (!/(^|[^\\])(\\\\)*"/.test(body)) inner = body.replace(/\\(["\\$`])/g, '$1');
      else inner = body;
    } else inner = inner.slice(1, -1);
  }
  return inner;
}
