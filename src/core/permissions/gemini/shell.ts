/**
 * The shell side of Gemini CLI's policy engine, for the bash subset Rule Studio reads: splits a
 * command into the parts Gemini checks one by one (commands of `&&`, `||`, `;`, `&`, `|` and new
 * lines, commands inside `$(…)`, backticks, `<(…)`, `(…)` subshells, `{ …; }` groups, `if`,
 * `while`/`until` and `for … in` statements, `!` negations, and `[ … ]`/`[[ … ]]` tests), finds
 * redirections, and strips `bash -c "…"` wrappers. Gemini parses with tree-sitter-bash; this reader
 * gives the same parts for what it reads and reports anything else (here-documents, `case`,
 * functions, arithmetic, most `${…}` forms, test expressions beyond the plain shapes, unbalanced
 * quotes) as a parse error — on which Gemini also falls back to its default decision, but Gemini
 * may accept some of those constructs. Linear in the command's length, nesting at most
 * {@link MAX_DEPTH} deep. See docs/gemini-policies.md.
 */

import { MAX_DEPTH, ParseError, Reader } from './shellReader.ts';

/** One part as Gemini's `parseCommandDetails` lists it. */
export interface ShellDetail {
  /** The command name (`[` and `[[` for tests), or one of the non-command kinds (`redirection (>)`, `subshell`, …). */
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

export { MAX_DEPTH };

const MAX_COMMAND = 100_000;

/**
 * Splits `command` into the parts Gemini checks (sorted by position). A blank command, one
 * outside the subset or one that does not parse gives `hasError` (no parts are trusted then).
 */
export function parseShell(command: string): ShellParse {
  if (command.trim() === '' || command.length > MAX_COMMAND)
    return { details: [], hasError: true, hasRedirection: /[<>]/.test(command) };
  const r = new Reader(command, command.length);
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
