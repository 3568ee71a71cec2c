/**
 * Copy, paste and duplicate of graph nodes (`docs/spec-decisions.md`, "Copy and paste of nodes"): the tools of a
 * Pattern agent with the rules among them, the phases of a workflow with the transitions among
 * them. Pure: the studio keeps the clip, writes its text form to the system clipboard and puts the
 * pasted model through the ordinary edit path, so only the text of what was pasted is written.
 *
 * A rule is copied only when every tool it names is copied (its subject, its conditions, the
 * members of its groups): a rule half in the selection would tie the copies to the originals.
 * A transition is copied when it leads to a copied phase or to `done`.
 */
import { z } from 'zod';
import { ToolDecl, ToolRule, WILDCARD, type Agent } from '../model/toolRules.ts';
import { DONE_NODE, WorkflowNode, type Transition, type Workflow } from '../model/workflow.ts';
import { lazySchema } from '../model/lazySchema.ts';
import { append } from '../model/append.ts';
import { renameRuleTools, toolNamesOf, uniqueName } from './agentEdits.ts';

/** Copied tools: each with its declaration when it had one, and the rules among them. */
export const ToolClip = lazySchema(() =>
  z.object({
    kind: z.literal('tools'),
    tools: z.array(z.object({ name: z.string().min(1), decl: ToolDecl.optional() })).min(1),
    rules: z.array(ToolRule),
  }),
);
export type ToolClip = z.infer<typeof ToolClip>;

/** Copied phases, in file order, each with its rules and the transitions among the copies (and to `done`). */
export const PhaseClip = lazySchema(() => z.object({ kind: z.literal('phases'), nodes: z.array(WorkflowNode).min(1) }));
export type PhaseClip = z.infer<typeof PhaseClip>;

/** What a copy holds: tools or phases. */
export const GraphClip = lazySchema(() => z.discriminatedUnion('kind', [ToolClip, PhaseClip]));
export type GraphClip = z.infer<typeof GraphClip>;

/** Every tool a rule names: its subject, its conditions and its groups' members. */
function toolsOfRule(rule: ToolRule): string[] {
  const names = [rule.tool_name, ...rule.conditions];
  if (rule.rule_type.type === 'ExclusiveGroups') for (const g of rule.rule_type.value) append(names, g);
  return names;
}

/**
 * The name a pasted node gets: `name` itself when free, else the next free `_N` of its stem
 * (`search` → `search_2`; `search_2` → `search_3`, not `search_2_2`).
 */
export function pastedName(name: string, taken: ReadonlySet<string>): string {
  if (!taken.has(name)) return name;
  const m = /^(.*\S)_(\d{1,9})$/.exec(name);
  const stem = m ? (m[1] as string) : name;
  for (let i = m ? Number(m[2]) + 1 : 2; ; i++) if (!taken.has(`${stem}_${i}`)) return `${stem}_${i}`;
}

/** Names for `names` pasted among `taken`, in order, none clashing with another; `taken` is not changed. */
function pastedNames(names: readonly string[], taken: ReadonlySet<string>): Map<string, string> {
  const used = new Set(taken);
  const map = new Map<string, string>();
  for (const n of names) {
    const to = pastedName(n, used);
    used.add(to);
    map.set(n, to);
  }
  return map;
}

/**
 * The clip of tools `names` of a Pattern agent (the `*` node is not a tool, and is left out), with
 * the rules whose every tool is among them, in file order. Undefined when no tool is left.
 */
export function copyTools(agent: Agent, names: readonly string[]): ToolClip | undefined {
  const picked = [...new Set(names)].filter((n) => n !== WILDCARD && n !== '');
  if (picked.length === 0) return undefined;
  const set = new Set(picked);
  const decls = new Map(agent.tools.map((t) => [t.name, t]));
  return {
    kind: 'tools',
    tools: picked.map((name) => {
      const decl = decls.get(name);
      return decl ? { name, decl } : { name };
    }),
    rules: agent.rules.filter((r) => toolsOfRule(r).every((t) => set.has(t))),
  };
}

/** What a paste did: the model after it, and the new name of each pasted node (by its name in the clip). */
export interface Pasted<M> {
  model: M;
  /** Clip name → name in the model, in clip order. */
  names: Map<string, string>;
  /** How many rules (an agent's) or transitions (a workflow's) came with the nodes. */
  links: number;
}

/**
 * Pastes a tool clip into a Pattern agent: each tool under its own name or, when that is taken,
 * the next free `_N` ({@link pastedName}); its rules follow the new names and are appended after the
 * agent's. A tool is declared when it was, or when no pasted rule names it (so it is drawn).
 */
export function pasteTools(agent: Agent, clip: ToolClip): Pasted<Agent> {
  const tools = clip.tools.filter((t) => t.name !== WILDCARD);
  const names = pastedNames(
    tools.map((t) => t.name),
    new Set([...toolNamesOf(agent), WILDCARD]),
  );
  const to = (n: string) => names.get(n) ?? n;
  const rules = clip.rules
    .filter((r) => toolsOfRule(r).every((t) => names.has(t)))
    .map((r) => renameRuleTools(r, to));
  const named = new Set(rules.flatMap(toolsOfRule));
  const decls = tools.filter((t) => t.decl !== undefined || !named.has(to(t.name))).map((t) => ({ ...(t.decl ?? {}), name: to(t.name) }));
  if (decls.length === 0 && rules.length === 0) return { model: agent, names, links: 0 };
  return { model: { ...agent, tools: [...agent.tools, ...decls], rules: [...agent.rules, ...rules] }, names, links: rules.length };
}

/**
 * The clip of phases `names` of a workflow (not `done`), in file order, each keeping the
 * transitions that lead to a copied phase or to `done`. Undefined when no phase is left.
 */
export function copyPhases(wf: Workflow, names: readonly string[]): PhaseClip | undefined {
  const set = new Set(names);
  set.delete(DONE_NODE);
  const nodes = wf.nodes.filter((n) => set.has(n.name)).map((n) => ({ ...n, transitions: n.transitions.filter((t) => t.to === DONE_NODE || set.has(t.to)) }));
  return nodes.length > 0 ? { kind: 'phases', nodes } : undefined;
}

/** A transition's name after its phase `from` became `newFrom` and its target `newTo`: a drawn name follows them. */
function pastedWhen(t: Transition, from: string, newFrom: string, newTo: string): string {
  if (from === newFrom && t.to === newTo) return t.when;
  if (t.when === `${from}_complete`) return `${newFrom}_complete`;
  if (t.when === `${from}_to_${t.to}`) return `${newFrom}_to_${newTo}`;
  return t.when.startsWith(`${from}_`) ? `${newFrom}${t.when.slice(from.length)}` : t.when;
}

/**
 * Pastes a phase clip into a workflow: each phase under its own name or the next free `_N` (never
 * `done`, nor a name a transition leads to), appended after the workflow's phases; transitions
 * follow the new names (a drawn name as `plan_complete` becomes `plan_2_complete`), and one that
 * leads to a phase not pasted is left out. The start phase stays.
 */
export function pastePhases(wf: Workflow, clip: PhaseClip): Pasted<Workflow> {
  const nodes = clip.nodes.filter((n) => n.name !== DONE_NODE);
  const taken = new Set([DONE_NODE, ...wf.nodes.flatMap((n) => [n.name, ...n.transitions.map((t) => t.to)])]);
  const names = pastedNames(
    nodes.map((n) => n.name),
    taken,
  );
  let links = 0;
  const pasted = nodes.map((n) => {
    const name = names.get(n.name) as string;
    const whens = new Set<string>();
    const transitions: Transition[] = [];
    for (const t of n.transitions) {
      const to = t.to === DONE_NODE ? DONE_NODE : names.get(t.to);
      if (to === undefined) continue;
      const when = uniqueName(pastedWhen(t, n.name, name, to), whens);
      whens.add(when);
      transitions.push({ when, to });
    }
    links += transitions.length;
    return { ...n, name, transitions };
  });
  if (pasted.length === 0) return { model: wf, names, links: 0 };
  return { model: { ...wf, nodes: [...wf.nodes, ...pasted] }, names, links };
}

/** The model a clip reads as on its own (its text form is this model written in the document's format). */
export function clipModel(clip: ToolClip, agentName: string): Agent;
export function clipModel(clip: PhaseClip, workflow: Pick<Workflow, 'name' | 'mode'>): Workflow;
export function clipModel(clip: GraphClip, of: string | Pick<Workflow, 'name' | 'mode'>): Agent | Workflow {
  if (clip.kind === 'tools') {
    // A tool no rule names is declared, or the text would not hold it.
    const named = new Set(clip.rules.flatMap(toolsOfRule));
    const tools = clip.tools.flatMap((t) => (t.decl ? [t.decl] : named.has(t.name) ? [] : [{ name: t.name }]));
    return { name: typeof of === 'string' ? of : of.name, tools, rules: clip.rules };
  }
  const wf = typeof of === 'string' ? { name: of, mode: 'execution' } : of;
  return { name: wf.name, mode: wf.mode, start_node: (clip.nodes[0] as { name: string }).name, nodes: clip.nodes };
}

/** The clip of everything a model read back from a clipboard text holds (its tools and rules, or its phases). */
export function clipOfModel(model: Agent | Workflow): GraphClip | undefined {
  if ('nodes' in model) return copyPhases(model, model.nodes.map((n) => n.name));
  if (model.family !== undefined) return undefined;
  return copyTools(model, [...toolNamesOf(model)]);
}
