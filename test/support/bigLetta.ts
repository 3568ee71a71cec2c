/**
 * A big Letta agent file (`.af`), generated deterministically, on one line as Letta writes it
 * (the largest real one, ezra.af, is 263 KB on one line): one agent with `tools` tools, each with
 * its source code and JSON schema, and `rules` tool rules — a `run_first`, an `exit_loop` and a
 * `required_before_exit`, then `constrain_child_tools` (two or three children, mostly later
 * tools), `conditional` (two outputs and a default) and `max_count_per_step` rules in turn.
 * 400 tools and 4,000 rules are about 2.6 MB.
 * Self-contained (no imports, no closures): the e2e tests send its source to the page.
 */
export function bigLettaAf(tools: number, rules: number): string {
  const tool = (i: number) => `tool_${String(i).padStart(4, '0')}`;
  const source = (i: number) =>
    [
      `def ${tool(i)}(self, query: str, limit: int = 10) -> str:`,
      `    """Step ${i} of the generated agent: looks the query up and answers in at most limit lines.`,
      '',
      '    Args:',
      '        query (str): What to look up.',
      '        limit (int): How many lines to answer with.',
      '',
      '    Returns:',
      '        str: The answer.',
      '    """',
      ...Array.from({ length: 40 }, (_, k) => `    part_${k} = helper_${k % 7}(query, limit=${k}, tag="${tool(i)}")  # line ${k}`),
      '    return "\\n".join([part_0, part_1])',
    ].join('\n');
  const toolObjects = Array.from({ length: tools }, (_, i) => ({
    id: `tool-${i}`,
    name: tool(i),
    tool_type: 'custom',
    description: `Step ${i} of the generated agent.`,
    source_type: 'python',
    source_code: source(i),
    json_schema: {
      name: tool(i),
      description: `Step ${i} of the generated agent.`,
      parameters: { type: 'object', properties: { query: { type: 'string', description: 'What to look up.' }, limit: { type: 'integer', description: 'How many lines.' } }, required: ['query'] },
    },
    tags: ['generated'],
    return_char_limit: 6000,
  }));
  const toolRules: Record<string, unknown>[] = [
    { tool_name: tool(0), type: 'run_first' },
    { tool_name: tool(tools - 1), type: 'exit_loop' },
    { tool_name: tool(tools - 2), type: 'required_before_exit' },
  ];
  for (let r = 3; r < rules; r++) {
    const from = (r * 7919) % (tools - 1);
    const a = Math.min(tools - 1, from + 1 + (r % 5));
    const b = (from + 13 + ((r * 31) % 17)) % tools;
    if (r % 4 === 1) toolRules.push({ tool_name: tool(from), type: 'conditional', child_output_mapping: { ok: tool(a), retry: tool(from) }, default_child: tool(b), require_output_mapping: false });
    else if (r % 4 === 2) toolRules.push({ tool_name: tool(from), type: 'max_count_per_step', max_count_limit: 1 + (r % 9) });
    else toolRules.push({ tool_name: tool(from), type: 'constrain_child_tools', children: r % 3 === 0 ? [tool(a), tool(b), tool(tools - 1)] : [tool(a), tool(tools - 1)] });
  }
  const file = {
    agents: [
      {
        name: 'big_letta',
        description: `A generated Letta agent: ${tools} tools, ${rules} tool rules.`,
        agent_type: 'letta_v1_agent',
        system: 'You are a generated agent used to measure big files.',
        tool_ids: toolObjects.map((t) => t.id),
        tool_rules: toolRules,
        tags: ['generated'],
        parallel_tool_calls: false,
      },
    ],
    groups: [],
    blocks: [],
    files: [],
    sources: [],
    tools: toolObjects,
    mcp_servers: [],
    metadata: {},
  };
  return JSON.stringify(file);
}
