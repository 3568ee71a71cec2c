/** A test document the canvas specs share: too big to show whole at the readable zoom. */

/** 30 tools, tool i requiring tool ⌊(i − 1) / 2⌋: a tree five layers deep; `problem`: tool_29 also needs an undeclared tool (error T003). */
export function thirtyTools(problem = false): string {
  const tools = Array.from({ length: 30 }, (_, i) => `tool_${String(i).padStart(2, '0')}`);
  const out = ['[[agents]]', 'name = "thirty"', `tools = [${tools.map((t) => `"${t}"`).join(', ')}]`, ''];
  for (let i = 1; i < tools.length; i++) out.push('[[agents.tool_rules]]', `tool_name = "${tools[i]}"`, 'rule_type = { type = "RequiresPrecedingTools" }', `conditions = ["${tools[(i - 1) >> 1]}"]`, '');
  if (problem) out.push('[[agents.tool_rules]]', 'tool_name = "tool_29"', 'rule_type = { type = "RequiresPrecedingTools" }', 'conditions = ["nowhere"]', '');
  return out.join('\n');
}
