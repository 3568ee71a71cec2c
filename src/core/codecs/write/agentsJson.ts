/**
 * Agents → JSON in Pattern's runtime form (its `ToolRule` / `ToolRuleType` serde derive): rule
 * types externally tagged (`{"MaxCalls": 3}`, unit types as strings `"ExitLoop"`), durations as
 * `{"secs": 1, "nanos": 500000000}`, every rule field present (`metadata` null when absent).
 * Durations keep their milliseconds exactly.
 */
import type { Diagnostic } from '../../diagnostics/types.ts';
import type { Agent, Json, ToolRule, ToolRuleType } from '../../model/toolRules.ts';
import {
  addExtra,
  exitLoopWarnings,
  RESERVED_AGENT_KEYS,
  RESERVED_RULE_KEYS,
  toolSpecs,
  type ConfigObject,
} from './agentsConfig.ts';
import { append } from '../../model/append.ts';

/** A duration in Rust's `Duration` serde form. */
function runtimeDuration(ms: number): ConfigObject {
  return { secs: Math.floor(ms / 1000), nanos: (ms % 1000) * 1_000_000 };
}

/** `rule_type` as Pattern's runtime JSON writes it. */
export function runtimeRuleType(rt: ToolRuleType): Json {
  switch (rt.type) {
    case 'ExclusiveGroups':
      return { ExclusiveGroups: rt.value.map((g) => [...g]) };
    case 'MaxCalls':
      return { MaxCalls: rt.value };
    case 'Cooldown':
      return { Cooldown: runtimeDuration(rt.value) };
    case 'Periodic':
      return { Periodic: runtimeDuration(rt.value) };
    case 'RequiresConsent':
      return { RequiresConsent: rt.value.scope === undefined ? {} : { scope: rt.value.scope } };
    case 'AllowedOperations':
      return { AllowedOperations: [...new Set(rt.value)].sort() };
    default:
      return rt.type;
  }
}

function runtimeRule(rule: ToolRule): ConfigObject {
  const o: ConfigObject = {
    tool_name: rule.tool_name,
    rule_type: runtimeRuleType(rule.rule_type),
    conditions: [...rule.conditions],
    priority: rule.priority,
    metadata: rule.metadata ?? null,
  };
  addExtra(o, rule.extra, RESERVED_RULE_KEYS);
  return o;
}

/** One agent as a runtime-form JSON object, with its export warnings. */
function runtimeAgent(agent: Agent, out: Diagnostic[]): ConfigObject {
  const o: ConfigObject = { name: agent.name, tools: agent.tools.map((t) => t.name) };
  addExtra(o, agent.extra, RESERVED_AGENT_KEYS);
  o['tool_rules'] = agent.rules.map((r, i) => {
    append(out, exitLoopWarnings(agent, i, r));
    return runtimeRule(r);
  });
  const specs = toolSpecs(agent);
  if (specs) o['tool_specs'] = specs;
  return o;
}

/** One agent as a plain object in Pattern's runtime form (what {@link writeAgentJson} writes). */
export function runtimeAgentShape(agent: Agent): ConfigObject {
  return runtimeAgent(agent, []);
}

const render = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`;

/** All agents as `{ "agents": [...] }` in Pattern's runtime JSON form, with export warnings. */
export function writeAgentsJson(agents: readonly Agent[]): { text: string; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const value = { agents: agents.map((a) => runtimeAgent(a, diagnostics)) };
  return { text: render(value), diagnostics };
}

/** One agent as a JSON object in Pattern's runtime form, with export warnings. */
export function writeAgentJson(agent: Agent): { text: string; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  return { text: render(runtimeAgent(agent, diagnostics)), diagnostics };
}
