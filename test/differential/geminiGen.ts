/** Seeded random Gemini CLI policy files and tool calls for the differential test. */
import type { ApprovalMode, GeminiTier } from '../../src/core/permissions/gemini/index.ts';

export { prng as rng } from '../../bench/random.ts';

export interface GenCall {
  name: string;
  args?: Record<string, unknown>;
  mode: ApprovalMode;
  nonInteractive: boolean;
}

export interface GenCase {
  files: { name: string; text: string; tier: GeminiTier }[];
  calls: GenCall[];
}

const TOOLS = [
  'run_shell_command',
  'read_file',
  'write_file',
  'replace',
  'grep_search',
  'search_file_content',
  'glob',
  'web_fetch',
  'mcp_github_create_issue',
  'mcp_github_list_issues',
  'mcp_fs_read',
  'invoke_agent',
  'my_custom_tool',
];
const RULE_TOOLS = [
  ...TOOLS,
  '*',
  'mcp_*',
  'mcp_github_*',
  'read_*',
  'create_issue',
  'list_issues',
  'codebase_investigator',
];
const MCP = ['github', 'fs', '*'];
const PREFIXES = [
  'git',
  'git status',
  'npm test',
  'ls',
  'rm',
  'rm -rf',
  'echo',
  'bash',
  'gi',
  'cat',
  '[',
  '[[',
  'if',
  'true',
];
const REGEXES = ['git (status|log)', 'npm .*', 'ls( |$)', '.*rm .*', '[a-z]+', 'echo "hi"'];
const ARGS_PATTERNS = [
  '"file_path":".*\\\\.ts"',
  'secret',
  '"command":"git',
  '\\u0000"path":"src',
  'Makefile',
  '"agent_name":"codebase_investigator"',
  'issue',
];
const BAD_PATTERNS = ['(unclosed', '(a+)+', '[z-a]'];
const SIMPLE = [
  'git status',
  'git log --oneline',
  'git push --force',
  'npm test',
  'npm install',
  'ls -la',
  'ls',
  'rm -rf build',
  'rm x',
  'echo hi',
  'echo "hi there"',
  "echo 'a && b'",
  'cat README.md',
  'gitx status',
  'git',
];
const OPS = [' && ', ' || ', '; ', ' | '];
const MODES: ApprovalMode[] = ['default', 'autoEdit', 'yolo', 'plan'];
const TIERS: GeminiTier[] = ['default', 'extension', 'workspace', 'user', 'admin'];
const DECISIONS = ['allow', 'deny', 'ask_user'];
const PATHS = [
  'src/a.ts',
  'Makefile',
  'docs/x.md',
  'package.json',
  'build/rules.bzl',
  'Dockerfile.dev',
];

const q = (s: string) => JSON.stringify(s);

/**
 * Test operands, operators and `=~` patterns of the shapes Rule Studio reads, plus one that
 * tree-sitter-bash does not parse either (`a)`). Shapes Rule Studio leaves out on
 * purpose while Gemini reads them (`-1`, `a=b`, `1+2`, backticks, `-eq`, `==`, `-a` or `-o` in `[ ]`,
 * `=` or `=~` before `&&`/`||` in `[[ ]]`) are not generated: on them the two decide differently by
 * design (docs/gemini-policies.md); test/gemini/shell.test.ts names them.
 */
const TEST_WORDS = [
  '"$X"',
  '$X',
  'a',
  '"a b"',
  '${X}',
  'x.txt',
  '"$(pwd)"',
  '$(git status)',
  '1',
  '*.txt',
  "'q'",
  '${X:-d}',
  '${#X}',
  '$1',
  '/tmp/y',
  'a-b',
];
const TEST_UNARY = ['-z', '-n', '-f', '-d', '-e', '-x', '-s'];
const TEST_BINARY = ['=', '!='];
const TEST_BINARY_DOUBLE = ['!=', '==', '-eq', '-lt', '-nt'];
const TEST_PATTERNS = [
  '^a$',
  '^00-[0-9a-f]{32}-[0-9a-f]{16}-01$',
  '^(a|b)+$',
  'x{2,3}',
  'a.*b',
  'a|b',
  'a)',
];
const LIST_WORDS = ['a', 'b c', '$(ls)', '*.txt', '"$X"', '${X}'];
const BODY_SEPS = ['; ', '\n', ' && ', ' || ', ' | ', ' & '];
/** No `| cmd` tail: `a | b | c⏎d > f` is read differently by tree-sitter-bash (see shell.test.ts). */
const TAILS = [' > out', ' 2>&1', ' < in.txt', ' 2>/dev/null'];

/** A test command: `[ … ]` or `[[ … ]]`, mostly of the shapes Rule Studio reads, some beyond. */
function genTest(r: () => number): string {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)] as T;
  const dbl = r() < 0.5;
  const terms: string[] = [];
  const n = dbl ? 1 + Math.floor(r() * (r() < 0.7 ? 1 : 3)) : 1;
  for (let i = 0; i < n; i++) {
    const neg = r() < 0.15 ? '! ' : '';
    const k = r();
    let t: string;
    if (k < 0.35) t = `${pick(TEST_UNARY)} ${pick(TEST_WORDS)}`;
    else if (k < 0.7)
      t = `${pick(TEST_WORDS)} ${pick(dbl ? (i === n - 1 ? [...TEST_BINARY_DOUBLE, '='] : TEST_BINARY_DOUBLE) : TEST_BINARY)} ${pick(TEST_WORDS)}`;
    else if (k < 0.85 && dbl && i === n - 1) t = `${pick(TEST_WORDS)} =~ ${pick(TEST_PATTERNS)}`;
    else t = pick(TEST_WORDS);
    terms.push(neg + t);
  }
  const body = terms.reduce((a, b) => a + pick([' && ', ' || ']) + b);
  if (r() < 0.04) return '[ ]';
  return dbl ? `[[ ${body} ]]` : `[ ${body} ]`;
}

/**
 * A statement of a script: a simple command, a test, `if`/`while`/`until`/`for`, `{ …; }`,
 * `( … )` or a `!` negation, nested up to `depth`, sometimes with a redirection or a pipe after.
 */
export function genStatement(r: () => number, depth: number): string {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)] as T;
  const body = (): string => {
    let s = genStatement(r, depth - 1);
    if (r() < 0.4) s += pick(BODY_SEPS) + genStatement(r, depth - 1);
    return s;
  };
  const sep = () => (r() < 0.7 ? '; ' : '\n');
  const k = depth <= 0 ? r() * 0.4 : r();
  let s: string;
  if (k < 0.2) s = pick(SIMPLE);
  else if (k < 0.4) s = genTest(r);
  else if (k < 0.55) {
    s = `if ${body()}${sep()}then ${body()}${sep()}`;
    if (r() < 0.25) s += `elif ${body()}${sep()}then ${body()}${sep()}`;
    if (r() < 0.4) s += `else ${body()}${sep()}`;
    s += 'fi';
  } else if (k < 0.65) s = `${pick(['while', 'until'])} ${body()}${sep()}do ${body()}${sep()}done`;
  else if (k < 0.75)
    s = `for f${r() < 0.85 ? ` in ${[pick(LIST_WORDS), pick(LIST_WORDS)].join(' ')}` : ''}${sep()}do ${body()}${sep()}done`;
  else if (k < 0.83) s = `{ ${body()}${pick(['; ', ';', '\n'])}}`;
  else if (k < 0.9) s = `( ${body()})`;
  else s = `! ${r() < 0.5 ? pick(SIMPLE) : r() < 0.5 ? genTest(r) : '(ls)'}`;
  if (r() < 0.15) s += pick(TAILS);
  return s;
}

/** A script of one to three statements, sometimes wrapped in `bash -c '…'`. */
export function genScript(r: () => number): string {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)] as T;
  let s = genStatement(r, 2);
  const n = Math.floor(r() * 3);
  for (let i = 0; i < n; i++) s += pick(['; ', '\n', ' && ']) + genStatement(r, 1);
  if (r() < 0.2) s = `bash -c '\n${s.replace(/'/g, '')}\n'`;
  return s;
}

function genCommand(r: () => number): string {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)] as T;
  if (r() < 0.3) return genScript(r);
  const roll = r();
  let cmd = pick(SIMPLE);
  if (roll < 0.45) {
    const n = 1 + Math.floor(r() * 2);
    for (let i = 0; i < n; i++) cmd += pick(OPS) + pick(SIMPLE);
  }
  const extra = r();
  if (extra < 0.12) cmd += pick([' > out.txt', ' >> log', ' 2>&1', ' < in.txt', ' 2> /dev/null']);
  else if (extra < 0.2) cmd = `${pick(['echo', 'git', 'ls'])} $(${pick(SIMPLE)})`;
  else if (extra < 0.25) cmd = `echo \`${pick(SIMPLE)}\``;
  else if (extra < 0.33)
    cmd = `${pick(['bash', 'sh', '/bin/bash', 'zsh'])} -c ${r() < 0.5 ? q(cmd.replace(/["\\$`]/g, '')) : `'${cmd.replace(/'/g, '')}'`}`;
  else if (extra < 0.36) cmd = pick(['git status &&', 'echo "unclosed', '', '  ', '| ls', 'ls;']);
  else if (extra < 0.42)
    cmd = pick([
      `diff <(${pick(SIMPLE)}) <(${pick(SIMPLE)})`,
      `(${cmd})`,
      `FOO=1 ${cmd}`,
      `${cmd} &`,
      `tee >(${pick(SIMPLE)})`,
      `sudo ${cmd}`,
      `cat $HOME/x`,
      `ls ../..`,
      `cat /etc/passwd`,
      `sed -n 1,5p README.md`,
      `git branch -a`,
      `git -c x=y status`,
      `find . -name '*.ex' -exec grep -l x {} \\;`,
    ]);
  return cmd;
}

function genRule(r: () => number, lines: string[]): void {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)] as T;
  lines.push('[[rule]]');
  const shell = r() < 0.45;
  if (shell) lines.push(`toolName = "run_shell_command"`);
  else if (r() < 0.15)
    lines.push(`toolName = [${[pick(RULE_TOOLS), pick(RULE_TOOLS)].map(q).join(', ')}]`);
  else lines.push(`toolName = ${q(pick(RULE_TOOLS))}`);
  if (!shell && r() < 0.15) lines.push(`mcpName = ${q(pick(MCP))}`);
  const roll = r();
  if (shell && roll < 0.45)
    lines.push(
      r() < 0.2
        ? `commandPrefix = [${q(pick(PREFIXES))}, ${q(pick(PREFIXES))}]`
        : `commandPrefix = ${q(pick(PREFIXES))}`,
    );
  else if (shell && roll < 0.6) lines.push(`commandRegex = ${q(pick(REGEXES))}`);
  else if (roll < 0.72) lines.push(`argsPattern = ${q(pick(ARGS_PATTERNS))}`);
  if (r() < 0.03) lines.push(`argsPattern = ${q(pick(BAD_PATTERNS))}`);
  if (r() < 0.02) lines.push(`commandPrefix = "git"`);
  const bad = r();
  if (bad < 0.02) lines.push(`decision = "ask"`);
  else if (bad > 0.02) lines.push(`decision = ${q(pick(DECISIONS))}`);
  const pr = r();
  lines.push(
    pr < 0.02
      ? 'priority = 1000'
      : pr < 0.03
        ? 'priority = 2.5'
        : pr < 0.04
          ? 'priority = "high"'
          : `priority = ${Math.floor(r() * 6) * (r() < 0.5 ? 10 : 100)}`,
  );
  if (r() < 0.25)
    lines.push(
      `modes = [${MODES.filter(() => r() < 0.4)
        .map(q)
        .join(', ')}]`,
    );
  if (r() < 0.1) lines.push(`interactive = ${r() < 0.5}`);
  if (r() < 0.1) lines.push(`${r() < 0.5 ? 'allowRedirection' : 'allow_redirection'} = true`);
  if (r() < 0.05) lines.push(`denyMessage = "no"`);
  if (r() < 0.02) lines.push(`toolname = "typo"`);
}

export function genCase(r: () => number): GenCase {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)] as T;
  const nFiles = 1 + Math.floor(r() * 3);
  const files: GenCase['files'] = [];
  for (let f = 0; f < nFiles; f++) {
    const lines: string[] = [];
    const n = 1 + Math.floor(r() * 5);
    for (let i = 0; i < n; i++) {
      genRule(r, lines);
      lines.push('');
    }
    if (r() < 0.02) lines.push('[[rule]');
    files.push({ name: `p${f}.toml`, text: lines.join('\n'), tier: pick(TIERS) });
  }
  const calls: GenCall[] = [];
  const nCalls = 1 + Math.floor(r() * 4);
  for (let i = 0; i < nCalls; i++) {
    const name = r() < 0.55 ? 'run_shell_command' : pick(TOOLS);
    let args: Record<string, unknown> | undefined;
    if (name === 'run_shell_command') args = { command: genCommand(r) };
    else if (name === 'invoke_agent')
      args = { agent_name: pick(['codebase_investigator', 'other']), prompt: 'x' };
    else if (r() < 0.9)
      args =
        r() < 0.5 ? { file_path: pick(PATHS) } : { path: pick(PATHS), content: 'secret issue' };
    const call: GenCall = {
      name,
      mode: r() < 0.6 ? 'default' : pick(MODES),
      nonInteractive: r() < 0.15,
    };
    if (args !== undefined) call.args = args;
    calls.push(call);
  }
  return { files, calls };
}
