/**
 * The one place the core compiles a JavaScript RegExp from user text: Gemini CLI's `argsPattern` /
 * `commandRegex` are JavaScript regular expressions (Gemini runs `new RegExp(pattern)` on them), so
 * running them with the same engine gives Gemini's semantics exactly (docs/spec-decisions.md,
 * "Gemini CLI policies"). Only patterns that pass Gemini's own guard (`isSafePattern`: at most
 * 2,048 characters, no quantified group containing a quantifier) reach a match; every other rule
 * pattern in Rule Studio goes through src/core/regex. The boundary test exempts this file only.
 */

/** Compiles `pattern` as Gemini does (no flags); throws a SyntaxError as Gemini's loader sees it. */
export function compileJsRegExp(pattern: string): RegExp {
  // eslint-disable-next-line no-restricted-syntax -- Gemini's patterns are JavaScript RegExps (header above)
  return new RegExp(pattern);
}
