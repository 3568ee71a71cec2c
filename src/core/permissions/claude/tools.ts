/**
 * Claude Code's built-in tools as the permission layer sees them: which rules each consults and
 * what each does when no rule matches (permissions page "Permission system"; tools reference
 * "Permission required" column).
 */

/** Tools whose calls edit files: every one consults `Edit` rules (permissions page, "Read and Edit"). */
export const EDIT_TOOLS: ReadonlySet<string> = new Set(['Edit', 'Write', 'MultiEdit', 'NotebookEdit']);

/** Tools whose calls read files: `Read` rules are applied to them best-effort. */
export const READ_TOOLS: ReadonlySet<string> = new Set(['Read', 'Glob', 'Grep', 'LS', 'NotebookRead']);

/** Tools that run without a prompt in the default mode (tools reference: Permission required "No"). */
export const NO_APPROVAL_TOOLS: ReadonlySet<string> = new Set([
  'Agent',
  'Task',
  'AskUserQuestion',
  'BashOutput',
  'CronCreate',
  'CronDelete',
  'CronList',
  'EnterPlanMode',
  'EnterWorktree',
  'KillShell',
  'LSP',
  'TaskCreate',
  'TaskGet',
  'TaskList',
  'TaskOutput',
  'TaskStop',
  'TaskUpdate',
  'TodoWrite',
  'ToolSearch',
]);

/** Tools that prompt in the default mode. */
const APPROVAL_TOOLS = [
  'Bash',
  'PowerShell',
  'Edit',
  'Write',
  'MultiEdit',
  'NotebookEdit',
  'ExitPlanMode',
  'ExitWorktree',
  'Monitor',
  'Skill',
  'SlashCommand',
  'WebFetch',
  'WebSearch',
  'Artifact',
];

/** Every built-in tool name a rule may name. */
export const KNOWN_TOOLS: ReadonlySet<string> = new Set([...READ_TOOLS, ...NO_APPROVAL_TOOLS, ...APPROVAL_TOOLS]);

/** The name a rule and a call agree on: `Task` is the former name of `Agent`. */
export function canonicalTool(name: string): string {
  return name === 'Task' ? 'Agent' : name;
}

/** Which rule tool a call of `tool` consults for specifiers (`Write` → `Edit`, `Glob` → `Read`, …). */
export function ruleToolFor(tool: string): string {
  if (EDIT_TOOLS.has(tool)) return 'Edit';
  if (READ_TOOLS.has(tool)) return 'Read';
  return canonicalTool(tool);
}

/** Tools that take a specifier, and what kind (others ignore what is in the parentheses). */
export const SPECIFIER_TOOLS: ReadonlySet<string> = new Set(['Bash', 'PowerShell', 'Read', 'Edit', 'WebFetch', 'Agent', 'Task', 'Skill']);

/**
 * Directories whose writes are never auto-approved except in `bypassPermissions` (permission
 * modes page, "Protected paths"), and the `.claude` subdirectories exempt from that.
 */
export const PROTECTED_DIRS: readonly string[] = ['.git', '.claude', '.vscode', '.idea'];
export const PROTECTED_EXEMPT: readonly string[] = ['.claude/commands', '.claude/agents', '.claude/skills'];

/** Bash commands `acceptEdits` auto-approves for paths in the working directories (permission modes page). */
export const ACCEPT_EDITS_COMMANDS: ReadonlySet<string> = new Set(['mkdir', 'touch', 'rm', 'rmdir', 'mv', 'cp', 'sed']);

/**
 * Commands Rule Studio treats as Claude Code's built-in read-only set (run without a prompt in
 * every mode). The docs name the set without listing it exhaustively; see `docs/claude-permissions.md`.
 */
export const READ_ONLY_COMMANDS: ReadonlySet<string> = new Set([
  'ls',
  'cat',
  'head',
  'tail',
  'grep',
  'rg',
  'wc',
  'diff',
  'stat',
  'du',
  'pwd',
  'echo',
  'cd',
  'file',
  'tree',
  'which',
]);
const READ_ONLY_GIT = new Set(['status', 'log', 'diff', 'show']);
const UNSAFE_FIND_FLAGS = /(^|\s)-(exec|execdir|ok|okdir|delete|fprint|fprintf|fls)(\s|$)/;
const REDIRECT = /(^|[^<>&0-9])>{1,2}\s*(?!&)/;

/** Whether one simple command (wrappers already stripped) is in the read-only set. */
export function isReadOnlyCommand(part: string): boolean {
  if (REDIRECT.test(part)) return false;
  const words = part.trim().split(/\s+/);
  const head = words[0] ?? '';
  if (head === 'find') return !UNSAFE_FIND_FLAGS.test(part);
  if (head === 'git') return READ_ONLY_GIT.has(words[1] ?? '');
  return READ_ONLY_COMMANDS.has(head);
}

/** Interpreters and programs that run or send whatever they are given: an allow on them allows anything. */
export const INTERPRETERS: ReadonlySet<string> = new Set([
  'python',
  'python3',
  'node',
  'deno',
  'bun',
  'ruby',
  'perl',
  'php',
  'bash',
  'sh',
  'zsh',
  'fish',
  'eval',
  'exec',
  'env',
  'xargs',
  'sudo',
  'npx',
  'uvx',
  'curl',
  'wget',
  'ssh',
]);
