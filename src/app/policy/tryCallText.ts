/**
 * "Would this be allowed?": one call typed into the Policy view, written as a one-call session of
 * the dialect's own trace form, so the policy worker decides it exactly as it decides the sessions'
 * calls (review15: the question a platform engineer asks first had no field).
 */

/** The argument a Claude Code tool's rule specifier matches (`Read(./a)` → `file_path`). */
const CLAUDE_ARG: Readonly<Record<string, string>> = {
  Bash: 'command',
  Read: 'file_path',
  Edit: 'file_path',
  MultiEdit: 'file_path',
  Write: 'file_path',
  NotebookEdit: 'notebook_path',
  WebFetch: 'url',
  WebSearch: 'query',
  Glob: 'pattern',
  Grep: 'pattern',
};

const TIME = '2025-01-01T00:00:00Z';
const oneLine = (s: string) => s.replace(/\s*\n\s*/g, ' ').trim();

/**
 * A Claude Code call as a canonical trace line: `Tool(specifier)` as a rule writes it
 * (`Read(./secrets/a.txt)`, `WebFetch(https://x.dev)`), a bare tool name (`WebSearch`), or else a
 * shell command for Bash (`git push origin main`).
 */
export function claudeTryTrace(input: string): string {
  const text = oneLine(input);
  const m = /^([A-Z][A-Za-z]*|mcp__[\w-]+(?:__[\w-]+)?)(?:\((.*)\))?$/s.exec(text);
  const tool = m?.[1];
  const call = tool !== undefined && (m?.[2] !== undefined || CLAUDE_ARG[tool] !== undefined || tool.startsWith('mcp__')) ? { tool, args: m?.[2] !== undefined && CLAUDE_ARG[tool] ? { [CLAUDE_ARG[tool]]: m[2] } : {} } : { tool: 'Bash', args: { command: text } };
  return `${JSON.stringify({ type: 'tool_call', time: TIME, ...call })}\n`;
}

/** A Codex command as a command script (one command per line). */
export function codexTryScript(input: string): string {
  return `${oneLine(input)}\n`;
}

/**
 * A Gemini CLI call as a scripted trace line: `tool_name {"json": "args"}` (`read_file
 * {"file_path": "a.txt"}`), or else a shell command for run_shell_command. Throws, with where,
 * when the arguments are not a JSON object.
 */
export function geminiTryTrace(input: string): string {
  const text = oneLine(input);
  const m = /^([a-z][\w.*-]*)\s*(\{.*\})$/s.exec(text);
  if (!m) return `${JSON.stringify({ tool: 'run_shell_command', args: { command: text } })}\n`;
  let args: unknown;
  try {
    args = JSON.parse(m[2] ?? '');
  } catch (e) {
    throw new Error(`the arguments of ${m[1] ?? 'the tool'} are not JSON: ${e instanceof Error ? e.message : String(e)}`, { cause: e });
  }
  if (args === null || typeof args !== 'object' || Array.isArray(args)) throw new Error(`the arguments of ${m[1] ?? 'the tool'} must be a JSON object`);
  return `${JSON.stringify({ tool: m[1], args })}\n`;
}

/** The name the one-call session goes by (not a trace of the project). */
export const TRY_SESSION = 'would-this-be-allowed';
