/**
 * Reads the conformance cases (`traces.md` §6) for the reference's unit tests. The project's
 * codecs are written in parallel, so this reads the few forms the cases use directly: Pattern's
 * adjacently tagged TOML (durations in whole seconds) and hegel's YAML.
 */
import { readFileSync } from 'node:fs';
import { parse as parseToml } from 'smol-toml';
import { parse as parseYaml } from 'yaml';
import { Agent, ToolRule, Workflow } from '../../src/core/model/index.ts';
import type { Json } from '../../src/core/model/index.ts';
import { readCanonical } from '../../src/core/traces/index.ts';
import type { TraceEvent } from '../../src/core/traces/index.ts';
import { resolveSettings, type ReplaySettings } from '../../src/core/engine/settings.ts';

export interface ConformanceCase {
  name: string;
  agent?: Agent;
  workflow?: Workflow;
  events: TraceEvent[];
  settings: ReplaySettings;
  expect: Record<string, unknown>[];
}

const CASES_DIR = '/work/shared/conformance';

function toRule(raw: Record<string, unknown>): ToolRule {
  const rt = raw['rule_type'] as { type: string; value?: unknown };
  const value = rt.type === 'Cooldown' || rt.type === 'Periodic' ? Number(rt.value) * 1000 : rt.value;
  const rule_type = value === undefined ? { type: rt.type } : { type: rt.type, value };
  return ToolRule.parse({ ...raw, rule_type });
}

function readAgent(text: string): Agent {
  const doc = parseToml(text) as Record<string, unknown>;
  const raw = (Array.isArray(doc['agents']) ? doc['agents'][0] : doc) as Record<string, unknown>;
  const tools = ((raw['tools'] as string[] | undefined) ?? []).map((name) => ({ name }));
  const rules = ((raw['tool_rules'] as Record<string, unknown>[] | undefined) ?? []).map(toRule);
  return Agent.parse({ name: raw['name'], tools, rules });
}

function readWorkflow(text: string): Workflow {
  const doc = parseYaml(text) as { mode: string; start_node: string; nodes: Record<string, Record<string, Json>> };
  const nodes = Object.entries(doc.nodes).map(([name, node]) => ({ name, ...node }));
  return Workflow.parse({ name: 'workflow', mode: doc.mode, start_node: doc.start_node, nodes });
}

/** Loads `<name>.case.json` from the shared conformance folder. */
export function loadCase(name: string): ConformanceCase {
  const raw = JSON.parse(readFileSync(`${CASES_DIR}/${name}.case.json`, 'utf8')) as {
    name: string;
    files: Record<string, string>;
    trace: string;
    options?: Record<string, unknown>;
    expect: Record<string, unknown>[];
  };
  let agent: Agent | undefined;
  let workflow: Workflow | undefined;
  for (const [file, text] of Object.entries(raw.files)) {
    if (file.endsWith('.toml')) agent = readAgent(text);
    else workflow = readWorkflow(text);
  }
  const events = readCanonical(raw.trace).flatMap((item) => (item.kind === 'event' ? [item.event] : []));
  return {
    name: raw.name,
    ...(agent ? { agent } : {}),
    ...(workflow ? { workflow } : {}),
    events,
    settings: resolveSettings(raw.options ?? {}),
    expect: raw.expect,
  };
}
