/**
 * What the Letta family is (issue 27): Letta's server repository (`letta-ai/letta`) was archived
 * on 2026-08-15 at 0.16.8, the version Rule Studio's Letta reading and profile follow. Its
 * successor, Letta Code, has no tool rules: it uses Claude Code-style permissions.
 */

/** The family's name wherever the studio, the CLI and the docs show it. */
export const LETTA_FAMILY = 'Letta 0.16 (archived)';

/** One sentence for Letta Code users: where their rules belong instead. */
export const LETTA_CODE_NOTE =
  "Letta's server (letta-ai/letta) was archived at 0.16.8; Letta Code, its successor, has no tool rules and uses Claude Code-style permissions instead (a family Rule Studio plans).";
