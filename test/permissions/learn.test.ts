/**
 * Learning an allow list from sessions (issue 23, item 5), and here-documents in Bash commands
 * (their bodies are data, not commands: a commit message line is never a part to allow).
 */
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { commandParts, decide, mergeSettings } from '../../src/core/permissions/claude/index.ts';
import { bashProposal, learnAllowList, pathProposal } from '../../src/core/permissions/claude/learn.ts';
import { runCli } from '../cli/harness.ts';

const CWD = '/home/me/app';
const ctx = { cwd: CWD, home: '/home/me' };
const project = (permissions: object) => [{ scope: 'project' as const, path: `${CWD}/.claude/settings.json`, text: JSON.stringify({ permissions }) }];
const bash = (command: string) => ({ name: 'Bash', input: { command } });

describe('here-documents', () => {
  it('a commit message in a here-document inside $( ) is not split into commands', () => {
    const command = `git commit -m "$(cat <<'EOF'\nfeat: x (y) don't\n\nCo-Authored-By: Claude\nEOF\n)"`;
    expect(commandParts(command)).toEqual([command, "cat <<'EOF'"]);
    expect(decide(mergeSettings(project({ allow: ['Bash(git commit *)'] })), bash(command), ctx).decision).toBe('allow');
  });
  it('a top-level body is data: `rm -rf /` written to a file is not a command', () => {
    expect(commandParts('cat > notes.md <<EOF\nrm -rf /\nEOF\nls')).toEqual(['cat > notes.md <<EOF', 'ls']);
    expect(decide(mergeSettings(project({ deny: ['Bash(rm *)'] })), bash('cat > notes.md <<EOF\nrm -rf /\nEOF'), ctx).decision).not.toBe('deny');
  });
  it('`<<-` strips leading tabs from the closing line; `<<<` is a here-string, not a here-document', () => {
    expect(commandParts('cat <<-END\n\trm x\n\tEND\necho hi')).toEqual(['cat <<-END', 'echo hi']);
    expect(commandParts('grep x <<< "a; rm y"')).toEqual(['grep x <<< "a; rm y"']);
  });
  it('an unterminated body runs to the end of the command', () => {
    expect(commandParts('cat <<EOF\nnever closed; rm z')).toEqual(['cat <<EOF']);
  });
});

describe('proposals', () => {
  it('Bash: by program and subcommand; a script runner keeps the script; an interpreter only by its exact command', () => {
    expect(bashProposal('mix test test/a_test.exs 2>&1')).toEqual({ rule: 'Bash(mix test *)', risk: 'local write' });
    expect(bashProposal('npm run build -- --watch')).toEqual({ rule: 'Bash(npm run build *)', risk: 'runs arbitrary code' });
    expect(bashProposal('git push origin main')).toEqual({ rule: 'Bash(git push *)', risk: 'network' });
    expect(bashProposal('python3 scripts/gen.py --all')).toEqual({ rule: 'Bash(python3 scripts/gen.py --all)', risk: 'runs arbitrary code' });
    expect(bashProposal('curl -s https://x.dev')).toEqual({ rule: 'Bash(curl -s https://x.dev)', risk: 'network' });
    expect(bashProposal('make')).toEqual({ rule: 'Bash(make *)', risk: 'local write' });
  });
  // review15: Codex learn tagged prefix_rule(["ls"]) "local write".
  it('commands that only read are read-only, unless they redirect their output', () => {
    expect(bashProposal('ls -la src')).toEqual({ rule: 'Bash(ls *)', risk: 'read-only' });
    expect(bashProposal('git status --short')).toEqual({ rule: 'Bash(git status *)', risk: 'read-only' });
    expect(bashProposal('git log -3')).toEqual({ rule: 'Bash(git log *)', risk: 'read-only' });
    // near misses
    expect(bashProposal('cat > notes.md')).toEqual({ rule: 'Bash(cat *)', risk: 'local write' });
    expect(bashProposal('git commit -m x')).toEqual({ rule: 'Bash(git commit *)', risk: 'local write' });
    expect(bashProposal('sed -i s/a/b/ f')).toEqual({ rule: 'Bash(sed *)', risk: 'local write' });
  });
  it('paths by directory: relative inside the working directory, absolute (//) outside it', () => {
    expect(pathProposal('Edit', `${CWD}/lib/web/live.ex`, CWD)).toBe('Edit(./lib/web/**)');
    expect(pathProposal('Edit', `${CWD}/README.md`, CWD)).toBe('Edit(./**)');
    expect(pathProposal('Read', '/etc/hosts', CWD)).toBe('Read(//etc/**)');
    // working directory `/` (settings with no project path): the directory keeps its first letter
    expect(pathProposal('Edit', '/home/marco/projects/spotter/plan.md', '/')).toBe('Edit(./home/marco/projects/spotter/**)');
  });
});

describe('learnAllowList', () => {
  const calls = [
    bash('mix test test/a_test.exs'),
    bash('mix test 2>&1'),
    bash('mix test && git push'),
    bash('git status'),
    bash('ls -la'),
    { name: 'Edit', input: { file_path: `${CWD}/lib/a.ex`, old_string: 'a', new_string: 'b' } },
    { name: 'Write', input: { file_path: `${CWD}/lib/b.ex`, content: '' } },
    { name: 'Read', input: { file_path: '/etc/hosts' } },
    { name: 'WebFetch', input: { url: 'https://hex.pm/packages/x', prompt: '?' } },
    { name: 'mcp__github__create_issue', input: {} },
    { name: 'mcp__github__list_issues', input: {} },
    bash('rm -rf build'),
  ];

  it('proposes, per tool, the rules that cover what prompted, with counts; what the rules allow or need no approval is left out', () => {
    const l = learnAllowList(calls, project({ deny: ['Bash(rm *)'] }), ctx);
    expect(l.proposals.map((p) => [p.group, p.rule, p.calls, p.risk])).toEqual([
      ['Bash', 'Bash(mix test *)', 3, 'local write'],
      ['Bash', 'Bash(git push *)', 1, 'network'],
      ['Edit', 'Edit(./lib/**)', 2, 'local write'],
      ['Read', 'Read(//etc/**)', 1, 'read-only'],
      ['WebFetch', 'WebFetch(domain:hex.pm)', 1, 'network'],
      ['mcp__github', 'mcp__github__create_issue', 1, 'network'],
      ['mcp__github', 'mcp__github__list_issues', 1, 'network'],
    ]);
    expect({ prompted: l.prompted, covered: l.covered, denied: l.denied }).toEqual({ prompted: 9, covered: 9, denied: 1 });
  });

  it('never learns from what a deny or ask rule closes', () => {
    const l = learnAllowList([bash('git push origin main'), bash('rm x')], project({ deny: ['Bash(rm *)'], ask: ['Bash(git push *)'] }), ctx);
    expect(l.proposals).toEqual([]);
    expect([l.denied, l.askedByRule, l.prompted]).toEqual([1, 1, 0]);
  });
});

describe('rule-studio learn', () => {
  it('on real transcripts: JSON with its version, every prompted call covered, a git commit message never a rule', async () => {
    const r = await runCli(['learn', resolve('test/data/claude-transcripts/subagent.jsonl'), resolve('test/data/claude-transcripts/tool_heavy.jsonl'), '--format', 'json']);
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout) as { version: number; prompted: number; covered: number; proposals: { rule: string; risk: string }[] };
    expect(out.version).toBe(1);
    expect(out.prompted).toBeGreaterThan(0);
    expect(out.covered).toBe(out.prompted);
    expect(out.proposals.every((p) => ['read-only', 'local write', 'network', 'runs arbitrary code'].includes(p.risk))).toBe(true);
    expect(out.proposals.map((p) => p.rule)).toContain('WebSearch');
  });

  it('as text: by tool, then the allow list of the settings with the additions marked +', async () => {
    const settings = `${CWD}/.claude/settings.json`;
    const session = '/s/session.jsonl';
    const line = (i: number, name: string, input: object) => JSON.stringify({ type: 'assistant', timestamp: `2026-01-01T00:00:0${i}Z`, cwd: CWD, message: { content: [{ type: 'tool_use', id: `t${i}`, name, input }] } });
    const r = await runCli(['learn', session, '--settings', settings], {
      [settings]: JSON.stringify({ permissions: { allow: ['Bash(npm test *)'] } }),
      [session]: [line(1, 'Bash', { command: 'npm test' }), line(2, 'Bash', { command: 'cargo build --release' })].join('\n'),
    });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('1 call prompted; the proposed rules allow 1.');
    expect(r.stdout).toMatch(/\+ Bash\(cargo build \*\)\s+1 call\s+local write/);
    expect(r.stdout).toContain(`permissions.allow of ${settings}:\n  "allow": [\n    "Bash(npm test *)",\n+   "Bash(cargo build *)"\n  ]`);
  });
});
