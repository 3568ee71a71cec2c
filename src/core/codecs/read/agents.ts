/**
 * Reads agents and their tool rules from a parsed TOML, JSON or YAML document, in every form of
 * `tool-rules.md` §2.1–2.2: Pattern's main config (`[[agents]]`, inline `agent_config` of
 * `[[groups.members]]`), an agent file (top-level `name`, `tools`, `[[tool_rules]]`), the
 * design-era `[agent]`, and in JSON also a bare rule array. Never throws: problems become
 * diagnostics, a rule with an error is dropped and the rest still loads.
 *
 * An agent file is read as Pattern's `AgentConfig::load_from_file` reads it: the top level is the
 * one agent, and an `agent` table beside it is ignored (F011 when it holds `tool_rules`, which then
 * have no effect in Pattern; `moveAgentRules` reads them as the agent's rules instead).
 */
import type { Diagnostic } from '../../diagnostics/types.ts';
import { FILE_START } from '../../diagnostics/types.ts';
import { SpanIndex, spanKey } from '../../diagnostics/spans.ts';
import type { Agent, Json, ToolRule } from '../../model/toolRules.ts';
import type { DocPath, ParsedDoc } from '../types.ts';
import { setOwn } from '../write/agentsConfig.ts';
import { baseName, isRecord, rangeAt, report, show, type ReadContext } from './agentsContext.ts';
import { readRule, RULE_SPAN_FIELDS } from './agentsRule.ts';
import { readTools } from './agentsTools.ts';

/** Diagnostic code: an agent file's `[[agent.tool_rules]]`, which Pattern ignores. */
export const AGENT_RULES_IGNORED = 'F011';

/** Keys of Pattern's `AgentConfig` that Rule Studio does not model: kept silently in `extra`. */
const PATTERN_AGENT_KEYS = new Set([
  'id', 'system_prompt', 'system_prompt_path', 'persona', 'persona_path', 'instructions', 'memory',
  'bluesky_handle', 'data_sources', 'model', 'context',
]);
const MODELLED_KEYS = new Set(['name', 'tools', 'tool_rules', 'tool_specs']);
const AGENT_FILE_KEYS = ['name', 'tools', 'tool_rules', 'tool_specs'];

/** Options of {@link readAgents}. */
export interface ReadAgentsOptions {
  /** Agent index of the first agent in spans (default 0). */
  startAgentIndex?: number;
  /**
   * In an agent file, read the rules of the ignored `agent.tool_rules` as the agent's own rules
   * (after its top-level ones), as if they had been moved to `[[tool_rules]]` (`convert --move-agent-rules`).
   */
  moveAgentRules?: boolean;
}

/** What reading agents gives. */
export interface AgentsRead {
  agents: Agent[];
  diagnostics: Diagnostic[];
  spans: SpanIndex;
}

/** Where one agent sits in the document. */
interface AgentSource {
  /** The agent's table, or undefined for a bare rule array (JSON). */
  table: Record<string, unknown> | undefined;
  path: DocPath;
  /** Top-level keys that belong to other forms, not to this agent. */
  skip: ReadonlySet<string>;
  /** Pattern's agent-file form: the `agent` table beside the top-level agent is ignored by Pattern. */
  agentFile?: boolean;
}

/** True when a parsed value holds agents or tool rules in one of the forms this reader accepts. */
export function looksLikeAgents(value: unknown): boolean {
  if (Array.isArray(value)) return value.length === 0 || value.some((r) => isRecord(r) && ('tool_name' in r || 'rule_type' in r));
  if (!isRecord(value)) return false;
  if (Array.isArray(value['agents']) || isRecord(value['agent']) || 'tool_rules' in value) return true;
  if (!('name' in value) || 'nodes' in value || 'start_node' in value) return false;
  return 'tools' in value || [...PATTERN_AGENT_KEYS].some((k) => k in value);
}

/**
 * Pattern's agent file (`AgentConfig::load_from_file`, e.g. orual/pattern
 * `bsky_agent/agents/anchor.toml`): a top-level `name` and no `[[agents]]`. Pattern parses the
 * whole file as one `AgentConfig`, so an `agent` table beside the name is an unknown key it ignores.
 */
function isAgentFile(value: Record<string, unknown>): boolean {
  return 'name' in value && !('agents' in value);
}

/** `[[groups.members]]` of a main config: inline `agent_config` tables are agents; `config_path` is not followed. */
function groupMemberSources(ctx: ReadContext, value: Record<string, unknown>): AgentSource[] {
  const groups = value['groups'];
  if (!Array.isArray(groups)) return [];
  const out: AgentSource[] = [];
  groups.forEach((g, gi) => {
    const members = isRecord(g) ? g['members'] : undefined;
    if (!Array.isArray(members)) return;
    members.forEach((m, mi) => {
      if (!isRecord(m)) return;
      const path = ['groups', gi, 'members', mi];
      if (isRecord(m['agent_config'])) out.push({ table: m['agent_config'], path: [...path, 'agent_config'], skip: new Set() });
      else if (typeof m['config_path'] === 'string')
        report(ctx, 'F004', 'warning', `Group member ${JSON.stringify(m['name'] ?? mi)} refers to the agent file "${m['config_path']}": load that file too to see its rules; nothing is read from this entry.`, path, { kind: 'file' });
    });
  });
  return out;
}

function findSources(ctx: ReadContext, value: unknown): AgentSource[] {
  if (Array.isArray(value)) return [{ table: undefined, path: [], skip: new Set() }];
  if (!isRecord(value)) return [];
  const sources: AgentSource[] = [];
  const agents = value['agents'];
  if (Array.isArray(agents)) {
    agents.forEach((a, i) => {
      const path = ['agents', i];
      if (!isRecord(a))
        report(ctx, 'F003', 'error', `agents[${i}] must be a table (found ${show(ctx, a)}), so it is ignored.`, path, { kind: 'file' });
      else if (!('name' in a) && typeof a['config_path'] === 'string')
        report(ctx, 'F004', 'warning', `agents[${i}] refers to the agent file "${a['config_path']}": load that file too to see its rules; nothing is read from this entry.`, path, { kind: 'file' });
      else sources.push({ table: a, path, skip: new Set() });
    });
  } else if (agents !== undefined) {
    report(ctx, 'F003', 'error', `agents must be a list of agent tables ([[agents]]) (found ${show(ctx, agents)}), so it is ignored.`, ['agents'], { kind: 'file' });
  }
  if (isAgentFile(value)) {
    sources.push({ table: value, path: [], skip: new Set(['agents', 'groups']), agentFile: true });
    return [...sources, ...groupMemberSources(ctx, value)];
  }
  const agent = value['agent'];
  if (isRecord(agent)) {
    sources.push({ table: agent, path: ['agent'], skip: new Set() });
  } else if (agent !== undefined) {
    report(ctx, 'F003', 'error', `agent must be a table (found ${show(ctx, agent)}), so it is ignored.`, ['agent'], { kind: 'file' });
  }
  if (AGENT_FILE_KEYS.some((k) => k in value)) sources.push({ table: value, path: [], skip: new Set(['agents', 'agent', 'groups']) });
  return [...sources, ...groupMemberSources(ctx, value)];
}

/** Where each agent of a parsed value sits (its document path), in reading order. */
export function agentPaths(value: unknown): DocPath[] {
  const ctx: ReadContext = { doc: { format: 'json', value, errors: [], locate: () => undefined }, file: '', diagnostics: [] };
  return findSources(ctx, value).map((src) => src.path);
}

/** The agent's name: its `name`, else the file's base name (F010). */
function agentName(ctx: ReadContext, src: AgentSource): string {
  const raw = src.table?.['name'];
  const fallback = baseName(ctx.file);
  if (typeof raw === 'string') return raw;
  if (raw === undefined)
    report(ctx, 'F010', 'info', `Agent has no name, so it takes the file's name "${fallback}"; export writes name = "${fallback}".`, src.path, { kind: 'agent', agent: fallback }, 'key');
  else
    report(ctx, 'F003', 'error', `Agent name must be a string (found ${show(ctx, raw)}), so the agent takes the file's name "${fallback}".`, [...src.path, 'name'], { kind: 'agent', agent: fallback });
  return fallback;
}

/** Other keys of the agent table: kept in `extra`; F004 for those Pattern does not know either. */
function readExtra(ctx: ReadContext, src: AgentSource, name: string, ignored: IgnoredAgentRules): Record<string, Json> | undefined {
  if (!src.table) return undefined;
  const extra: Record<string, Json> = {};
  for (const [key, v] of Object.entries(src.table)) {
    if (MODELLED_KEYS.has(key) || src.skip.has(key)) continue;
    if (key === 'agent' && ignored.rules) {
      if (ignored.moved) {
        const { tool_rules: _moved, ...rest } = v as Record<string, Json>;
        if (Object.keys(rest).length > 0) setOwn(extra, key, rest);
      } else setOwn(extra, key, v);
      continue;
    }
    setOwn(extra, key, v);
    if (!PATTERN_AGENT_KEYS.has(key))
      report(ctx, 'F004', 'warning', `Unknown key "${key}" in agent "${name}": kept and written back on export (Pattern ignores it), but Rule Studio does not use it.`, [...src.path, key], { kind: 'agent', agent: name }, 'key');
  }
  return Object.keys(extra).length > 0 ? extra : undefined;
}

const AGENT_RULES_PATH: DocPath = ['agent', 'tool_rules'];

/** Rule fields whose ranges spans give (others fall back to the rule's range). */
const RULE_SPAN_FIELD_SET: ReadonlySet<string> = new Set(RULE_SPAN_FIELDS);

/** The rules of an agent file's `agent.tool_rules`, which Pattern ignores. */
interface IgnoredAgentRules {
  rules: unknown[] | undefined;
  /** Read as the agent's own rules (option `moveAgentRules`). */
  moved: boolean;
}

/** Finds `agent.tool_rules` beside an agent file's top level; F011 unless they are to be moved. */
function ignoredAgentRules(ctx: ReadContext, src: AgentSource, name: string, opts: ReadAgentsOptions): IgnoredAgentRules {
  const agent = src.agentFile ? src.table?.['agent'] : undefined;
  const rules = isRecord(agent) && Array.isArray(agent['tool_rules']) ? agent['tool_rules'] : undefined;
  if (!rules) return { rules: undefined, moved: false };
  const moved = opts.moveAgentRules === true;
  if (!moved) {
    const n = rules.length === 1 ? '1 tool rule' : `${rules.length} tool rules`;
    report(
      ctx,
      AGENT_RULES_IGNORED,
      'warning',
      `Pattern reads this file as agent "${name}" (AgentConfig::load_from_file) and ignores the [agent] table, so its ${n} in [[agent.tool_rules]] ${rules.length === 1 ? 'has' : 'have'} no effect on "${name}". Move ${rules.length === 1 ? 'it' : 'them'} to [[tool_rules]] (quick fix, or convert --move-agent-rules).`,
      AGENT_RULES_PATH,
      { kind: 'agent', agent: name },
      'key',
    );
  }
  return { rules, moved };
}

function readAgent(ctx: ReadContext, src: AgentSource, index: number, spans: SpanIndex, opts: ReadAgentsOptions): Agent {
  const { doc } = ctx;
  const name = agentName(ctx, src);
  if (src.path.length === 1 && src.path[0] === 'agent')
    report(ctx, 'F010', 'info', `Singular [agent] is deprecated and Pattern's loader rejects it ("Use [[agents]]"); agent "${name}" is read as [[agents]], the form export writes.`, src.path, { kind: 'agent', agent: name }, 'key');
  const tools = src.table ? readTools(ctx, src.table, src.path, name) : [];
  const rulesPath: DocPath = src.table ? [...src.path, 'tool_rules'] : src.path;
  const rawRules = src.table ? src.table['tool_rules'] : doc.value;
  const rules: ToolRule[] = [];
  const ignored = ignoredAgentRules(ctx, src, name, opts);
  // The rules read from `tool_rules`, then (when moved) those of the ignored `agent.tool_rules`.
  const lists: { raws: unknown[]; base: DocPath }[] = [];
  if (Array.isArray(rawRules)) lists.push({ raws: rawRules, base: rulesPath });
  if (ignored.moved && ignored.rules) lists.push({ raws: ignored.rules, base: AGENT_RULES_PATH });
  /** Where each rule read sits, by its index in `rules`: its list and its index there (numbers, not a path per rule). */
  const ruleList: number[] = [];
  const ruleEntry: number[] = [];
  lists.forEach(({ raws, base }, list) => {
    for (let j = 0; j < raws.length; j++) {
      const first = ctx.diagnostics.length;
      const rule = readRule(ctx, raws[j], [...base, j], name);
      const ruleIndex = rule ? rules.length : undefined;
      for (let k = first; k < ctx.diagnostics.length; k++) {
        const d = ctx.diagnostics[k];
        if (!d) continue;
        // A tool the reader named (an ignored rule's, F002) stays: the graph marks that node.
        const tool = d.target.kind === 'agent' ? d.target.tool : undefined;
        d.target = { kind: 'agent', agent: name, ...(ruleIndex === undefined ? {} : { rule: ruleIndex }), ...(tool === undefined ? {} : { tool }) };
      }
      if (!rule) continue;
      rules.push(rule);
      ruleList.push(list);
      ruleEntry.push(j);
    }
  });
  spans.setRules(index, rules.length, (ruleIndex, field) => {
    const list = lists[ruleList[ruleIndex] ?? -1];
    if (!list) return undefined;
    const path = [...list.base, ruleEntry[ruleIndex] ?? 0];
    if (field === undefined) return rangeAt(doc, path);
    return RULE_SPAN_FIELD_SET.has(field) ? doc.locate([...path, field]) : undefined;
  });
  if (rawRules !== undefined && !Array.isArray(rawRules)) {
    report(ctx, 'F003', 'error', `tool_rules of agent "${name}" must be a list of rule tables ([[tool_rules]]) (found ${show(ctx, rawRules)}), so the agent has no rules.`, rulesPath, { kind: 'agent', agent: name });
  }

  spans.set(spanKey.agent(index), () =>
    src.path.length > 0 ? rangeAt(doc, src.path) : (doc.locate(['name']) ?? doc.locate([...rulesPath, 0]) ?? FILE_START),
  );
  if (src.table) spans.set(spanKey.agentTools(index), () => doc.locate([...src.path, 'tools']));

  const agent: Agent = { name, tools, rules };
  const extra = readExtra(ctx, src, name, ignored);
  if (extra) agent.extra = extra;
  return agent;
}

/**
 * Reads every agent of a parsed document. Rule indices in targets and spans are indices in the
 * resulting `agent.rules`; agent indices in spans start at `opts.startAgentIndex` (default 0).
 */
export function readAgents(doc: ParsedDoc, file: string, opts: ReadAgentsOptions = {}): AgentsRead {
  const ctx: ReadContext = { doc, file, diagnostics: [] };
  const spans = new SpanIndex();
  const start = opts.startAgentIndex ?? 0;
  const agents = findSources(ctx, doc.value).map((src, i) => readAgent(ctx, src, start + i, spans, opts));
  return { agents, diagnostics: ctx.diagnostics, spans };
}
