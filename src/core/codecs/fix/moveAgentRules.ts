/**
 * The quick fix for F011: in a Pattern agent file, move the rules of `[[agent.tool_rules]]` (which
 * `AgentConfig::load_from_file` ignores) to `[[tool_rules]]`, where Pattern reads them. Only the
 * table headers change (`[[agent.tool_rules]]` → `[[tool_rules]]`, `[agent.tool_rules.x]` →
 * `[tool_rules.x]`), so comments, values and layout stay as written.
 */
import type { QuickFix, TextEdit } from '../../diagnostics/types.ts';
import { applyTextEdits } from '../../diagnostics/textEdits.ts';
import { parseToml } from '../parse/toml.ts';

/** A table header whose path starts `agent.tool_rules` (bare keys, optional spaces around dots). */
const AGENT_RULES_HEADER = /^(\s*)(\[\[?)[ \t]*agent[ \t]*\.[ \t]*(tool_rules(?:[ \t]*\.[^\]\n]*)?)[ \t]*(\]\]?)/;

/** Deep equality of parsed data, ignoring the order of table keys. */
function sameData(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b))
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => sameData(x, b[i]));
  const ka = Object.keys(a);
  const rb = b as Record<string, unknown>;
  return ka.length === Object.keys(rb).length && ka.every((k) => k in rb && sameData((a as Record<string, unknown>)[k], rb[k]));
}

/** What the document should read as once the rules are moved: `agent.tool_rules` appended to `tool_rules`. */
function expectedAfterMove(before: Record<string, unknown>): Record<string, unknown> {
  const { tool_rules: moved, ...agentRest } = before['agent'] as Record<string, unknown>;
  const { agent: _agent, ...rest } = before;
  const top = Array.isArray(before['tool_rules']) ? before['tool_rules'] : [];
  return {
    ...rest,
    ...(Object.keys(agentRest).length > 0 ? { agent: agentRest } : {}),
    tool_rules: [...top, ...(moved as unknown[])],
  };
}

function rulesCount(value: unknown, path: readonly string[]): number | undefined {
  let v: unknown = value;
  for (const k of path) v = typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>)[k] : undefined;
  return Array.isArray(v) ? v.length : undefined;
}

/**
 * The header edits that move an agent file's `agent.tool_rules` to `tool_rules`, or undefined when
 * the text has no such rules or they are not all written as headers (an inline array, a dotted
 * key, a header inside a multi-line string): the fix is offered only when the edited text reads
 * back as exactly the same data with the rules moved.
 */
export function moveAgentRulesEdits(text: string): TextEdit[] | undefined {
  const before = parseToml(text).value;
  if (!rulesCount(before, ['agent', 'tool_rules'])) return undefined;
  const edits: TextEdit[] = [];
  text.split('\n').forEach((line, i) => {
    const m = AGENT_RULES_HEADER.exec(line);
    if (!m) return;
    const [whole, indent = '', open = '', rest = '', close = ''] = m;
    const tail = rest.replace(/[ \t]*\.[ \t]*/g, '.');
    edits.push({
      range: { start: { line: i + 1, column: indent.length + 1 }, end: { line: i + 1, column: whole.length + 1 } },
      text: `${open}${tail}${close}`,
    });
  });
  if (edits.length === 0) return undefined;
  const after = parseToml(applyTextEdits(text, edits)).value as Record<string, unknown> | undefined;
  // A bare `[agent]` header left behind reads as an empty table, which Pattern ignores too.
  if (after && sameData(after['agent'], {})) delete after['agent'];
  return sameData(after, expectedAfterMove(before as Record<string, unknown>)) ? edits : undefined;
}

/** The F011 quick fix for a TOML agent file, when it has a safe one. */
export function moveAgentRulesFix(text: string): QuickFix | undefined {
  const edits = moveAgentRulesEdits(text);
  return edits ? { title: 'Move [[agent.tool_rules]] to [[tool_rules]], where Pattern reads them', edits } : undefined;
}
