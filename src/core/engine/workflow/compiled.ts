/**
 * The workflow as the engine runs it: nodes by name, rule patterns compiled once, and rules that
 * cannot run in the profile marked inert (the validator reports them; the engine never fires them).
 */
import { DONE_NODE, type Transition, type Workflow, type WorkflowRule } from '../../model/workflow.ts';
import { compilePattern, PatternMatcher } from '../../regex/index.ts';
import type { WorkflowProfile } from './activity.ts';

export interface CompiledRule {
  readonly rule: WorkflowRule;
  /** 0-based index in the node's rule list. */
  readonly index: number;
  /** The rule's pattern (`pattern` / `path_pattern`), when it has one. */
  readonly matcher: PatternMatcher | null;
  /** Never fires: a pattern Rust's regex rejects, or numbers the profile does not accept. */
  readonly inert: boolean;
}

export interface CompiledNode {
  readonly name: string;
  readonly transitions: readonly Transition[];
  readonly rules: readonly CompiledRule[];
}

export interface CompiledWorkflow {
  readonly startNode: string;
  readonly nodes: ReadonlyMap<string, CompiledNode>;
}

/** Whether the rule's numbers are usable: `spec` needs them > 0, `hegel` accepts 0 (not lookback). */
function numbersUsable(rule: WorkflowRule, profile: WorkflowProfile): boolean {
  const ok = (n: number) => Number.isFinite(n) && (profile === 'spec' ? n > 0 : n >= 0);
  switch (rule.type) {
    case 'repeated_command':
    case 'repeated_file_edit':
      return ok(rule.threshold) && ok(rule.window);
    case 'phase_timeout':
      return ok(rule.max_duration);
    case 'token_budget':
      return ok(rule.max_tokens);
    case 'require_commits':
      return rule.lookback_phases >= 1;
  }
}

/** A repeated rule's pattern (`pattern` / `path_pattern`), if it has one. */
export function patternOf(rule: WorkflowRule): string | undefined {
  if (rule.type === 'repeated_command') return rule.pattern;
  if (rule.type === 'repeated_file_edit') return rule.path_pattern;
  return undefined;
}

function compileRule(rule: WorkflowRule, index: number, profile: WorkflowProfile): CompiledRule {
  const source = patternOf(rule);
  let matcher: PatternMatcher | null = null;
  let inert = !numbersUsable(rule, profile);
  if (source !== undefined) {
    const compiled = compilePattern(source);
    if (compiled.ok) matcher = new PatternMatcher(compiled.pattern);
    else inert = true;
  }
  return { rule, index, matcher, inert };
}

/** Compiles a workflow for one profile. An explicit `done` node is dropped (it is implicit). */
export function compileWorkflow(wf: Workflow, profile: WorkflowProfile): CompiledWorkflow {
  const nodes = new Map<string, CompiledNode>();
  for (const n of wf.nodes) {
    if (n.name === DONE_NODE || nodes.has(n.name)) continue;
    nodes.set(n.name, {
      name: n.name,
      transitions: n.transitions,
      rules: n.rules.map((r, i) => compileRule(r, i, profile)),
    });
  }
  return { startNode: wf.start_node, nodes };
}

/** Whether `name` is a node the workflow can be at (a declared node or `done`). */
export function isKnownNode(wf: CompiledWorkflow, name: string): boolean {
  return name === DONE_NODE || wf.nodes.has(name);
}

/**
 * The target of a `next`: `restart_cycle` → the start node; else the first transition of the
 * node, in file order, whose `when` is among the claims; none → the node itself (a stay).
 */
export function chooseTarget(wf: CompiledWorkflow, node: string, claims: readonly string[]): string {
  if (claims.includes('restart_cycle')) return wf.startNode;
  for (const t of wf.nodes.get(node)?.transitions ?? []) if (claims.includes(t.when)) return t.to;
  return node;
}
