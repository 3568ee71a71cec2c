/** What the examples gallery says about an example: its kind and a one-line description from its leading comment. */
import type { Example } from '../examples.ts';

export interface ExampleInfo {
  name: string;
  kind: 'agent' | 'workflow';
  /** The first sentence of the file's leading `#` comment, or '' when it has none. */
  description: string;
}

/** The first sentence of the leading comment block of a TOML or YAML file. */
export function leadingSentence(text: string): string {
  const lines: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    const m = /^\s*#\s?(.*)$/.exec(line);
    if (!m) break;
    lines.push((m[1] ?? '').trim());
  }
  const joined = lines.join(' ').replace(/\s+/g, ' ').trim();
  const end = joined.search(/[.!?](\s|$)/);
  return end >= 0 ? joined.slice(0, end + 1) : joined;
}

/** The first sentence of the first agent's `description` in a Letta agent file (JSON has no comments). */
export function agentFileSentence(text: string): string {
  try {
    const root: unknown = JSON.parse(text);
    const agents = typeof root === 'object' && root !== null ? (root as { agents?: unknown }).agents : undefined;
    const first: unknown = Array.isArray(agents) ? agents[0] : undefined;
    const description = typeof first === 'object' && first !== null ? (first as { description?: unknown }).description : undefined;
    if (typeof description !== 'string') return '';
    const end = description.search(/[.!?](\s|$)/);
    return end >= 0 ? description.slice(0, end + 1) : description;
  } catch {
    return '';
  }
}

/**
 * What the gallery says of examples whose format has no place for a description: Claude Code
 * settings are strict JSON, and Claude Code's settings schema has no free-text key.
 */
const SAID: Readonly<Record<string, string>> = {
  'claude-code-settings.json':
    'A project’s .claude/settings.json with the classic mistakes: a Write rule never consulted, a leading / that is not the root, an allow swallowed by a broader deny, and Bash allows that let anything through.',
};

/** Gallery information for an example file. */
export function exampleInfo(e: Example): ExampleInfo {
  const said = Object.hasOwn(SAID, e.name) ? SAID[e.name] : undefined;
  const description = said ?? (/\.(af|json)$/i.test(e.name) ? agentFileSentence(e.text) : leadingSentence(e.text));
  return { name: e.name, kind: /\.ya?ml$/i.test(e.name) ? 'workflow' : 'agent', description };
}
