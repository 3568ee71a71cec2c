/**
 * A big Pattern agent file, generated deterministically (the same text for the same size), for
 * the big-file tests and benchmarks: `rules` rules over `rules / 10` tools, as one `[[agents]]`
 * table. Most rules are `RequiresPrecedingTools` edges from a lower to a higher tool number (so the
 * required order has no cycle and spans many layers); the others are `MaxCalls`, `Cooldown`, a
 * start tool, and — every tenth rule — a condition naming a tool the agent does not declare (a
 * T013 warning each, T003 on what needs it), so the file has thousands of diagnostics.
 * 30,000 rules are about 2.9 MB, the size of the file in issue 9.
 */
export function bigAgentToml(rules: number): string {
  const tools = Math.max(2, Math.floor(rules / 10));
  const tool = (i: number) => `tool_${String(i).padStart(5, '0')}`;
  const lines = [
    `# A generated agent: ${rules} rules over ${tools} tools.`,
    '[[agents]]',
    'name = "big"',
    `tools = [${Array.from({ length: tools }, (_, i) => `"${tool(i)}"`).join(', ')}]`,
    '',
    '[[agents.tool_rules]]',
    `tool_name = "${tool(0)}"`,
    'rule_type = { type = "StartConstraint" }',
    '',
  ];
  for (let e = 1; e < rules; e++) {
    const to = 1 + ((e * 7919) % (tools - 1));
    const from = (e * 104729) % to;
    lines.push('[[agents.tool_rules]]', `tool_name = "${tool(to)}"`);
    if (e % 10 === 3) lines.push(`rule_type = { type = "MaxCalls", value = ${1 + (e % 20)} }`);
    else if (e % 10 === 5) lines.push(`rule_type = { type = "Cooldown", value = ${1 + (e % 60)} }`);
    else if (e % 10 === 7) lines.push('rule_type = { type = "RequiresPrecedingTools" }', `conditions = ["retired_${e}"]`);
    else lines.push('rule_type = { type = "RequiresPrecedingTools" }', `conditions = ["${tool(from)}"]`, `priority = ${e % 10}`);
    lines.push('');
  }
  return lines.join('\n');
}

/**
 * A big Pattern agent written compactly: one `[[agents]]` table whose `tool_rules` is an inline
 * array of inline tables (`{tool_name="tool_00012",rule_type={type="ExitLoop"}}`), `rules` of
 * them (ExitLoop and MaxCalls in turn) over `rules / 10` tools. Its model and its JSON-escaped text
 * together are about 2.7 times the text (a 2.4-million-character file: 6.4 million), more than
 * localStorage holds (5,242,880 characters) — the agent of issue 29's lost paste.
 */
export function compactAgentToml(rules: number): string {
  const tools = Math.max(2, Math.floor(rules / 10));
  const tool = (i: number) => `tool_${String(i).padStart(5, '0')}`;
  const parts = [`tools = [${Array.from({ length: tools }, (_, i) => `"${tool(i)}"`).join(', ')}]`, 'tool_rules = ['];
  for (let e = 0; e < rules; e++)
    parts.push(e % 2 ? `{tool_name="${tool(e % tools)}",rule_type={type="MaxCalls",value=${1 + (e % 9)}}},` : `{tool_name="${tool(e % tools)}",rule_type={type="ExitLoop"}},`);
  return `[[agents]]\nname = "big"\n${parts.join('\n')}\n]\n`;
}
