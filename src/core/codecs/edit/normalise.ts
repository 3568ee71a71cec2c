/**
 * Explicit normalisation (issue 9.2): rewriting the legacy spellings a file is read with (F010,
 * F011) into what the real loaders accept — Pattern's `[[agents]]` config with adjacently tagged
 * `rule_type`, hegel's `- type:` rules and field names — changing only the keys that need it, so
 * comments and layout stay. Explicit defaults the loaders accept (`priority = 5`,
 * `conditions = []`) are left as written. One rule can be converted alone (the F010 quick fix).
 */
import type { Diagnostic, QuickFix, TextEdit } from '../../diagnostics/types.ts';
import type { Agent } from '../../model/toolRules.ts';
import type { Workflow } from '../../model/workflow.ts';
import type { DocPath, FileFormat } from '../types.ts';
import { formatFromName, loadRuleFile, parseDocument, sniffFormat } from '../load.ts';
import { agentPaths } from '../read/agents.ts';
import { moveAgentRulesEdits } from '../fix/moveAgentRules.ts';
import { applyTextEdits } from '../../diagnostics/textEdits.ts';
import { configAgent } from '../write/agentsConfig.ts';
import { runtimeAgentShape, writeAgentsJson } from '../write/agentsJson.ts';
import { writeAgentsToml } from '../write/agentsToml.ts';
import { writeAgentsYaml } from '../write/agentsYaml.ts';
import { hegelWorkflowShape, writeWorkflowJson } from '../write/workflowJson.ts';
import { updateWorkflowYaml } from '../write/workflowYaml.ts';
import { pathKey, scanTomlLayout } from '../parse/tomlPositions.ts';
import { minimalReplacement, positionAt } from '../../text/minimalReplacement.ts';
import { applyOps, diffTrees, type TextPatcher, type TreeOp } from './ops.ts';
import { sameTree, valueAt } from './tree.ts';
import { tomlPatcher } from './tomlPatcher.ts';
import { jsonPatcher } from './jsonPatcher.ts';
import { yamlPatcher } from './yamlPatcher.ts';

const PATCHERS: Record<FileFormat, TextPatcher> = { toml: tomlPatcher, yaml: yamlPatcher, json: jsonPatcher };

/** What converting a file gives. */
export interface Normalised {
  text: string;
  /** False when the file already is in the loader's form. */
  changed: boolean;
  /** `patched`: only the legacy parts changed (comments kept); `rewritten`: written afresh (comments lost). */
  how: 'patched' | 'rewritten';
  /** The form written, for messages: "Pattern's [[agents]] config (TOML)", "Pattern's agent file (TOML)". */
  form: string;
  /**
   * Rules of an agent file's `[[agent.tool_rules]]` that Pattern ignores (F011), left where they are
   * (option `moveIgnoredRules` false): they still have no effect, as the studio draws them.
   */
  ignoredRulesKept?: number;
}

/** Options of {@link normaliseText}. */
export interface NormaliseOptions {
  /**
   * Move an agent file's ignored `[[agent.tool_rules]]` to `[[tool_rules]]` (F011's fix), which
   * puts them in effect. Default true (converting on request, `convert --move-agent-rules`); Export
   * passes false, so what it writes does what the graph shows.
   */
  moveIgnoredRules?: boolean;
}

const BLOCKING = /^F00[123]$/;
const readsCleanly = (diagnostics: readonly Diagnostic[]) => !diagnostics.some((d) => d.severity === 'error' && BLOCKING.test(d.code));

/** Explicit defaults the loaders accept: removing them would only churn the file. */
function keepsDefault(op: TreeOp, raw: unknown): boolean {
  if (op.kind !== 'remove') return false;
  const v = valueAt(raw, [...op.parent, op.key]);
  if (op.key === 'priority') return v === 5;
  if (op.key === 'conditions' || op.key === 'tools' || op.key === 'tool_rules') return Array.isArray(v) && v.length === 0;
  return op.key === 'metadata' && v === null;
}

/** True when a JSON agent uses Pattern's runtime form (externally tagged rule types). */
function runtimeForm(raw: unknown): boolean {
  const rules = valueAt(raw, ['tool_rules']);
  if (!Array.isArray(rules) || rules.length === 0) return true;
  const rt = valueAt(rules[0], ['rule_type']);
  return typeof rt === 'string' || (rt !== null && typeof rt === 'object' && !('type' in rt));
}

/** The loader's form of one agent, and the ops that bring its raw value there. */
function agentOps(raw: unknown, agent: Agent, format: FileFormat): { target: unknown; ops: TreeOp[] } {
  const target = format === 'json' && runtimeForm(raw) ? runtimeAgentShape(agent) : configAgent(agent, []);
  return { target, ops: diffTrees(raw, target).filter((op) => !keepsDefault(op, raw)) };
}

/** Edits renaming `[agent]` → `[[agents]]` and `[[agent.tool_rules]]` → `[[agents.tool_rules]]` (TOML headers only). */
function agentTableEdits(text: string): TextEdit[] {
  const edits: TextEdit[] = [];
  for (const h of scanTomlLayout(text).headers) {
    if (h.key !== 'agent' && !h.key.startsWith('agent\u0000')) continue;
    const header = text.slice(h.start, h.end);
    const renamed = h.key === 'agent' ? '[[agents]]' : header.replace(/^(\[\[?)[ \t]*agent(?=[ \t]*\.)/, '$1agents');
    if (renamed !== header) edits.push({ range: { start: positionAt(text, h.start), end: positionAt(text, h.end) }, text: renamed });
  }
  return edits;
}

const renameAgentTable = (text: string): string => applyTextEdits(text, agentTableEdits(text));

/** Moves a JSON/YAML `agent` key to `agents: [ … ]`. */
function moveAgentKey(text: string, format: FileFormat): string | undefined {
  const value = parseDocument(text, format).value;
  const agent = valueAt(value, ['agent']);
  const patcher = PATCHERS[format];
  const removed = patcher.remove(text, [], 'agent');
  return removed === undefined ? undefined : patcher.insert(removed, [], 'agents', [agent]);
}

/** How many rules an agent file holds under its ignored `agent.tool_rules`. */
function ignoredRuleCount(text: string, format: FileFormat): number {
  const rules = valueAt(parseDocument(text, format).value, ['agent', 'tool_rules']);
  return Array.isArray(rules) ? rules.length : 0;
}

const formatOf = (fileName: string, text: string): FileFormat => formatFromName(fileName) ?? sniffFormat(text);

function normaliseAgents(fileName: string, text: string, format: FileFormat, options: NormaliseOptions): Normalised | undefined {
  let cur = text;
  const ignored = format === 'toml' ? loadRuleFile(fileName, text, format).diagnostics.filter((d) => d.code === 'F011').length : 0;
  let kept = 0;
  if (ignored > 0 && options.moveIgnoredRules !== false) {
    const move = moveAgentRulesEdits(cur);
    if (move) cur = applyTextEdits(cur, move);
  } else if (ignored > 0) kept = ignoredRuleCount(cur, format);
  const first = loadRuleFile(fileName, cur, format);
  if (!readsCleanly(first.diagnostics) || first.agents.length === 0) return undefined;
  const agents = first.agents;
  const paths = agentPaths(parseDocument(cur, format).value);
  if (paths.some((p) => p.length === 1 && p[0] === 'agent')) cur = (format === 'toml' ? renameAgentTable(cur) : moveAgentKey(cur, format)) ?? cur;

  const patched = patchAgents(fileName, cur, format, agents);
  // An agent file (its top level is the agent) stays one: it is not made an [[agents]] config.
  const agentFile = agentPaths(parseDocument(cur, format).value).every((p) => p.length === 0);
  const form = format === 'json' ? "Pattern's JSON form" : agentFile ? `Pattern's agent file (${format.toUpperCase()})` : `Pattern's [[agents]] config (${format.toUpperCase()})`;
  const keptNote = kept > 0 ? { ignoredRulesKept: kept } : {};
  if (patched !== undefined) return { text: patched, changed: patched !== text, how: 'patched', form, ...keptNote };
  const fresh = format === 'json' ? writeAgentsJson(agents).text : format === 'yaml' ? writeAgentsYaml(agents).text : writeAgentsToml(agents).text;
  return { text: fresh, changed: fresh !== text, how: 'rewritten', form };
}

/** Each agent's legacy parts rewritten in place; undefined when the result does not read back the same. */
function patchAgents(fileName: string, text: string, format: FileFormat, agents: readonly Agent[]): string | undefined {
  let cur = text;
  for (let i = 0; i < agents.length; i++) {
    const paths = agentPaths(parseDocument(cur, format).value);
    const base = paths[i];
    const agent = agents[i];
    if (paths.length !== agents.length || base === undefined || !agent) return undefined;
    const raw = valueAt(parseDocument(cur, format).value, base);
    const { target, ops } = agentOps(raw, agent, format);
    const next = applyOps(cur, ops, PATCHERS[format], base, target, 1);
    if (next === undefined) return undefined;
    cur = next;
  }
  const back = loadRuleFile(fileName, cur, format);
  const same = back.agents.length === agents.length && back.agents.every((a, i) => sameTree(configAgent(a, []), configAgent(agents[i] as Agent, [])));
  return same && readsCleanly(back.diagnostics) ? cur : undefined;
}

function normaliseWorkflow(fileName: string, text: string, format: FileFormat, wf: Workflow): Normalised {
  const form = `hegel's workflow ${format === 'json' ? 'JSON' : 'YAML'}`;
  const target = hegelWorkflowShape(wf);
  const raw = parseDocument(text, format).value;
  const patched = applyOps(text, diffTrees(raw, target), PATCHERS[format], [], target, 1);
  if (patched !== undefined) {
    const back = loadRuleFile(fileName, patched, format).workflows[0];
    if (back && sameTree(hegelWorkflowShape(back), target)) return { text: patched, changed: patched !== text, how: 'patched', form };
  }
  const fresh = format === 'json' ? writeWorkflowJson(wf) : updateWorkflowYaml(text, wf);
  return { text: fresh, changed: fresh !== text, how: 'rewritten', form };
}

/**
 * The file in the form the real loader accepts ("Convert to Pattern's form" / "… hegel's form"),
 * or undefined when its text does not read cleanly (or is a TOML workflow, which hegel does not load).
 */
export function normaliseText(fileName: string, text: string, options: NormaliseOptions = {}): Normalised | undefined {
  const format = formatOf(fileName, text);
  const loaded = loadRuleFile(fileName, text, format);
  if (!readsCleanly(loaded.diagnostics)) return undefined;
  // Letta files are already in Letta's form: written back as they are.
  if (loaded.agents.some((a) => a.family === 'letta')) return undefined;
  if (loaded.workflows.length === 0 && loaded.agents.length > 0) return normaliseAgents(fileName, text, format, options);
  const wf = loaded.workflows[0];
  if (loaded.agents.length === 0 && wf && loaded.workflows.length === 1 && format !== 'toml') return normaliseWorkflow(fileName, text, format, wf);
  return undefined;
}

/** Files larger than this get no per-rule quick fixes (each one re-reads the file to check itself). */
export const MAX_FIX_TEXT = 256 * 1024;
/** At most this many quick fixes per file. */
export const MAX_FIXES = 100;

/** One edit (the smallest replacement) turning `before` into `after`, as a quick fix. */
function fixOf(title: string, before: string, after: string): QuickFix | undefined {
  const r = minimalReplacement(before, after);
  if (!r) return undefined;
  return { title, edits: [{ range: { start: positionAt(before, r.start), end: positionAt(before, r.end) }, text: r.text }] };
}

/** The text with only the rule at `path` (inside the element at `base`) in the loader's form. */
function convertOne(text: string, format: FileFormat, base: DocPath, path: DocPath, target: unknown): string | undefined {
  const raw = valueAt(parseDocument(text, format).value, [...base, ...path]);
  const ops = diffTrees(raw, target).filter((op) => !keepsDefault(op, raw));
  return ops.length === 0 ? undefined : applyOps(text, ops, PATCHERS[format], [...base, ...path], target, 0);
}

/**
 * Gives each F010 about one rule (or the singular `[agent]` table) a quick fix converting just
 * that to the loader's form, checked by reading the result: the diagnostic must be gone and the
 * model the same. Returns the diagnostics with fixes attached.
 */
export function withNormaliseFixes(fileName: string, text: string, diagnostics: readonly Diagnostic[]): Diagnostic[] {
  if (text.length > MAX_FIX_TEXT || !diagnostics.some((d) => d.code === 'F010')) return [...diagnostics];
  const format = formatOf(fileName, text);
  const loaded = loadRuleFile(fileName, text, format);
  if (!readsCleanly(loaded.diagnostics) || loaded.agents.some((a) => a.family === 'letta')) return [...diagnostics];
  const value = parseDocument(text, format).value;
  const paths = loaded.workflows.length === 0 ? agentPaths(value) : [];
  let made = 0;
  const model = (t: string) => {
    const l = loadRuleFile(fileName, t, format);
    return { l, same: sameTree(l.agents.map((a) => configAgent(a, [])), loaded.agents.map((a) => configAgent(a, []))) && sameTree(l.workflows.map(hegelWorkflowShape), loaded.workflows.map(hegelWorkflowShape)) };
  };
  return diagnostics.map((d) => {
    if (d.code !== 'F010' || d.fix || made >= MAX_FIXES) return d;
    let after: string | undefined;
    let title = 'Convert this rule to the form the loader accepts';
    const t = d.target;
    if (t.kind === 'agent' && t.rule !== undefined) {
      const ai = loaded.agents.findIndex((a) => a.name === t.agent);
      const agent = loaded.agents[ai];
      const base = paths[ai];
      const rule = agent?.rules[t.rule];
      const rawRules = base && valueAt(value, [...base, 'tool_rules']);
      if (!agent || !base || !rule || !Array.isArray(rawRules) || rawRules.length !== agent.rules.length) return d;
      const target = valueAt(format === 'json' && runtimeForm(valueAt(value, base)) ? runtimeAgentShape(agent) : configAgent(agent, []), ['tool_rules', t.rule]);
      after = convertOne(text, format, base, ['tool_rules', t.rule], target);
      title = "Convert this rule to Pattern's form";
    } else if (t.kind === 'agent' && format === 'toml' && paths.some((p) => p[0] === 'agent' && p.length === 1) && /\[agent\]/.test(d.message)) {
      const edits = agentTableEdits(text);
      if (edits.length === 0 || !model(applyTextEdits(text, edits)).same) return d;
      made++;
      return { ...d, fix: { title: 'Rename [agent] to [[agents]], as Pattern reads it', edits } };
    } else if (t.kind === 'workflow' && t.node !== undefined && t.rule !== undefined && loaded.workflows[0]) {
      const target = valueAt(hegelWorkflowShape(loaded.workflows[0]), ['nodes', t.node, 'rules', t.rule]);
      after = convertOne(text, format, [], ['nodes', t.node, 'rules', t.rule], target);
      title = "Convert this rule to hegel's form";
    }
    if (after === undefined || after === text) return d;
    const check = model(after);
    const stillThere = check.l.diagnostics.some((x) => x.code === 'F010' && x.message === d.message && pathKey([x.range.start.line]) === pathKey([d.range.start.line]));
    if (!check.same || stillThere || !readsCleanly(check.l.diagnostics)) return d;
    const fix = fixOf(title, text, after);
    if (!fix) return d;
    made++;
    return { ...d, fix };
  });
}
