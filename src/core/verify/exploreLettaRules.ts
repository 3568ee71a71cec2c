/**
 * The Letta rules (profile `letta`) the dead-rule check (V005) judges, with why each type may
 * never fire. What "fires" means for a Letta rule is in `simulator/lettaAttribution.ts`.
 */
import { ruleNumber } from '../model/ruleNumber.ts';
import type { LettaToolRule } from '../model/lettaRules.ts';
import type { JudgedRule } from './exploreFindings.ts';
import type { ToolSearch } from './exploreTools.ts';

const q = (tool: string) => `\`${tool}\``;

/** Why a Letta rule of this type may never fire, in words (appended to V005). */
function lettaHint(r: LettaToolRule): string {
  const t = q(r.tool_name);
  switch (r.type) {
    case 'constrain_child_tools':
      return `whenever ${t} ran last, the next call is one of its children anyway, so it never removes a tool`;
    case 'conditional':
      return `whatever ${t} returns, the tool called next is one its mapping allows, so it never removes a tool`;
    case 'parent_last_tool':
      return `${t} is only ever called right after one of its parents (${r.children.map(q).join(', ')}), so it never removes it`;
    case 'max_count_per_step':
      return `no path calls ${t} again after its ${r.max_count_limit === 1 ? 'first call' : `${r.max_count_limit} calls`} in a step, so the limit never removes it`;
    case 'run_first':
      return 'no other tool can be called first anyway, so it never removes one';
    case 'exit_loop':
      return `no call of ${t} ever runs, so it never ends the loop`;
    case 'required_before_exit':
      return `${t} has always run by the time the agent tries to exit`;
    case 'requires_approval':
      return `${t} never runs, so approval is never asked`;
    default:
      return 'it never decides anything';
  }
}

/** The Letta rules of the searched agent that the search can judge (continue_loop never fires). */
export function judgedLettaRules(s: ToolSearch, deadToolNames: ReadonlySet<string>): JudgedRule[] {
  const tools = new Set(s.model.tools);
  const out: JudgedRule[] = [];
  (s.agent.lettaRules ?? []).forEach((r, index) => {
    if (r.type === 'continue_loop' || !tools.has(r.tool_name) || deadToolNames.has(r.tool_name)) return;
    out.push({ index, tool: r.tool_name, ref: `${ruleNumber(index)} (${r.type})`, hint: () => lettaHint(r) });
  });
  return out;
}
