/**
 * Agents as plain objects in Pattern's config form (`tool-rules.md` §2.3): `rule_type`
 * adjacently tagged, durations in whole seconds, defaults omitted, declared tool details in a
 * per-agent `tool_specs` table. The TOML and YAML writers serialise these objects; the export
 * warnings (durations rounded, ExitLoop conditions ignored) are produced here, once.
 */
import type { Diagnostic } from '../../diagnostics/types.ts';
import { FILE_START } from '../../diagnostics/types.ts';
import { diag } from '../../diagnostics/make.ts';
import type { Agent, ExtraKeys, Json, ToolDecl, ToolRule, ToolRuleType } from '../../model/toolRules.ts';
import { msToWholeSeconds } from '../read/agentsDuration.ts';
import { append } from '../../model/append.ts';

/** The file name export diagnostics carry. */
export const EXPORT_FILE = '<export>';

/** Codes of export warnings (not in `diagnostics.md`, which covers reading and validation). */
export const EXPORT_CODES = {
  /** A Cooldown / Periodic duration that is not whole seconds was rounded. */
  durationRounded: 'X001',
  /** ExitLoop with conditions: Pattern ignores the conditions. */
  exitLoopConditions: 'X002',
  /** A null inside metadata or kept keys: TOML has no null, so it was left out. */
  nullDropped: 'X003',
  /** Data nested deeper than the writers go (see `write.ts`): nothing is written. */
  tooDeep: 'X012',
  /** Data that expands to more values than the writers write (see `write.ts`): nothing is written. */
  tooLarge: 'X014',
  /** A lone surrogate in a string or key: TOML (UTF-8) cannot hold it; written as U+FFFD. */
  loneSurrogate: 'X013',
} as const;

/** The default priority, omitted on export. */
export const DEFAULT_PRIORITY = 5;

/** Keys the writers own; kept `extra` keys with these names are not written. */
export const RESERVED_AGENT_KEYS = new Set(['name', 'tools', 'tool_rules', 'tool_specs']);
export const RESERVED_RULE_KEYS = new Set(['tool_name', 'rule_type', 'conditions', 'priority', 'metadata']);

/** A plain object in config form. */
export type ConfigObject = Record<string, Json>;

/** `rule_type` in Pattern's config form, e.g. `{ type: 'MaxCalls', value: 3 }`; durations in whole seconds. */
export function configRuleType(rt: ToolRuleType): ConfigObject {
  switch (rt.type) {
    case 'ExclusiveGroups':
      return { type: rt.type, value: rt.value.map((g) => [...g]) };
    case 'MaxCalls':
      return { type: rt.type, value: rt.value };
    case 'Cooldown':
    case 'Periodic':
      return { type: rt.type, value: msToWholeSeconds(rt.value) };
    case 'RequiresConsent':
      return { type: rt.type, value: rt.value.scope === undefined ? {} : { scope: rt.value.scope } };
    case 'AllowedOperations':
      return { type: rt.type, value: [...new Set(rt.value)].sort() };
    default:
      return { type: rt.type };
  }
}

/** Sets an own property, also for keys like `__proto__` that plain assignment would not create. */
export function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** Adds the kept keys of `extra` to `target`, skipping the writer's own keys. */
export function addExtra(target: ConfigObject, extra: ExtraKeys | undefined, reserved: ReadonlySet<string>): void {
  if (!extra) return;
  for (const [k, v] of Object.entries(extra)) if (!reserved.has(k)) setOwn(target, k, v);
}

/** Warnings every export form shares: ExitLoop with conditions. */
export function exitLoopWarnings(agent: Agent, index: number, rule: ToolRule): Diagnostic[] {
  if (rule.rule_type.type !== 'ExitLoop' || rule.conditions.length === 0) return [];
  return [
    diag(
      EXPORT_CODES.exitLoopConditions,
      'warning',
      `ExitLoop for \`${rule.tool_name}\` has conditions (${rule.conditions.join(', ')}): Pattern ignores them, so there the loop ends after any successful call of \`${rule.tool_name}\`.`,
      EXPORT_FILE,
      FILE_START,
      { kind: 'agent', agent: agent.name, rule: index },
    ),
  ];
}

function durationWarnings(agent: Agent, index: number, rule: ToolRule): Diagnostic[] {
  const rt = rule.rule_type;
  if ((rt.type !== 'Cooldown' && rt.type !== 'Periodic') || rt.value % 1000 === 0) return [];
  return [
    diag(
      EXPORT_CODES.durationRounded,
      'warning',
      `${rt.type} of ${rt.value} ms for \`${rule.tool_name}\` is not whole seconds: Pattern's config holds whole seconds, so it is exported as ${msToWholeSeconds(rt.value)} s.`,
      EXPORT_FILE,
      FILE_START,
      { kind: 'agent', agent: agent.name, rule: index },
    ),
  ];
}

/** One rule in config form, with its export warnings. */
export function configRule(agent: Agent, index: number, rule: ToolRule, out: Diagnostic[]): ConfigObject {
  const o: ConfigObject = { tool_name: rule.tool_name, rule_type: configRuleType(rule.rule_type) };
  if (rule.conditions.length > 0) o['conditions'] = [...rule.conditions];
  if (rule.priority !== DEFAULT_PRIORITY) o['priority'] = rule.priority;
  if (rule.metadata !== undefined) o['metadata'] = rule.metadata;
  addExtra(o, rule.extra, RESERVED_RULE_KEYS);
  append(out, [...exitLoopWarnings(agent, index, rule), ...durationWarnings(agent, index, rule)]);
  return o;
}

/** The `tool_specs` entry of a declared tool, or undefined when it declares nothing beyond its name. */
export function toolSpec(tool: ToolDecl): ConfigObject | undefined {
  const o: ConfigObject = {};
  if (tool.operations !== undefined) o['operations'] = [...tool.operations];
  if (tool.operation_field !== undefined) o['operation_field'] = tool.operation_field;
  if (tool.schema !== undefined) o['schema'] = tool.schema;
  return Object.keys(o).length > 0 ? o : undefined;
}

/** The `tool_specs` table of an agent, or undefined when no tool has details. */
export function toolSpecs(agent: Agent): ConfigObject | undefined {
  const specs: ConfigObject = {};
  for (const tool of agent.tools) {
    const spec = toolSpec(tool);
    if (spec) setOwn(specs, tool.name, spec);
  }
  return Object.keys(specs).length > 0 ? specs : undefined;
}

/** An agent's own keys in config form: `name`, `tools` and kept keys (the part before its rules). */
export function configAgentHead(agent: Agent): ConfigObject {
  const o: ConfigObject = { name: agent.name };
  if (agent.tools.length > 0) o['tools'] = agent.tools.map((t) => t.name);
  addExtra(o, agent.extra, RESERVED_AGENT_KEYS);
  return o;
}

/** One agent in config form: `name`, `tools`, kept keys, `tool_rules`, `tool_specs`. */
export function configAgent(agent: Agent, out: Diagnostic[]): ConfigObject {
  const o = configAgentHead(agent);
  if (agent.rules.length > 0) o['tool_rules'] = agent.rules.map((r, i) => configRule(agent, i, r, out));
  const specs = toolSpecs(agent);
  if (specs) o['tool_specs'] = specs;
  return o;
}

/** All agents as Pattern's main config object `{ agents: [...] }`, with the export warnings. */
export function agentsToConfigObject(agents: readonly Agent[]): { value: { agents: ConfigObject[] }; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const value = { agents: agents.map((a) => configAgent(a, diagnostics)) };
  return { value, diagnostics };
}
