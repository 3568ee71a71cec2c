/** Go to definition: from a tool rule to the declaration of its tool in the agent's `tools`. */
import type { Location } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { LoadedFile } from '../../core/codecs/types.ts';
import { spanKey } from '../../core/diagnostics/spans.ts';
import { lspRange } from './convert.ts';
import { ruleAt } from './locate.ts';

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Where the tool of the rule at the 0-based position is declared, or null (no rule, wildcard, undeclared tool). */
export function definitionAt(
  loaded: LoadedFile,
  doc: TextDocument,
  line: number,
  character: number,
): Location | null {
  const at = ruleAt(loaded, line, character);
  if (!at || at.kind !== 'agent' || at.rule.tool_name === '*') return null;
  const tools = loaded.spans.get(spanKey.agentTools(at.agentIndex));
  if (!tools || !at.agent.tools.some((t) => t.name === at.rule.tool_name)) return null;
  const range = lspRange(tools);
  const from = doc.offsetAt(range.start);
  const text = doc.getText(range);
  // The name as a quoted string (TOML, JSON, YAML flow) or a YAML plain scalar / table key.
  const name = escapeRegExp(at.rule.tool_name);
  const m = new RegExp(`(["'])${name}\\1|(?<=^|[\\s,\\[\\-])${name}(?=\\s*($|[,\\]:#]))`, 'm').exec(
    text,
  );
  if (!m) return { uri: doc.uri, range };
  const quoted = m[1] ? 1 : 0;
  const start = doc.positionAt(from + m.index + quoted);
  return {
    uri: doc.uri,
    range: { start, end: doc.positionAt(from + m.index + quoted + at.rule.tool_name.length) },
  };
}
