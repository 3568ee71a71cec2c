/** Gemini CLI policies: the reader's refusals (G0xx) at their positions, the checks (G1xx) with near misses, and the shell splitter. */
import { describe, expect, it } from 'vitest';
import {
  checkGeminiPolicy,
  checkToolCall,
  loadGeminiPolicies,
  parseShell,
  stripShellWrapper,
  type GeminiTier,
} from '../../src/core/permissions/gemini/index.ts';

const load = (text: string, tier: GeminiTier = 'user', path = 'p.toml') =>
  loadGeminiPolicies([{ path, text, tier }]);
const codes = (text: string) => {
  const l = load(text);
  return [...l.diagnostics, ...checkGeminiPolicy(l.rules)].map(
    (d) => `${d.code}@${d.range.start.line}:${d.range.start.column}`,
  );
};
const rule = (body: string) => `[[rule]]\n${body}\n`;

describe('Gemini policy reader: refusals at line:col', () => {
  it('G001: a TOML syntax error refuses the file at the parser position', () => {
    const l = load('[[rule]]\ntoolName = "x"\ndecision = "allow\npriority = 1\n');
    expect(l.refusedFiles).toEqual(['p.toml']);
    expect(l.diagnostics[0]?.code).toBe('G001');
    expect(l.diagnostics[0]?.range.start.line).toBe(3);
  });
  it('G002: priority 1000 is refused at its key; 999 is accepted (near miss)', () => {
    expect(codes(rule('toolName = "read_file"\ndecision = "allow"\npriority = 1000'))).toEqual([
      'G002@4:1',
    ]);
    expect(codes(rule('toolName = "read_file"\ndecision = "allow"\npriority = 999'))).toEqual([]);
  });
  it('G002: a missing decision, a bad mode and a non-integer priority each refuse the file', () => {
    expect(codes(rule('toolName = "a"\npriority = 1')).every((c) => c.startsWith('G002'))).toBe(
      true,
    );
    expect(
      load(rule('toolName = "a"\ndecision = "allow"\npriority = 1\nmodes = ["auto"]')).refusedFiles,
    ).toEqual(['p.toml']);
    expect(load(rule('toolName = "a"\ndecision = "allow"\npriority = 1.5')).refusedFiles).toEqual([
      'p.toml',
    ]);
  });
  it('G003: commandPrefix on another tool is reported and the rule still loads', () => {
    const l = load(
      rule('toolName = "read_file"\ncommandPrefix = "git"\ndecision = "deny"\npriority = 1'),
    );
    expect(l.diagnostics.map((d) => d.code)).toEqual(['G003']);
    expect(l.rules).toHaveLength(1);
  });
  it('G007: an invalid regex drops the rule, at the pattern; a valid one loads (near miss)', () => {
    const bad = load(
      rule('toolName = "a"\nargsPattern = "(unclosed"\ndecision = "deny"\npriority = 1'),
    );
    expect(bad.diagnostics.map((d) => `${d.code}@${d.range.start.line}`)).toEqual(['G007@3']);
    expect(bad.rules).toHaveLength(0);
    expect(
      load(rule('toolName = "a"\nargsPattern = "(closed)"\ndecision = "deny"\npriority = 1')).rules,
    ).toHaveLength(1);
  });
  it('G008: a nested quantifier is refused as unsafe; a single quantifier is fine (near miss)', () => {
    expect(
      load(
        rule('toolName = "a"\nargsPattern = "(a+)+"\ndecision = "deny"\npriority = 1'),
      ).diagnostics.map((d) => d.code),
    ).toEqual(['G008']);
    expect(
      load(rule('toolName = "a"\nargsPattern = "(ab)+"\ndecision = "deny"\npriority = 1'))
        .diagnostics,
    ).toEqual([]);
  });
  it('G006 / G009: an empty toolName or mcpName makes the engine refuse to start', () => {
    expect(load(rule('toolName = ""\ndecision = "deny"\npriority = 1')).engineError).toBeDefined();
    expect(
      load(rule('toolName = "x"\nmcpName = ""\ndecision = "deny"\npriority = 1')).engineError,
    ).toBeDefined();
    expect(
      load(rule('toolName = "x"\nmcpName = "srv"\ndecision = "deny"\npriority = 1')).engineError,
    ).toBeUndefined();
  });
  it('G011: an unknown key is ignored by Gemini and reported', () => {
    expect(
      codes(rule('toolName = "a"\ncommandprefix = "git"\ndecision = "deny"\npriority = 1')),
    ).toEqual(['G011@3:1']);
  });
  it('effective priority is tier + priority/1000', () => {
    expect(
      load(rule('toolName = "a"\ndecision = "deny"\npriority = 250'), 'admin').rules[0]?.priority,
    ).toBeCloseTo(5.25);
    expect(
      load(rule('toolName = "a"\ndecision = "deny"\npriority = 250'), 'workspace').rules[0]
        ?.priority,
    ).toBeCloseTo(3.25);
  });
});

describe('Gemini policy checks, with near misses', () => {
  const two = (a: string, b: string) => `${rule(a)}\n${rule(b)}`;
  it('G101: an allow under a broader deny of higher priority never decides', () => {
    expect(
      codes(
        two(
          'toolName = "run_shell_command"\ndecision = "deny"\npriority = 100',
          'toolName = "run_shell_command"\ncommandPrefix = "git"\ndecision = "allow"\npriority = 10',
        ),
      ),
    ).toEqual(['G101@6:1']);
  });
  // review15 #10: the message quoted the regex built from commandPrefix, and said two rules "rule #1" with no file.
  it('G102 says the rules as written, and where the earlier one is', () => {
    const team = loadGeminiPolicies([
      { path: 'admin.toml', text: rule('toolName = "run_shell_command"\ncommandPrefix = "git status"\ndecision = "allow"\npriority = 100'), tier: 'admin' },
      { path: 'team.toml', text: rule('toolName = "run_shell_command"\ncommandPrefix = "git status"\ndecision = "allow"\npriority = 100'), tier: 'user' },
    ]);
    const [d] = checkGeminiPolicy(team.rules);
    expect(d?.code).toBe('G102');
    expect(d?.file).toBe('team.toml');
    expect(d?.message).toBe(
      'rule #1 (run_shell_command commandPrefix "git status", allow, priority 100 in the user tier) never decides: rule #1 at admin.toml:1 (run_shell_command commandPrefix "git status", allow, priority 100 in the admin tier) comes first in priority order and matches every call it matches, with the same decision',
    );
  });
  it('near miss: the broader deny applies only in plan mode, so the allow still decides', () => {
    expect(
      codes(
        two(
          'toolName = "run_shell_command"\ndecision = "deny"\npriority = 100\nmodes = ["plan"]',
          'toolName = "run_shell_command"\ncommandPrefix = "git"\ndecision = "allow"\npriority = 10',
        ),
      ),
    ).toEqual([]);
  });
  it('near miss: the allow has the higher priority, so it comes first', () => {
    expect(
      codes(
        two(
          'toolName = "run_shell_command"\ndecision = "deny"\npriority = 10',
          'toolName = "run_shell_command"\ncommandPrefix = "git"\ndecision = "allow"\npriority = 100',
        ),
      ),
    ).toEqual([]);
  });
  it('G101 across tiers: a user allow at 999 under an admin deny at 0', () => {
    const l = loadGeminiPolicies([
      {
        path: 'admin.toml',
        tier: 'admin',
        text: rule('toolName = "web_fetch"\ndecision = "deny"\npriority = 0'),
      },
      {
        path: 'user.toml',
        tier: 'user',
        text: rule('toolName = "web_fetch"\ndecision = "allow"\npriority = 999'),
      },
    ]);
    expect(checkGeminiPolicy(l.rules).map((d) => `${d.code} ${d.file}`)).toEqual([
      'G101 user.toml',
    ]);
  });
  it('G102: the same decision twice is reported as an info', () => {
    expect(
      codes(
        two(
          'toolName = "*"\ndecision = "deny"\npriority = 100',
          'toolName = "web_fetch"\ndecision = "deny"\npriority = 10',
        ),
      ),
    ).toEqual(['G102@6:1']);
  });
  it('G103: allowing run_shell_command without a prefix; near miss with commandPrefix, and yolo-only', () => {
    expect(codes(rule('toolName = "run_shell_command"\ndecision = "allow"\npriority = 1'))).toEqual(
      ['G103@1:1'],
    );
    expect(
      codes(
        rule(
          'toolName = "run_shell_command"\ncommandPrefix = "git"\ndecision = "allow"\npriority = 1',
        ),
      ),
    ).toEqual([]);
    expect(
      codes(
        rule('toolName = "run_shell_command"\ndecision = "allow"\npriority = 1\nmodes = ["yolo"]'),
      ),
    ).toEqual([]);
  });
  it('G104: read_* matches only a tool literally named read_*; mcp_github_* is a real wildcard (near miss)', () => {
    expect(codes(rule('toolName = "read_*"\ndecision = "deny"\npriority = 1'))).toEqual([
      'G104@1:1',
    ]);
    expect(codes(rule('toolName = "mcp_github_*"\ndecision = "deny"\npriority = 1'))).toEqual([]);
  });
  it('G105: commandPrefix = [] builds no rule', () => {
    const l = load(
      rule('toolName = "run_shell_command"\ncommandPrefix = []\ndecision = "allow"\npriority = 1'),
    );
    expect(l.rules).toEqual([]);
    expect(l.diagnostics.map((d) => d.code)).toEqual(['G105']);
  });
});

describe('Gemini shell handling', () => {
  it('splits compound commands into their parts, with substitutions and redirections', () => {
    const p = parseShell('git status && echo $(rm x) > out.txt | wc -l');
    expect(p.hasError).toBe(false);
    expect(p.hasRedirection).toBe(true);
    expect(p.details.map((d) => `${d.name}=${d.text}`)).toEqual([
      'git=git status',
      'echo=echo $(rm x)',
      'command substitution=$(rm x)',
      'rm=rm x',
      'redirection (>)=> out.txt',
      'wc=wc -l',
    ]);
  });
  it('a redirection inside quotes is not one', () => {
    expect(parseShell('echo "a > b"').hasRedirection).toBe(false);
  });
  it('a trailing operator or an unclosed quote is a parse error', () => {
    expect(parseShell('git status &&').hasError).toBe(true);
    expect(parseShell('echo "x').hasError).toBe(true);
  });
  it('strips bash -c wrappers', () => {
    expect(stripShellWrapper('bash -c "git status"')).toBe('git status');
    expect(stripShellWrapper("/bin/sh -c 'ls -la'")).toBe('ls -la');
    expect(stripShellWrapper('git status')).toBe('git status');
  });
  it('argsPattern is a JavaScript RegExp over the stable-stringified arguments', () => {
    const l = load(
      rule(
        'toolName = "read_file"\nargsPattern = "\\"file_path\\":\\"[^\\"]*\\\\.env\\""\ndecision = "deny"\npriority = 1',
      ),
    );
    expect(
      checkToolCall(l.rules, { name: 'read_file', args: { file_path: 'a/.env' } }).decision,
    ).toBe('deny');
    expect(
      checkToolCall(l.rules, { name: 'read_file', args: { file_path: 'a/.envrc' } }).decision,
    ).toBe('ask_user');
  });
});
