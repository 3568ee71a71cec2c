/**
 * Letta agent files: reading, checking and one graph edit of a 1 MB `.af` (an agent with 300
 * tools and 600 rules beside a megabyte of messages, as `lettabot-builder.af` is), laid out on
 * lines and on one line (as `ezra.af` is). Synthetic, so it runs without the upstream files.
 */
import { loadRuleFile } from '../src/core/codecs/load.ts';
import { checkLoadedFile } from '../src/core/check.ts';
import { editAgentText } from '../src/core/codecs/edit/editText.ts';
import { addChildEdge } from '../src/core/graph/lettaEdits.ts';
import { bestOf } from './measure.ts';

function agentFile(): object {
  const tools = Array.from({ length: 300 }, (_, i) => ({ id: `tool-${i}`, name: `tool_${i}`, source_code: `def tool_${i}():\n    return ${i}\n`.repeat(4) }));
  const rules = tools.flatMap((t, i) => [
    { tool_name: t.name, type: 'constrain_child_tools', prompt_template: null, children: [`tool_${(i + 1) % 300}`, `tool_${(i + 7) % 300}`], child_arg_nodes: null },
    { tool_name: t.name, type: i % 2 ? 'continue_loop' : 'max_count_per_step', prompt_template: null, ...(i % 2 ? {} : { max_count_limit: 3 }) },
  ]);
  rules.push({ tool_name: 'tool_0', type: 'run_first', prompt_template: null });
  const messages = Array.from({ length: 2000 }, (_, i) => ({ role: i % 2 ? 'assistant' : 'user', content: `message ${i}: ${'lorem ipsum dolor sit amet '.repeat(14)}` }));
  return { agents: [{ name: 'big', tool_ids: tools.map((t) => t.id), tool_rules: rules, messages }], groups: [], blocks: [], files: [], sources: [], tools, mcp_servers: [], metadata: {} };
}

export function benchLetta(): { name: string; ms: number }[] {
  const af = agentFile();
  const out: { name: string; ms: number }[] = [];
  for (const [layout, text] of [['laid out', `${JSON.stringify(af, null, 2)}\n`], ['one line', JSON.stringify(af)]] as const) {
    const size = `${(text.length / 1048576).toFixed(1)} MB ${layout}`;
    const read = bestOf(5, () => loadRuleFile('big.af', text));
    const agent = read.value.agents[0]!;
    const after = addChildEdge(agent, 'tool_5', 'tool_200').agent;
    out.push(
      { name: `read .af (${size}, ${agent.lettaRules?.length} rules)`, ms: read.ms },
      { name: `check (read + L checks), ${size}`, ms: bestOf(3, () => checkLoadedFile(loadRuleFile('big.af', text))).ms },
      { name: `one graph edit written into the text, ${size}`, ms: bestOf(5, () => editAgentText('big.af', text, agent, after)).ms },
    );
  }
  return out;
}
