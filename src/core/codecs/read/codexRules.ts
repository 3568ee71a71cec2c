/**
 * Codex execpolicy `.rules` files as rule files (`docs/codex-execpolicy.md`): a file named
 * `*.rules` reads as one agent of family `codex` that carries its path and text; the Codex core
 * (`permissions/codex/`) reads the rules from it with their positions.
 */
import type { Agent } from '../../model/toolRules.ts';

/** The agent name every Codex rules file reads as (Codex reads all of `rules/*.rules` together). */
export const CODEX_AGENT = 'codex';

/** True for a Codex execpolicy file name (`default.rules`, `.codex/rules/git.rules`). */
export function isCodexRulesName(path: string): boolean {
  return /\.rules$/i.test(path);
}

/** The one agent a `.rules` file reads as. */
export function codexAgentOf(path: string, text: string): Agent {
  return { name: CODEX_AGENT, tools: [], rules: [], family: 'codex', codexRules: [{ path, text }] };
}
