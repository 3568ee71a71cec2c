/**
 * Small Letta agent files written for the tests, shaped like the files of letta-ai/agent-file at
 * commit 78212eb571e59e10b35b924375a997319b89c280 (each says which one it mirrors). Nothing of
 * the upstream files is copied.
 */

/**
 * Mirrors `workflow_agent/outreach_workflow_agent.af` (there double-encoded; here plain): one agent,
 * four tools by id, a run_first / child / conditional / exit_loop workflow, other keys kept.
 */
export const OUTREACH_AF = `{
  "agents": [
    {
      "name": "outreach",
      "memory_blocks": [],
      "tools": [],
      "tool_ids": [
        "tool-0",
        "tool-1",
        "tool-2",
        "tool-3"
      ],
      "tool_rules": [
        {
          "tool_name": "retrieve_candidate",
          "type": "run_first",
          "prompt_template": null,
          "args": null
        },
        {
          "tool_name": "retrieve_candidate",
          "type": "constrain_child_tools",
          "prompt_template": null,
          "children": [
            "evaluate_candidate"
          ],
          "child_arg_nodes": null
        },
        {
          "tool_name": "evaluate_candidate",
          "type": "conditional",
          "prompt_template": null,
          "default_child": "reject",
          "child_output_mapping": {
            "True": "send_email",
            "False": "reject"
          },
          "require_output_mapping": false
        },
        {
          "tool_name": "reject",
          "type": "exit_loop",
          "prompt_template": null
        },
        {
          "tool_name": "send_email",
          "type": "exit_loop",
          "prompt_template": null
        }
      ],
      "system": "You reach out to candidates.",
      "llm_config": {
        "model": "gpt-4o-mini",
        "context_window": 32000
      }
    }
  ],
  "groups": [],
  "blocks": [],
  "files": [],
  "sources": [],
  "tools": [
    { "id": "tool-2", "name": "evaluate_candidate", "source_code": "def evaluate_candidate(): ..." },
    { "id": "tool-0", "name": "reject", "source_code": "def reject(): ..." },
    { "id": "tool-3", "name": "retrieve_candidate", "source_code": "def retrieve_candidate(): ..." },
    { "id": "tool-1", "name": "send_email", "source_code": "def send_email(): ..." }
  ],
  "mcp_servers": [],
  "metadata": {},
  "created_at": "2025-04-01T00:00:00+00:00"
}
`;

/**
 * Mirrors `agents/@letta-ai/evie/evie.af`: two agents in one file, the second a sleep-time agent
 * whose rules are continue_loop / exit_loop; the first has `tool_rules: null`.
 */
export const TWO_AGENTS_AF = `{
  "agents": [
    {
      "name": "Evie",
      "tool_ids": ["tool-0", "tool-1"],
      "tool_rules": null,
      "messages": [{ "role": "user", "content": "héllo ✓" }]
    },
    {
      "name": "Evie-sleeptime",
      "tool_ids": ["tool-1", "tool-2"],
      "tool_rules": [
        { "tool_name": "memory_insert", "type": "continue_loop", "prompt_template": null },
        { "tool_name": "memory_finish_edits", "type": "exit_loop", "prompt_template": null }
      ]
    }
  ],
  "groups": [],
  "blocks": [],
  "files": [],
  "sources": [],
  "tools": [
    { "id": "tool-0", "name": "send_message" },
    { "id": "tool-1", "name": "memory_insert" },
    { "id": "tool-2", "name": "memory_finish_edits" }
  ],
  "mcp_servers": [],
  "metadata": {}
}
`;

/**
 * Mirrors `memgpt_agent/memgpt_agent.af`: the whole agent file written as one JSON string (Python's
 * json.dumps of the text, so every non-ASCII character is a \\uXXXX escape).
 */
export function doubleEncoded(af: string): string {
  const body = JSON.stringify(af).replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return body;
}

/** The plain tool_rules list Letta's API takes (`client.agents.create(tool_rules=[...])`). */
export const API_RULES = `[
  { "tool_name": "search", "type": "run_first" },
  { "tool_name": "search", "type": "constrain_child_tools", "children": ["answer", "search"] },
  { "tool_name": "search", "type": "max_count_per_step", "max_count_limit": 3 },
  { "tool_name": "answer", "type": "exit_loop" }
]
`;
