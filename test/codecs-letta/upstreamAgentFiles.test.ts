/**
 * The agent files of letta-ai/agent-file (`**\/*.af`), read from
 * `$RULE_STUDIO_UPSTREAM/letta-ai-agent-file` (default `../shared/upstream`) when present. Nothing
 * fetched is committed; without the directory this test is skipped with the reason printed.
 * (At commit 78212eb5 the snapshot holds 12 of the repository's 13 files: `grunk.af` is absent.)
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadRuleFile } from '../../src/core/codecs/load.ts';
import { editAgentText } from '../../src/core/codecs/edit/editText.ts';
import { checkLoadedFile } from '../../src/core/check.ts';
import { toolGraph } from '../../src/core/graph/toolGraph.ts';
import type { Agent } from '../../src/core/model/toolRules.ts';

const root = resolve(process.env['RULE_STUDIO_UPSTREAM'] ?? '../shared/upstream', 'letta-ai-agent-file');

function afFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? afFiles(p) : f.endsWith('.af') ? [p] : [];
  });
}
const files = afFiles(root).map((p) => relative(root, p)).sort();
if (files.length === 0) console.warn(`skipped: no Letta agent files in ${root} (set RULE_STUDIO_UPSTREAM to a directory holding letta-ai-agent-file/)`);

interface RawAf {
  agents: { name: string; tool_rules?: unknown[] | null; tool_ids?: string[] }[];
}
function raw(text: string): RawAf {
  const v = JSON.parse(text) as unknown;
  return (typeof v === 'string' ? JSON.parse(v) : v) as RawAf;
}
function withoutRules(text: string, i: number): unknown {
  const v = raw(text);
  delete v.agents[i]!.tool_rules;
  return v;
}

describe.skipIf(files.length === 0)('letta-ai/agent-file *.af', () => {
  it.each(files)('%s imports with no errors and every rule, names its tools, and writes an edit back leaving the rest alone', (f) => {
    const text = readFileSync(join(root, f), 'utf8');
    const expected = raw(text);
    const loaded = loadRuleFile(f, text);
    expect(loaded.diagnostics.filter((d) => d.severity !== 'info')).toEqual([]);
    expect(loaded.diagnostics.map((d) => d.code)).toEqual(typeof JSON.parse(text) === 'string' ? ['F010'] : []);
    expect(checkLoadedFile(loaded).filter((d) => d.severity === 'error')).toEqual([]);
    expect(loaded.agents.map((a) => [a.name, a.family, a.lettaRules?.length, a.tools.length])).toEqual(
      expected.agents.map((a) => [a.name, 'letta', a.tool_rules?.length ?? 0, a.tool_ids?.length ?? 0]),
    );
    loaded.agents.forEach((agent: Agent, i) => {
      // drawn: a node per tool, an edge per child, parent child and conditional branch
      const g = toolGraph(agent, checkLoadedFile(loaded));
      for (const t of agent.tools) expect(g.nodes.map((n) => n.id)).toContain(t.name);
      const edges = (agent.lettaRules ?? []).reduce((n, r) => n + (r.type === 'constrain_child_tools' || r.type === 'parent_last_tool' ? new Set(r.children).size : r.type === 'conditional' ? Object.keys(r.child_output_mapping).length + (r.default_child ? 1 : 0) : 0), 0);
      expect(g.edges).toHaveLength(edges);
      const tool = agent.tools[0]?.name ?? 'a_tool';
      const after: Agent = { ...agent, lettaRules: [...(agent.lettaRules ?? []), { tool_name: tool, type: 'constrain_child_tools', children: [tool] }] };
      const edited = editAgentText(f, text, agent, after).text;
      const again = loadRuleFile(f, edited);
      expect(again.agents[i]?.lettaRules).toEqual(after.lettaRules);
      expect(withoutRules(edited, i)).toEqual(withoutRules(text, i));
      expect(edited.trimEnd().includes('\n')).toBe(text.trimEnd().includes('\n'));
      if ((expected.agents[i]?.tool_rules?.length ?? 0) > 0) expect(editAgentText(f, edited, after, agent).text).toBe(text);
    });
  });
});
