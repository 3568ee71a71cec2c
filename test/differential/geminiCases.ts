/**
 * Named Gemini CLI cases: the examples of Gemini CLI's policy-engine documentation
 * (docs/core/policy-engine.md of google-gemini/gemini-cli, as shipped with gemini-cli-core 0.61.0)
 * and each disagreement found while building the reader, with the decisions Gemini makes
 * (checked against the oracle by gemini.test.ts).
 */
import type { GenCase } from './geminiGen.ts';

export interface NamedCase extends GenCase {
  name: string;
  expected: string[];
}

const sh = (command: string, mode: GenCase['calls'][number]['mode'] = 'default') => ({
  name: 'run_shell_command',
  args: { command },
  mode,
  nonInteractive: false,
});

export const NAMED_CASES: NamedCase[] = [
  {
    name: "regression (first run, 138 disagreements): Gemini's shell heuristics allow a read-only command no rule matches and ask for rm -rf even when allowed",
    files: [
      {
        name: 'h.toml',
        tier: 'user',
        text: '[[rule]]\ntoolName = "run_shell_command"\ncommandPrefix = "rm"\ndecision = "allow"\npriority = 10\n',
      },
    ],
    calls: [
      sh('git status'),
      sh('ls'),
      sh('cat /etc/passwd'),
      sh('rm -rf build'),
      sh('rm x'),
      sh('rm -rf build', 'yolo'),
    ],
    expected: ['allow', 'allow', 'ask_user', 'allow', 'allow', 'allow'],
  },
  {
    name: 'regression (first run): a dangerous command asks under an allow rule without a pattern (heuristics apply), not in yolo mode',
    files: [
      {
        name: 'h.toml',
        tier: 'user',
        text: '[[rule]]\ntoolName = "run_shell_command"\ndecision = "allow"\npriority = 10\n',
      },
    ],
    calls: [
      sh('rm -rf build'),
      sh('rm -rf build', 'yolo'),
      sh('git -c core.pager=x log'),
      sh('ls'),
    ],
    expected: ['ask_user', 'allow', 'ask_user', 'allow'],
  },
  {
    name: 'regression (package test commands): the commands inside <(…) and >(…) are parts of their own',
    files: [
      {
        name: 'p.toml',
        tier: 'user',
        text: '[[rule]]\ntoolName = "run_shell_command"\ncommandPrefix = "rm"\ndecision = "deny"\npriority = 20\n',
      },
    ],
    calls: [sh('diff <(git log) <(rm -rf /)'), sh('tee >(rm -rf /)')],
    expected: ['deny', 'deny'],
  },
  {
    name: 'docs: commandPrefix git allows git status but not git status && rm -rf / (compound command)',
    files: [
      {
        name: 'user.toml',
        tier: 'user',
        text: '[[rule]]\ntoolName = "run_shell_command"\ncommandPrefix = "git"\ndecision = "allow"\npriority = 10\n',
      },
    ],
    calls: [
      sh('git status'),
      sh('git status && rm -rf /'),
      sh('gitx status'),
      sh('git log > out.txt'),
      sh('git $(rm x)'),
      sh('bash -c "git st"'),
    ],
    expected: ['allow', 'ask_user', 'ask_user', 'ask_user', 'ask_user', 'ask_user'],
  },
  {
    name: 'docs: a deny for rm in any part of a compound command denies the whole',
    files: [
      {
        name: 'user.toml',
        tier: 'user',
        text: '[[rule]]\ntoolName = "run_shell_command"\ncommandPrefix = "git"\ndecision = "allow"\npriority = 10\n\n[[rule]]\ntoolName = "run_shell_command"\ncommandPrefix = "rm"\ndecision = "deny"\npriority = 20\n',
      },
    ],
    calls: [sh('git status; rm -rf build'), sh('git status | git log'), sh('echo `rm x`')],
    expected: ['deny', 'allow', 'deny'],
  },
  {
    name: 'tiers: an admin deny at priority 0 beats a user allow at 999',
    files: [
      {
        name: 'user.toml',
        tier: 'user',
        text: '[[rule]]\ntoolName = "web_fetch"\ndecision = "allow"\npriority = 999\n',
      },
      {
        name: 'admin.toml',
        tier: 'admin',
        text: '[[rule]]\ntoolName = "web_fetch"\ndecision = "deny"\npriority = 0\n',
      },
    ],
    calls: [{ name: 'web_fetch', args: { url: 'x' }, mode: 'default', nonInteractive: false }],
    expected: ['deny'],
  },
  {
    name: 'mcpName + toolName "*" matches every tool of that server only',
    files: [
      {
        name: 'mcp.toml',
        tier: 'user',
        text: '[[rule]]\nmcpName = "github"\ntoolName = "*"\ndecision = "allow"\npriority = 100\n',
      },
    ],
    calls: [
      { name: 'mcp_github_create_issue', args: {}, mode: 'default', nonInteractive: false },
      { name: 'mcp_fs_read', args: {}, mode: 'default', nonInteractive: false },
    ],
    expected: ['allow', 'ask_user'],
  },
  {
    name: 'modes: a plan-only deny does not apply in default mode; yolo allows what no rule matches',
    files: [
      {
        name: 'm.toml',
        tier: 'user',
        text: '[[rule]]\ntoolName = "write_file"\ndecision = "deny"\npriority = 50\nmodes = ["plan"]\n',
      },
    ],
    calls: [
      { name: 'write_file', args: { file_path: 'a.ts' }, mode: 'plan', nonInteractive: false },
      { name: 'write_file', args: { file_path: 'a.ts' }, mode: 'default', nonInteractive: false },
      { name: 'write_file', args: { file_path: 'a.ts' }, mode: 'yolo', nonInteractive: false },
      { name: 'write_file', args: { file_path: 'a.ts' }, mode: 'default', nonInteractive: true },
    ],
    expected: ['deny', 'ask_user', 'allow', 'deny'],
  },
  {
    name: 'build-file protection: an allowed write to package.json still asks',
    files: [
      {
        name: 'w.toml',
        tier: 'user',
        text: '[[rule]]\ntoolName = "write_file"\ndecision = "allow"\npriority = 10\n',
      },
    ],
    calls: [
      {
        name: 'write_file',
        args: { file_path: 'package.json' },
        mode: 'default',
        nonInteractive: false,
      },
      {
        name: 'write_file',
        args: { file_path: 'src/a.ts' },
        mode: 'default',
        nonInteractive: false,
      },
    ],
    expected: ['ask_user', 'allow'],
  },
  {
    name: 'allowRedirection lets an allowed command redirect; autoEdit never downgrades redirection',
    files: [
      {
        name: 'r.toml',
        tier: 'user',
        text: '[[rule]]\ntoolName = "run_shell_command"\ncommandPrefix = "echo"\ndecision = "allow"\npriority = 10\nallowRedirection = true\n\n[[rule]]\ntoolName = "run_shell_command"\ncommandPrefix = "ls"\ndecision = "allow"\npriority = 10\n',
      },
    ],
    calls: [sh('echo hi > out.txt'), sh('ls > out.txt'), sh('ls > out.txt', 'autoEdit')],
    expected: ['allow', 'ask_user', 'allow'],
  },
  {
    name: 'legacy alias: a rule on search_file_content applies to grep_search',
    files: [
      {
        name: 'a.toml',
        tier: 'user',
        text: '[[rule]]\ntoolName = "search_file_content"\ndecision = "deny"\npriority = 10\n',
      },
    ],
    calls: [
      { name: 'grep_search', args: { pattern: 'x' }, mode: 'default', nonInteractive: false },
    ],
    expected: ['deny'],
  },
  {
    name: 'a non-MCP wildcard such as read_* matches only the literal name',
    files: [
      {
        name: 'w.toml',
        tier: 'user',
        text: '[[rule]]\ntoolName = "read_*"\ndecision = "deny"\npriority = 10\n',
      },
    ],
    calls: [
      { name: 'read_file', args: { file_path: 'a' }, mode: 'default', nonInteractive: false },
    ],
    expected: ['ask_user'],
  },
  {
    name: 'commandPrefix with a non-shell tool is reported but the rule still loads (as an argsPattern on "command")',
    files: [
      {
        name: 'c.toml',
        tier: 'user',
        text: '[[rule]]\ntoolName = "read_file"\ncommandPrefix = "git"\ndecision = "deny"\npriority = 10\n',
      },
    ],
    calls: [
      { name: 'read_file', args: { command: 'git x' }, mode: 'default', nonInteractive: false },
    ],
    expected: ['deny'],
  },
  {
    name: 'regression (translate --sessions on real transcripts): a glob (`*`, `?`) is a word, so a run_shell_command allow decides `ls *.ex`',
    files: [
      {
        name: 'g.toml',
        tier: 'workspace',
        text: '[[rule]]\ntoolName = "run_shell_command"\ndecision = "allow"\npriority = 100\nallowRedirection = true\n\n[[rule]]\ntoolName = "run_shell_command"\ncommandPrefix = "rm"\ndecision = "deny"\npriority = 200\n',
      },
    ],
    calls: [
      sh('ls *.ex'),
      sh('wc -l lib/**/*.ex 2>/dev/null | tail -1'),
      sh('ls file?.txt'),
      sh('rm *.tmp'),
    ],
    expected: ['allow', 'allow', 'allow', 'deny'],
  },
  {
    name: 'regression (translate --sessions on real transcripts): `NAME=value cmd` is one command whose text starts at the assignment; assignments alone are no command',
    files: [
      {
        name: 'g.toml',
        tier: 'workspace',
        text: '[[rule]]\ntoolName = "run_shell_command"\ndecision = "allow"\npriority = 100\nallowRedirection = true\n\n[[rule]]\ntoolName = "run_shell_command"\ncommandPrefix = "rm"\ndecision = "deny"\npriority = 200\n\n[[rule]]\ntoolName = "run_shell_command"\ncommandPrefix = "MIX_ENV=prod"\ndecision = "ask_user"\npriority = 200\n',
      },
    ],
    calls: [
      sh('MIX_ENV=test mix ecto.migrate 2>&1'),
      sh('MIX_ENV=test mix run -e \'require Logger; Logger.info("started")\' 2>&1 | grep started'),
      sh('MIX_ENV=prod mix release'),
      sh('A=1 B=2 rm -rf build'),
      sh('x=$(rm -rf /) && echo done'),
      sh('x=1; echo $x'),
    ],
    expected: ['allow', 'allow', 'ask_user', 'allow', 'deny', 'allow'],
  },
  {
    name: 'compound statements (if/elif/else, !, for, while/until, { }, ( ), [ ], [[ ]], ${…}, comments): each inner command is a part, decided again',
    files: [
      {
        name: 'c.toml',
        tier: 'user',
        text: '[[rule]]\ntoolName = "run_shell_command"\ndecision = "allow"\npriority = 10\n\n[[rule]]\ntoolName = "run_shell_command"\ncommandPrefix = "grep"\ndecision = "ask_user"\npriority = 100\n\n[[rule]]\ntoolName = "run_shell_command"\ncommandPrefix = "rm"\ndecision = "deny"\npriority = 200\n',
      },
    ],
    calls: [
      sh('if [ -z "$X" ]; then echo a; else echo b; fi'),
      sh('if [ -z "$X" ]; then echo a; else rm -rf build; fi'),
      sh('if true; then echo a; elif grep -q x f; then echo b; else echo c; fi'),
      sh('if [[ -f x ]]; then echo a; fi > out'),
      sh('! grep -q x f && echo missing'),
      sh('for f in a b; do echo $f; done'),
      sh('for f in $(rm -rf x); do echo $f; done'),
      sh('while true; do echo a; done < in.txt'),
      sh('until [ -f x ]; do echo waiting; done'),
      sh('{ echo a; echo b; }'),
      sh('( echo a; rm x )'),
      sh('[[ $X =~ ^00-[0-9a-f]{32}-[0-9a-f]{16}-01$ ]] && echo ok'),
      sh('echo ${X:-default} ${#X}'),
      sh('echo a # rm -rf /'),
      sh('[ "$(rm -rf x)" = a ]'),
    ],
    expected: [
      'allow',
      'deny',
      'ask_user',
      'ask_user',
      'ask_user',
      'allow',
      'deny',
      'ask_user',
      'allow',
      'allow',
      'deny',
      'allow',
      'allow',
      'allow',
      'deny',
    ],
  },
  {
    name: 'regression (translate --sessions on real transcripts): bash -c scripts with if [[ … =~ … ]] and [ -z … ] are read and allowed, as Gemini does',
    files: [
      {
        name: 'c.toml',
        tier: 'workspace',
        text: '[[rule]]\ntoolName = "run_shell_command"\ndecision = "allow"\npriority = 10\nallowRedirection = true\n\n[[rule]]\ntoolName = "run_shell_command"\ncommandPrefix = "rm"\ndecision = "deny"\npriority = 200\n',
      },
    ],
    calls: [
      sh(
        'bash -c \'\nsource spotter-plugin/scripts/lib/trace_context.sh\ntraceparent=$(spotter_generate_traceparent)\nif [[ $traceparent =~ ^00-[0-9a-f]{32}-[0-9a-f]{16}-01$ ]]; then\n  echo "ok: $traceparent"\nelse\n  echo "failed: $traceparent"\n  exit 1\nfi\n\'',
      ),
      sh(
        'bash -c \'\n# comment\nsource spotter-plugin/scripts/lib/trace_context.sh\ntraceparent=$(spotter_generate_traceparent 2>/dev/null || echo "")\n[ -z "$traceparent" ] && echo "skipped" || echo "generated: $traceparent"\n\'',
      ),
    ],
    expected: ['allow', 'allow'],
  },
];

/**
 * The shell commands of gemini-cli-core 0.61.0's own tests (dist/src/policy/shell-safety.test.js,
 * shell-substitution.test.js, shell-safety-regression.test.js, policy-engine.test.js), each run
 * against a policy like those tests' (allow git/echo/ls/mkdir/pwd by prefix, deny rm, ask for npm)
 * in three modes; compared with the oracle by gemini.test.ts.
 */
export const PACKAGE_TEST_COMMANDS: readonly string[] = [
  '(dangerous_cmd)',
  'VAR=val git status',
  'complex command',
  'diff <(git log) <(rm -rf /)',
  'echo "-> arrow"',
  'echo "hello"',
  'echo "hello" && git status',
  'echo "hello" > file.txt',
  'echo "hello" > test.txt',
  'echo $(cat $(ls))',
  'echo $(dangerous_cmd)',
  'echo $(git log)',
  'echo $(ls $(deep_danger))',
  'echo $(ls)',
  'echo $(rm -rf /)',
  'echo `dangerous_cmd`',
  'echo `rm -rf /`',
  'echo bypass',
  'echo git',
  'echo hello && echo world',
  'echo hello && pwd',
  'echo hello && rm -rf /',
  'echo hi & ls',
  'echo hi && ls',
  'echo hi > /tmp/test',
  'echo hi | grep "hi"',
  'echo hi; ls',
  'false || ls',
  'git commit -m "fix"',
  'git commit -m "msg" && git push',
  'git log',
  'git log && echo $(git log | rm -rf /)',
  'git log && echo $(git log)',
  'git log && rm -rf /',
  'git log &&& rm -rf /',
  'git log --format=$(rm -rf /)',
  'git log --oneline',
  'git log > /tmp/test',
  'git log @(Get-Process)',
  'git log | rm -rf /',
  'git log || rm -rf /',
  'git log; rm -rf /',
  'git logout',
  'git status',
  'git status && ls',
  'git status && unknown_command',
  'known_ask_command_1 && known_ask_command_2',
  'ls',
  'ls -la',
  'mkdir -p "bar" && echo "hello" > bar/test.md',
  'mkdir bar && echo hello > bar/test.md',
  'npm install',
  'powershell echo "dangerous"',
  'pwd',
  'rm -rf /',
  'tee >(rm -rf /)',
  'unknown_command',
  'unknown_command_1 && another_unknown_command',
];

const PACKAGE_POLICY = `[[rule]]
toolName = "run_shell_command"
commandPrefix = ["git log", "git status", "echo", "ls", "mkdir", "pwd", "known_ask_command_1"]
decision = "allow"
priority = 100

[[rule]]
toolName = "run_shell_command"
commandPrefix = "rm"
decision = "deny"
priority = 200

[[rule]]
toolName = "run_shell_command"
commandRegex = "npm .*"
decision = "ask_user"
priority = 150
`;

/** {@link PACKAGE_TEST_COMMANDS} as cases: one policy, each command in default, autoEdit and yolo mode. */
export function packageCommandCases(): GenCase[] {
  return PACKAGE_TEST_COMMANDS.map((command) => ({
    files: [{ name: 'package-tests.toml', tier: 'user' as const, text: PACKAGE_POLICY }],
    calls: (['default', 'autoEdit', 'yolo'] as const).map((mode) => ({
      name: 'run_shell_command',
      args: { command },
      mode,
      nonInteractive: false,
    })),
  }));
}
