/**
 * Translation between the permission dialects Rule Studio reads (Claude Code settings, Codex
 * execpolicy `.rules`, Gemini CLI policy TOML): what a translation gives back, and the shared vocabulary its comparison
 * on sessions uses.
 */

/** A dialect a policy can be translated to or from. */
export type Dialect = 'claude' | 'codex' | 'gemini';

/** Where a source rule was written, and its text as written. */
export interface SourceRule {
  file: string;
  line: number;
  col: number;
  text: string;
}

/** A source rule the target cannot say, or can say only more broadly, and why. */
export interface TranslationNote {
  rule: SourceRule;
  why: string;
}

/** A policy translated into another dialect. */
export interface Translation {
  from: Dialect;
  to: Dialect;
  /** The target file's text (Codex `.rules`, or Claude Code settings JSON). */
  text: string;
  /** How many source rules became target rules (exact or approximate). */
  translated: number;
  /**
   * Translated, but the target does not decide every call as the source does: it matches more, or
   * its engine overrides the rule for some commands (each is named with why).
   */
  approximate: TranslationNote[];
  /** Not translated: the target cannot say it (each named with why). */
  untranslated: TranslationNote[];
}

/**
 * What the rules of a policy say about one shell command, in words both dialects share: `deny`
 * (Claude deny, Codex forbidden), `ask` (ask, prompt), `allow` (every part allowed by a rule), or
 * `none` (no rule decides: each agent's own default applies, which this comparison leaves out).
 */
export type RuleVerdict = 'deny' | 'ask' | 'allow' | 'none';
