/**
 * Reading a `.rules` file that does not parse, for the studio's graph and Inspector (a rule being
 * typed): the broken top-level statement — from its first line to the line before the next
 * statement at column 1 — is blanked (line numbers kept) and the rest is parsed again, so the
 * rules that read are kept and each broken statement is an error at its line:col. Codex itself
 * refuses such a file whole; `loadCodexRules` says so (`refused`) either way.
 */
import { parseStarlark, StarlarkError, type Stmt } from './starlark.ts';

/** After this many broken statements the rest of the file is left out at once. */
const MAX_BROKEN = 20;

/** A line that starts a top-level statement: a name at column 1 (`elif` / `else` continue an `if`). */
const startsStatement = (line: string | undefined) => line !== undefined && /^[A-Za-z_]/.test(line) && !/^(elif|else)\b/.test(line);

/** The statements that parse, and the syntax error of each statement left out. */
export interface RecoveredParse {
  stmts: Stmt[];
  errors: StarlarkError[];
}

/** Parses `src`, leaving out each top-level statement that does not parse (see the module's note). */
export function parseStarlarkRecovering(src: string): RecoveredParse {
  const lines = src.split('\n');
  const errors: StarlarkError[] = [];
  for (;;) {
    try {
      return { stmts: parseStarlark(lines.join('\n')), errors };
    } catch (e) {
      if (!(e instanceof StarlarkError)) throw e;
      errors.push(e);
      let from = Math.min(Math.max(e.statementLine ?? e.pos.line, 1), lines.length);
      // A lexer error (an unterminated string) has no statement: the one it is in starts above.
      if (e.statementLine === undefined) while (from > 1 && !startsStatement(lines[from - 1])) from--;
      let to = from + 1;
      while (to <= lines.length && !startsStatement(lines[to - 1])) to++;
      if (!blank(lines, from, errors.length >= MAX_BROKEN ? lines.length + 1 : to) && !blank(lines, from, lines.length + 1)) return { stmts: [], errors };
    }
  }
}

/** Empties lines `from` to `to - 1` (1-based); false when they were all empty already. */
function blank(lines: string[], from: number, to: number): boolean {
  let changed = false;
  for (let l = from; l < to && l <= lines.length; l++) {
    if (lines[l - 1] !== '') changed = true;
    lines[l - 1] = '';
  }
  return changed;
}
