/**
 * Text that follows a model edit with the smallest change: a graph or Inspector edit of an agent
 * or a workflow becomes edits of only the keys, rules and nodes it touches, in the file's own
 * format (TOML, YAML, JSON), keeping every comment, blank line and key order elsewhere.
 *
 * How: both models are put in the writer's form (the tree export writes), diffed into structural
 * ops, and the ops are applied where the file holds that element (a format's patcher). The result
 * is read back; when it does not give the new model (the file spells that part in an older form
 * whose pieces depend on each other), the edit is redone on whole units (a whole rule, a whole
 * key), which converts that unit to the form export writes; failing that, the file is written
 * afresh (YAML workflows still keep their comments there).
 */
import type { Agent } from '../../model/toolRules.ts';
import type { Workflow } from '../../model/workflow.ts';
import type { DocPath, FileFormat } from '../types.ts';
import { formatFromName, loadRuleFile, parseDocument, sniffFormat } from '../load.ts';
import { configAgent } from '../write/agentsConfig.ts';
import { agentPaths } from '../read/agents.ts';
import { writeAgentFileToml, writeAgentsToml } from '../write/agentsToml.ts';
import { writeAgentJson, writeAgentsJson, runtimeAgentShape } from '../write/agentsJson.ts';
import { writeAgentsYaml } from '../write/agentsYaml.ts';
import { hegelWorkflowShape, writeWorkflowJson } from '../write/workflowJson.ts';
import { updateWorkflowYaml } from '../write/workflowYaml.ts';
import { writeWorkflow } from '../write.ts';
import { applyOps, diffTrees, unitOps, type TextPatcher } from './ops.ts';
import { sameTree, valueAt } from './tree.ts';
import { tomlPatcher } from './tomlPatcher.ts';
import { jsonPatcher } from './jsonPatcher.ts';
import { yamlPatcher } from './yamlPatcher.ts';
import { editLettaText } from './lettaText.ts';
import { lettaAgentIndex } from '../read/letta.ts';
import { parseInnerJson } from '../parse/jsonString.ts';

/** How the new text was made. */
export type EditHow = 'unchanged' | 'patched' | 'units' | 'rewritten';

export interface TextEditResult {
  text: string;
  /** `patched`: only the edited keys changed; `units`: whole rules/keys were rewritten; `rewritten`: the whole file. */
  how: EditHow;
}

const PATCHERS: Record<FileFormat, TextPatcher> = { toml: tomlPatcher, yaml: yamlPatcher, json: jsonPatcher };

const formatOf = (fileName: string, text: string): FileFormat => formatFromName(fileName) ?? sniffFormat(text);

/** Where the one agent of a file sits (`agents[i]`, `agent`, the top level), as the reader finds it. */
function agentPath(value: unknown): DocPath | undefined {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const paths = agentPaths(value);
  return paths.length === 1 ? paths[0] : undefined;
}

/** The unit an agent path belongs to: one rule, one tool spec, or one top-level key. */
function agentUnit(path: DocPath): DocPath | undefined {
  if (path.length === 0) return undefined;
  if ((path[0] === 'tool_rules' || path[0] === 'tool_specs') && path.length >= 2) return path.slice(0, 2);
  return path.slice(0, 1);
}

/** The unit a workflow path belongs to: one rule or transition, one node field, or one top-level key. */
function workflowUnit(path: DocPath): DocPath | undefined {
  if (path.length === 0) return undefined;
  if (path[0] !== 'nodes' || path.length <= 2) return path.slice(0, Math.min(path.length, 2));
  if ((path[2] === 'rules' || path[2] === 'transitions') && path.length >= 4) return path.slice(0, 4);
  return path.slice(0, 3);
}

interface Attempt {
  text: string;
  format: FileFormat;
  base: DocPath;
  before: unknown;
  after: unknown;
  unitOf: (path: DocPath) => DocPath | undefined;
  reads(text: string): boolean;
}

/** Fine ops, then whole units; undefined when neither reads back as the new model. */
function patch(a: Attempt): TextEditResult | undefined {
  const ops = diffTrees(a.before, a.after);
  if (ops.length === 0) return { text: a.text, how: 'unchanged' };
  const patcher = PATCHERS[a.format];
  const fine = applyOps(a.text, ops, patcher, a.base, a.after, 1);
  if (fine !== undefined && a.reads(fine)) return { text: fine, how: 'patched' };
  const units = unitOps(ops, a.after, a.unitOf);
  const coarse = units && applyOps(a.text, units, patcher, a.base, a.after, 1);
  if (coarse !== undefined && a.reads(coarse)) return { text: coarse, how: 'units' };
  return undefined;
}

/** The agent in the form its file uses: config form (TOML, YAML, JSON in config form) or Pattern's runtime JSON. */
function agentShape(agent: Agent, runtime: boolean): unknown {
  return runtime ? runtimeAgentShape(agent) : configAgent(agent, []);
}

/** True when a JSON agent is written in Pattern's runtime form (externally tagged rule types). */
function usesRuntimeForm(raw: unknown): boolean {
  const rules = valueAt(raw, ['tool_rules']);
  if (!Array.isArray(rules) || rules.length === 0) return true;
  const rt = valueAt(rules[0], ['rule_type']);
  return typeof rt === 'string' || (rt !== null && typeof rt === 'object' && !('type' in rt));
}

function readsAsAgent(fileName: string, text: string, format: FileFormat, agent: Agent): boolean {
  const loaded = loadRuleFile(fileName, text, format);
  const only = loaded.agents[0];
  return (
    loaded.agents.length === 1 &&
    loaded.workflows.length === 0 &&
    !loaded.diagnostics.some((d) => d.severity === 'error' && /^F00[123]$/.test(d.code)) &&
    only !== undefined &&
    sameTree(configAgent(only, []), configAgent(agent, []))
  );
}

/** The agent written afresh in the file's format and form (agent file or main config). */
function writeAgentFresh(format: FileFormat, agent: Agent, agentFile: boolean): string {
  if (format === 'json') return (agentFile ? writeAgentJson(agent) : writeAgentsJson([agent])).text;
  if (format === 'yaml') return writeAgentsYaml([agent]).text;
  return (agentFile ? writeAgentFileToml(agent) : writeAgentsToml([agent])).text;
}

/**
 * The text of an agent's file after the agent changed from `before` to `after`: only what changed
 * is rewritten. `text` should read as `before`; when it does not parse, the file is written afresh.
 */
export function editAgentText(fileName: string, text: string, before: Agent, after: Agent): TextEditResult {
  if (after.family === 'letta') return editLettaText(text, lettaIndexIn(text, before.name), before, after);
  const format = formatOf(fileName, text);
  const doc = parseDocument(text, format);
  const base = doc.errors.length === 0 ? agentPath(doc.value) : undefined;
  if (base !== undefined) {
    const raw = valueAt(doc.value, base);
    const runtime = format === 'json' && usesRuntimeForm(raw);
    const r = patch({
      text,
      format,
      base,
      before: agentShape(before, runtime),
      after: agentShape(after, runtime),
      unitOf: agentUnit,
      reads: (t) => readsAsAgent(fileName, t, format, after),
    });
    if (r) return r;
  }
  return { text: writeAgentFresh(format, after, base !== undefined && base.length === 0), how: 'rewritten' };
}

/** Which agent of a Letta file is named `name` (a double-encoded file is looked into). */
function lettaIndexIn(text: string, name: string): number {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return 0;
  }
  if (typeof value === 'string') value = parseInnerJson(text)?.doc.value;
  return lettaAgentIndex(value, name);
}

function readsAsWorkflow(fileName: string, text: string, format: FileFormat, wf: Workflow): boolean {
  const loaded = loadRuleFile(fileName, text, format);
  const only = loaded.workflows[0];
  return (
    loaded.workflows.length === 1 &&
    loaded.agents.length === 0 &&
    !loaded.diagnostics.some((d) => d.severity === 'error' && /^F00[123]$/.test(d.code)) &&
    only !== undefined &&
    sameTree(hegelWorkflowShape(only), hegelWorkflowShape(wf)) &&
    only.nodes.map((n) => n.name).join('\u0000') === wf.nodes.map((n) => n.name).join('\u0000')
  );
}

/**
 * The text of a workflow's file after the workflow changed from `before` to `after`: only what
 * changed is rewritten. When that cannot be done, YAML is updated as a whole tree (comments kept
 * where the structure still matches) and JSON / TOML are written afresh.
 */
export function editWorkflowText(fileName: string, text: string, before: Workflow, after: Workflow): TextEditResult {
  const format = formatOf(fileName, text);
  const doc = parseDocument(text, format);
  if (doc.errors.length === 0 && doc.value !== null && typeof doc.value === 'object' && !Array.isArray(doc.value)) {
    const r = patch({
      text,
      format,
      base: [],
      before: hegelWorkflowShape(before),
      after: hegelWorkflowShape(after),
      unitOf: workflowUnit,
      reads: (t) => readsAsWorkflow(fileName, t, format, after),
    });
    if (r) return r;
  }
  if (format === 'yaml') return { text: updateWorkflowYaml(text, after), how: 'rewritten' };
  return { text: format === 'json' ? writeWorkflowJson(after) : writeWorkflow(after, 'toml'), how: 'rewritten' };
}
