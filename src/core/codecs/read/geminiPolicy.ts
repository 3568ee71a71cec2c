/**
 * Gemini CLI policy files as rule files (`docs/gemini-policies.md`): a `.toml` file whose only
 * tables are `[[rule]]` / `[[safety_checker]]` reads as one agent of family `gemini` that carries
 * its path, text and tier (from its path: `admin/…` is the admin tier, `user` by default); the
 * Gemini core (`permissions/gemini/`) reads the rules from it with their positions.
 */
import type { Agent } from '../../model/toolRules.ts';
import { isGeminiPolicyValue, tierFromPath } from '../../permissions/gemini/policy.ts';

/** The agent name every Gemini policy file reads as (Gemini reads every tier's folder together). */
export const GEMINI_AGENT = 'gemini';

/**
 * True for a Gemini CLI policy file: a `.toml` name and only `[[rule]]` / `[[safety_checker]]`
 * tables. `parsed`: what `parseToml(text)` gave (its value undefined when the text did not parse),
 * so the loader parses a file once for this check and its reading.
 */
export function isGeminiPolicyFile(path: string, text: string, parsed: { value: unknown }): boolean {
  return /\.toml$/i.test(path) && isGeminiPolicyValue(parsed.value, text);
}

/** The one agent a Gemini policy file reads as. */
export function geminiAgentOf(path: string, text: string): Agent {
  return { name: GEMINI_AGENT, tools: [], rules: [], family: 'gemini', geminiPolicies: [{ path, text, tier: tierFromPath(path) }] };
}
