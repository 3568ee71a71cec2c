/**
 * The new scripted trace (`traces.md` §2), built from what will be simulated: for an agent, its
 * start tool (a comment when the engine calls it by itself), a call of a tool in the middle and of
 * the tool that ends the loop; for a workflow,
 * `workflow_start` and the transitions along its first path. Pure: the Traces panel passes the
 * chosen documents.
 */
import type { Agent, ToolRule } from '../../core/model/toolRules.ts';
import { DONE_NODE, type Workflow } from '../../core/model/workflow.ts';

const START = 'start: 2025-01-01T10:00:00Z';
/** What nothing to simulate yet starts from: one call to rename. */
const PLACEHOLDER = `${START}\nsteps:\n  - call: my_tool\n  - end: true\n`;
/** Transitions a workflow template follows at most. */
const MAX_HOPS = 6;

const ruleTools = (rules: readonly ToolRule[], type: string): string[] => rules.filter((r) => r.rule_type.type === type && r.tool_name !== '*').map((r) => r.tool_name);

/** The agent's tools: declared ones, else the tools its rules name. */
function toolsOf(agent: Agent): string[] {
  const declared = agent.tools.map((t) => t.name);
  if (declared.length > 0) return declared;
  const named = [...agent.rules.map((r) => r.tool_name), ...(agent.lettaRules ?? []).map((r) => r.tool_name)].filter((t) => t !== '*');
  return [...new Set(named)];
}

/** The start, middle and exit tool of an agent's template (undefined when the agent has no such tool). */
export function templateTools(agent: Agent): { start?: string; middle?: string; exit?: string } {
  const tools = toolsOf(agent);
  const start = ruleTools(agent.rules, 'StartConstraint')[0] ?? tools[0];
  const exit = ruleTools(agent.rules, 'ExitLoop').find((t) => t !== start) ?? ruleTools(agent.rules, 'RequiredBeforeExit').find((t) => t !== start) ?? tools.filter((t) => t !== start).at(-1);
  const middle = tools.find((t) => t !== start && t !== exit);
  return { ...(start !== undefined ? { start } : {}), ...(middle !== undefined ? { middle } : {}), ...(exit !== undefined ? { exit } : {}) };
}

/**
 * A scripted trace of the agent's own tools: its start tool, a middle tool and its exit tool. A
 * StartConstraint tool is called by the engine before the first event (`startConstraints: auto`),
 * so the template names it in a comment instead of calling it a second time.
 */
export function agentTemplate(agent: Agent): string {
  const { start, middle, exit } = templateTools(agent);
  const automatic = start !== undefined && ruleTools(agent.rules, 'StartConstraint').includes(start);
  const calls = [automatic ? undefined : start, middle, exit].filter((t): t is string => t !== undefined);
  if (calls.length === 0 && !automatic) return PLACEHOLDER;
  const lines = [START, 'steps:'];
  if (automatic) lines.push(`  # ${start} runs by itself first (StartConstraint)`);
  calls.forEach((tool, i) => {
    lines.push(`  - call: ${tool}`);
    if (i > 0) lines.push('    after: 5s');
  });
  if (calls.length === 0) lines.push('  - end: true');
  return lines.join('\n') + '\n';
}

/** A scripted trace starting the workflow and taking its first transition from each phase until `done`. */
export function workflowTemplate(workflow: Workflow): string {
  const lines = [START, 'steps:', '  - workflow_start: true'];
  const seen = new Set<string>();
  let node = workflow.nodes.find((n) => n.name === workflow.start_node);
  while (node && !seen.has(node.name) && seen.size < MAX_HOPS) {
    seen.add(node.name);
    const next = node.transitions[0];
    if (!next) break;
    lines.push(`  - next: [${next.when}]`, '    after: 1m');
    if (next.to === DONE_NODE) break;
    node = workflow.nodes.find((n) => n.name === next.to);
  }
  return lines.join('\n') + '\n';
}

/** The new-trace template for the simulated documents: the agent's when there is one, else the workflow's. */
export function scriptedTemplate(docs: { agent?: Agent | undefined; workflow?: Workflow | undefined }): string {
  if (docs.agent) return agentTemplate(docs.agent);
  if (docs.workflow) return workflowTemplate(docs.workflow);
  return PLACEHOLDER;
}
