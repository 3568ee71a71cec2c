/**
 * Reads Letta agents: a Letta agent file (`.af`, `letta-ai/agent-file`: `{agents: [...], tools:
 * [{id, name, ...}], blocks, ...}`, each agent with `tool_ids` and `tool_rules`) and the plain
 * `tool_rules` list Letta's API takes (a top-level array of rules). Only the agents' names, tools
 * and rules are read into the model; every other key stays in the text, which edits patch in
 * place (`edit/lettaText.ts`), so nothing else of the file can change. Never throws.
 */
import type { Target } from '../../diagnostics/types.ts';
import { FILE_START } from '../../diagnostics/types.ts';
import { SpanIndex, spanKey } from '../../diagnostics/spans.ts';
import type { LettaToolRule } from '../../model/lettaRules.ts';
import type { Agent, ToolDecl } from '../../model/toolRules.ts';
import type { DocPath, ParsedDoc } from '../types.ts';
import { baseName, isRecord, rangeAt, report, show, type ReadContext } from './agentsContext.ts';
import type { AgentsRead } from './agents.ts';
import { LETTA_SPAN_FIELDS, readLettaRule } from './lettaRule.ts';
import { LETTA_RULE_TYPES } from '../../model/lettaRules.ts';

/**
 * The Letta shapes: an agent file (`agents` list), the older single-agent agent file (the agent's
 * fields at the top level, its tools inline: agent-file's 2025 history), or the API's plain list
 * of rules.
 */
export type LettaShape = 'agentFile' | 'singleAgent' | 'ruleList';

const LETTA_TYPES: ReadonlySet<string> = new Set(LETTA_RULE_TYPES);

/** True for a rule in Letta's form: a `type` and no Pattern `rule_type`. */
function isLettaRuleLike(v: unknown): boolean {
  return isRecord(v) && typeof v['type'] === 'string' && !('rule_type' in v);
}

/** Keys only a Letta agent file has beside `agents` (Pattern's main config has none of them). */
const AF_TOP_KEYS = ['blocks', 'mcp_servers', 'sources', 'files'];

/**
 * Which Letta shape a parsed value has, if any: an object with an `agents` list whose agents have
 * Letta's `tool_ids` or Letta-form rules, or with an agent file's other top-level keys; or an
 * array of rules of which one has a Letta rule type and none Pattern's `rule_type`.
 */
export function lettaShapeOf(value: unknown): LettaShape | undefined {
  if (Array.isArray(value))
    return value.some((r) => isLettaRuleLike(r) && LETTA_TYPES.has((r as { type: string }).type)) && !value.some((r) => isRecord(r) && 'rule_type' in r)
      ? 'ruleList'
      : undefined;
  if (!isRecord(value)) return undefined;
  if (!('agents' in value)) return isSingleLettaAgent(value) ? 'singleAgent' : undefined;
  if (!Array.isArray(value['agents'])) return undefined;
  const agents = value['agents'];
  const lettaAgent = agents.some(
    (a) => isRecord(a) && ('tool_ids' in a || (Array.isArray(a['tool_rules']) && a['tool_rules'].length > 0 && a['tool_rules'].every(isLettaRuleLike))),
  );
  return lettaAgent || AF_TOP_KEYS.every((k) => k in value) ? 'agentFile' : undefined;
}

/**
 * An older single-agent `.af`: Letta's `agent_type` beside the agent's fields, or Letta-form
 * `tool_rules` (no Pattern `rule_type`) beside Letta's `llm_config` or inline tool objects.
 */
function isSingleLettaAgent(value: Record<string, unknown>): boolean {
  if (typeof value['agent_type'] === 'string') return true;
  const rules = value['tool_rules'];
  if (!Array.isArray(rules) || rules.length === 0 || !rules.every(isLettaRuleLike)) return false;
  const tools = value['tools'];
  return 'llm_config' in value || (Array.isArray(tools) && tools.some((t) => isRecord(t) && typeof t['name'] === 'string'));
}

/** The `tools` of an agent file by id (Letta agents name their tools by `tool_ids`). */
function toolNamesById(value: Record<string, unknown>): Map<string, string> {
  const out = new Map<string, string>();
  const tools = value['tools'];
  if (!Array.isArray(tools)) return out;
  for (const t of tools) if (isRecord(t) && typeof t['id'] === 'string' && typeof t['name'] === 'string') out.set(t['id'], t['name']);
  return out;
}

/** The agent's tools: `tool_ids` resolved through the file's `tools`, then names in its own `tools` list. */
function readLettaTools(ctx: ReadContext, agent: Record<string, unknown>, path: DocPath, byId: Map<string, string>, name: string): ToolDecl[] {
  const names: string[] = [];
  const target: Target = { kind: 'agent', agent: name };
  const ids = agent['tool_ids'];
  if (Array.isArray(ids)) {
    ids.forEach((id, i) => {
      const tool = typeof id === 'string' ? byId.get(id) : undefined;
      if (tool !== undefined) names.push(tool);
      else
        report(ctx, 'F004', 'warning', `Letta agent "${name}" lists the tool id ${show(ctx, id)} in tool_ids, but the agent file's tools have no such id: the tool is left out of the graph (the file keeps it).`, [...path, 'tool_ids', i], target);
    });
  } else if (ids !== undefined && ids !== null) {
    report(ctx, 'F003', 'error', `tool_ids of Letta agent "${name}" must be a list of tool ids (found ${show(ctx, ids)}), so the agent has no tools from it.`, [...path, 'tool_ids'], target);
  }
  const own = agent['tools'];
  // names, or (older single-agent files) the tool objects themselves
  if (Array.isArray(own))
    for (const t of own) {
      if (typeof t === 'string') names.push(t);
      else if (isRecord(t) && typeof t['name'] === 'string') names.push(t['name']);
    }
  return [...new Set(names)].map((n) => ({ name: n }));
}

interface LettaSource {
  /** The agent object, or undefined for a plain rule list. */
  agent: Record<string, unknown> | undefined;
  path: DocPath;
}

function readLettaAgent(ctx: ReadContext, src: LettaSource, index: number, byId: Map<string, string>, spans: SpanIndex): Agent {
  const { doc } = ctx;
  const fallback = src.agent ? `${baseName(ctx.file)}_${index + 1}` : baseName(ctx.file);
  const rawName = src.agent?.['name'];
  const name = typeof rawName === 'string' ? rawName : fallback;
  if (src.agent && typeof rawName !== 'string')
    report(ctx, 'F003', 'warning', `Letta agent ${index} has no name string (found ${show(ctx, rawName)}), so it is shown as "${fallback}"; the file is not changed.`, src.path, { kind: 'agent', agent: name });
  const tools = src.agent ? readLettaTools(ctx, src.agent, src.path, byId, name) : [];
  const rulesPath: DocPath = src.agent ? [...src.path, 'tool_rules'] : [];
  const raw = src.agent ? src.agent['tool_rules'] : doc.value;
  const where = src.agent ? `Letta agent "${name}"` : 'the Letta tool_rules list';
  const rules: LettaToolRule[] = [];
  if (Array.isArray(raw)) {
    raw.forEach((r, j) => {
      const path = [...rulesPath, j];
      const first = ctx.diagnostics.length;
      const rule = readLettaRule(ctx, r, path, where, { kind: 'agent', agent: name });
      const ruleIndex = rule ? rules.length : undefined;
      for (let k = first; k < ctx.diagnostics.length; k++) {
        const d = ctx.diagnostics[k];
        if (d && ruleIndex !== undefined) d.target = { kind: 'agent', agent: name, rule: ruleIndex };
      }
      if (!rule || ruleIndex === undefined) return;
      rules.push(rule);
      spans.set(spanKey.rule(index, ruleIndex), () => rangeAt(doc, path));
      for (const field of LETTA_SPAN_FIELDS) spans.set(spanKey.ruleField(index, ruleIndex, field), () => doc.locate([...path, field]));
    });
  } else if (raw !== undefined && raw !== null) {
    report(ctx, 'F003', 'error', `tool_rules of ${where} must be a list of Letta rules (found ${show(ctx, raw)}), so the agent has no rules.`, rulesPath, { kind: 'agent', agent: name });
  }
  spans.set(spanKey.agent(index), () => (src.agent ? (doc.locate([...src.path, 'name']) ?? rangeAt(doc, src.path)) : (doc.locate([0]) ?? FILE_START)));
  if (src.agent) spans.set(spanKey.agentTools(index), () => doc.locate([...src.path, 'tool_ids']) ?? doc.locate([...src.path, 'tools']));
  return { name, tools, rules: [], family: 'letta', lettaRules: rules };
}

/**
 * Reads the Letta agents of a parsed document of the given shape. Rule indices in targets and
 * spans are indices in each agent's `lettaRules`.
 */
export function readLetta(doc: ParsedDoc, file: string, shape: LettaShape): AgentsRead {
  const ctx: ReadContext = { doc, file, diagnostics: [] };
  const spans = new SpanIndex();
  if (shape === 'ruleList') return { agents: [readLettaAgent(ctx, { agent: undefined, path: [] }, 0, new Map(), spans)], diagnostics: ctx.diagnostics, spans };
  const value = doc.value as Record<string, unknown>;
  if (shape === 'singleAgent') return { agents: [readLettaAgent(ctx, { agent: value, path: [] }, 0, new Map(), spans)], diagnostics: ctx.diagnostics, spans };
  const byId = toolNamesById(value);
  const sources: LettaSource[] = [];
  (value['agents'] as unknown[]).forEach((a, i) => {
    if (isRecord(a)) sources.push({ agent: a, path: ['agents', i] });
    else report(ctx, 'F003', 'error', `agents[${i}] of the Letta agent file must be an object (found ${show(ctx, a)}), so it is ignored.`, ['agents', i], { kind: 'file' });
  });
  const agents = sources.map((src, i) => readLettaAgent(ctx, src, i, byId, spans));
  return { agents, diagnostics: ctx.diagnostics, spans };
}

/** Where agent `index` of a Letta document keeps its rules (`[]` for the plain list). */
export function lettaRulesPath(value: unknown, index: number): DocPath | undefined {
  const shape = lettaShapeOf(value);
  if (shape === 'ruleList') return index === 0 ? [] : undefined;
  if (shape === 'singleAgent') return index === 0 ? ['tool_rules'] : undefined;
  if (shape !== 'agentFile') return undefined;
  const objects = ((value as Record<string, unknown>)['agents'] as unknown[]).map((a, i) => (isRecord(a) ? i : -1)).filter((i) => i >= 0);
  const at = objects[index];
  return at === undefined ? undefined : ['agents', at, 'tool_rules'];
}

/** The index (among the file's Letta agents) of the first agent named `name`, else 0. */
export function lettaAgentIndex(value: unknown, name: string): number {
  if (lettaShapeOf(value) !== 'agentFile') return 0;
  const objects = ((value as Record<string, unknown>)['agents'] as unknown[]).filter(isRecord);
  return Math.max(0, objects.findIndex((a) => a['name'] === name));
}
