/** Which rule of a loaded file sits at a position (hover, go-to-definition). */
import type { LoadedFile } from '../../core/codecs/types.ts';
import { spanKey } from '../../core/diagnostics/spans.ts';
import type { Agent, ToolRule } from '../../core/model/toolRules.ts';
import type { WorkflowRule } from '../../core/model/workflow.ts';
import { rangeHolds } from './convert.ts';

const RULE_FIELDS = ['tool_name', 'rule_type', 'conditions', 'priority'];

export type RuleAt =
  | { kind: 'agent'; agent: Agent; agentIndex: number; rule: ToolRule; ruleIndex: number }
  | { kind: 'workflow'; node: string; rule: WorkflowRule };

/** The innermost rule whose recorded range holds the 0-based position, if any. */
export function ruleAt(loaded: LoadedFile, line: number, character: number): RuleAt | undefined {
  for (const [agentIndex, agent] of loaded.agents.entries())
    for (const [ruleIndex, rule] of agent.rules.entries()) {
      // A TOML rule's own range is its `[[agents.tool_rules]]` header; its fields have their own.
      const keys = [
        spanKey.rule(agentIndex, ruleIndex),
        ...RULE_FIELDS.map((f) => spanKey.ruleField(agentIndex, ruleIndex, f)),
      ];
      if (
        keys.some((k) => {
          const r = loaded.spans.get(k);
          return r !== undefined && rangeHolds(r, line, character);
        })
      )
        return { kind: 'agent', agent, agentIndex, rule, ruleIndex };
    }
  for (const [wf, workflow] of loaded.workflows.entries())
    for (const node of workflow.nodes)
      for (const [i, rule] of node.rules.entries()) {
        const r = loaded.spans.get(spanKey.nodeRule(wf, node.name, i));
        if (r && rangeHolds(r, line, character)) return { kind: 'workflow', node: node.name, rule };
      }
  return undefined;
}
