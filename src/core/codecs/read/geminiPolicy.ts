/**
 * Gemini CLI policy files as rule files (`docs/gemini-policies.md`): a `.toml` file whose only
 * tables are `[[rule]]` / `[[safety_checker]]` reads as one agent of family `gemini` that carries
 * its path, text and tier (from its path: `admin/…` is the admin tier, `user` by default); the
 * Gemini core (`permissions/gemini/`) reads the rules from it with their positions.
 */
import type { Agent } from '../../model/toolRules.ts';
import { isGeminiPolicyValue, looksLikeGeminiPolicy, tierFromPath } from '../../permissions/gemini/policy.ts';

/** The agent name every Gemini policy file reads as (Gemini reads every tier's folder together). */
export const GEMINI_AGENT = 'gemini';

/**
 * True for a Gemini CLI policy file: a `.toml` name and only `[[rule]]` / `[[safety_checker]]`
 * tables. `parsed`: the text's value from `parseToml` when the caller has it (undefined when the
 * text did not parse), else the text is parsed here.
 */
export function isGeminiPolicyFile(path: string, text: string, parsed?: { value: unknown }): boolean {
  if (!/\.toml$/i.test(path)) return false;
  return parsed === undefined ? looksLikeGeminiPolicy(text) : isGeminiPolicyValue(parsed.value, text);
}

/** The one agent a Gemini policy file reads as. */
export function geminiAgentOf(path: string, text: string): Agent {
  return { name: GEMINI_AGENT, tools: [], rules: [], family: 'gemini', geminiPolicies: [{ path, text, tier: tierFromPath(path) }] };
}
