/**
 * Every rule example of the official permissions page, one named test each, with the page and
 * section in the name (https://code.claude.com/docs/en/permissions, read 2026-11).
 */
import { describe, expect, it } from 'vitest';
import { parseRule } from '../../src/core/permissions/claude/index.ts';
import { CTX, HOME, ROOT, allows, bash, denies, policy, tool } from './helpers.ts';

describe('permissions#permission-system (tiered table)', () => {
  const none = policy({});
  it('read-only tools (file reads, Grep) need no approval', () => {
    expect(tool(none, 'Read', { file_path: `${ROOT}/src/a.ts` }).decision).toBe('allow');
    expect(tool(none, 'Grep', { pattern: 'x' }).decision).toBe('allow');
  });
  it('Bash commands need approval', () => expect(bash(none, 'npm install').decision).toBe('ask'));
  it('file modification (Edit/Write) needs approval', () => {
    expect(tool(none, 'Edit', { file_path: `${ROOT}/a.ts`, old_string: 'a', new_string: 'b' }).decision).toBe('ask');
    expect(tool(none, 'Write', { file_path: `${ROOT}/a.ts`, content: '' }).decision).toBe('ask');
  });
});

describe('permissions#manage-permissions (evaluation order)', () => {
  it('deny -> ask -> allow: a broad deny Bash(aws *) blocks the more specific allow Bash(aws s3 ls)', () => {
    const d = bash(policy({ deny: ['Bash(aws *)'], allow: ['Bash(aws s3 ls)'] }), 'aws s3 ls');
    expect(d.decision).toBe('deny');
    expect(d.rule?.text).toBe('Bash(aws *)');
  });
  it('a matching ask rule prompts even when a more specific allow rule also matches', () => {
    const d = bash(policy({ ask: ['Bash(git *)'], allow: ['Bash(git status)'] }), 'git status');
    expect(d.decision).toBe('ask');
    expect(d.rule?.list).toBe('ask');
  });
  it('order inside the file does not matter: allow listed first still loses to deny', () => {
    const p = policy({ allow: ['Bash(rm *)'], deny: ['Bash(rm -rf *)'] });
    expect(bash(p, 'rm -rf build').decision).toBe('deny');
    expect(bash(p, 'rm build').decision).toBe('allow');
  });
});

describe('permissions#match-all-uses-of-a-tool', () => {
  it('`Bash` matches all Bash commands', () => expect(allows('Bash', 'anything --at all')).toBe(true));
  it('`WebFetch` matches all web fetch requests', () => expect(tool(policy({ allow: ['WebFetch'] }), 'WebFetch', { url: 'https://x.org/a' }).decision).toBe('allow'));
  it('`Read` matches all file reads (outside the working directory too)', () => {
    expect(tool(policy({ allow: ['Read'] }), 'Read', { file_path: '/etc/hosts' }).rule?.text).toBe('Read');
  });
  it('`Bash(*)` is equivalent to `Bash`', () => {
    expect(parseRule('Bash(*)')).toEqual(parseRule('Bash'));
    expect(allows('Bash(*)', 'rm -rf /tmp/x')).toBe(true);
  });
});

describe('permissions#use-specifiers-for-fine-grained-control', () => {
  it('`Bash(npm run build)` matches the exact command `npm run build`', () => {
    expect(allows('Bash(npm run build)', 'npm run build')).toBe(true);
    expect(allows('Bash(npm run build)', 'npm run build --watch')).toBe(false);
  });
  it('`Read(./.env)` matches reading the .env file in the current directory', () => {
    expect(denies('Read(./.env)', 'Read', { file_path: `${ROOT}/.env` })).toBe(true);
    expect(denies('Read(./.env)', 'Read', { file_path: `${ROOT}/sub/.env` })).toBe(false);
  });
  it('`WebFetch(domain:example.com)` matches fetch requests to example.com', () => {
    expect(denies('WebFetch(domain:example.com)', 'WebFetch', { url: 'https://example.com/page' })).toBe(true);
    expect(denies('WebFetch(domain:example.com)', 'WebFetch', { url: 'https://example.org/page' })).toBe(false);
  });
});

describe('permissions#wildcard-patterns', () => {
  it('`Bash(npm run *)` matches `npm run test` and `npm run build`', () => {
    expect(allows('Bash(npm run *)', 'npm run test')).toBe(true);
    expect(allows('Bash(npm run *)', 'npm run build')).toBe(true);
    expect(allows('Bash(npm run *)', 'npm install')).toBe(false);
  });
  it('`Bash(git commit *)` matches `git commit -m "msg"`', () => expect(allows('Bash(git commit *)', 'git commit -m "msg"')).toBe(true));
  it('`Bash(git * main)` matches `git checkout main` and `git merge main`', () => {
    expect(allows('Bash(git * main)', 'git checkout main')).toBe(true);
    expect(allows('Bash(git * main)', 'git merge main')).toBe(true);
    expect(allows('Bash(git * main)', 'git checkout dev')).toBe(false);
  });
  it('`Bash(* --version)` matches `node --version`', () => expect(allows('Bash(* --version)', 'node --version')).toBe(true));
  it('`Bash(* --help *)` matches `npm --help install`', () => expect(allows('Bash(* --help *)', 'npm --help install')).toBe(true));
  it('the space before `*` matters: `Bash(ls *)` matches `ls -la` but not `lsof`', () => {
    expect(allows('Bash(ls *)', 'ls -la')).toBe(true);
    expect(allows('Bash(ls *)', 'lsof')).toBe(false);
  });
  it('`Bash(ls*)` matches both `ls -la` and `lsof`', () => {
    expect(allows('Bash(ls*)', 'ls -la')).toBe(true);
    expect(allows('Bash(ls*)', 'lsof')).toBe(true);
  });
  it('a trailing ` *` also matches the bare command: `Bash(git *)` matches `git`', () => expect(allows('Bash(git *)', 'git')).toBe(true));
  it('legacy `:*`: `Bash(npm run test:*)` matches commands starting with `npm run test`, at a word boundary', () => {
    expect(allows('Bash(npm run test:*)', 'npm run test')).toBe(true);
    expect(allows('Bash(npm run test:*)', 'npm run test -- --watch')).toBe(true);
    expect(allows('Bash(npm run test:*)', 'npm run testing')).toBe(false);
  });
});

describe('permissions#bash (compound commands, wrappers, fragile patterns)', () => {
  it('`Bash(safe-cmd *)` does not permit `safe-cmd && other-cmd`', () => {
    const d = bash(policy({ allow: ['Bash(safe-cmd *)'] }), 'safe-cmd && other-cmd');
    expect(d.decision).toBe('ask');
    expect(d.parts).toEqual(['safe-cmd', 'other-cmd']);
  });
  it.each(['a || b', 'a; b', 'a | b', '(a; b)', 'echo $(b)'])('every part of `%s` must be allowed', (cmd) => {
    expect(bash(policy({ allow: ['Bash(a)', 'Bash(echo *)'] }), cmd).decision).toBe('ask');
    expect(bash(policy({ allow: ['Bash(a)', 'Bash(b)', 'Bash(echo *)'] }), cmd).decision).toBe('allow');
  });
  it('a deny rule on any part denies the compound command', () => {
    expect(bash(policy({ allow: ['Bash'], deny: ['Bash(rm *)'] }), 'ls && rm -rf x').decision).toBe('deny');
  });
  it.each(['timeout 30 npm test', 'time npm test', 'nice -n 10 npm test', 'nohup npm test', 'stdbuf -oL npm test'])('process wrapper stripped: `Bash(npm test *)` matches `%s`', (cmd) => {
    expect(allows('Bash(npm test *)', cmd)).toBe(true);
  });
  it('bare `xargs` is stripped: `Bash(grep *)` matches `xargs grep foo`', () => expect(allows('Bash(grep *)', 'xargs grep foo')).toBe(true));
  it('`xargs` with flags is not stripped', () => expect(allows('Bash(grep *)', 'xargs -n1 grep foo')).toBe(false));
  describe('`Bash(curl http://github.com/ *)` is fragile: these do not match it', () => {
    const rule = 'Bash(curl http://github.com/ *)';
    it.each(['curl -X GET http://github.com/x', 'curl https://github.com/x', 'URL=http://github.com && curl $URL', 'curl  http://github.com/x'])('`%s`', (cmd) => {
      expect(allows(rule, cmd)).toBe(false);
    });
    it('but `curl http://github.com/ x` does', () => expect(allows(rule, 'curl http://github.com/ x')).toBe(true));
  });
});

describe('permissions#read-and-edit', () => {
  it('`Edit` rules apply to all built-in tools that edit files (Write, MultiEdit, NotebookEdit)', () => {
    const p = policy({ deny: ['Edit(./secrets/**)'] });
    for (const [name, key] of [['Edit', 'file_path'], ['Write', 'file_path'], ['MultiEdit', 'file_path'], ['NotebookEdit', 'notebook_path']] as const)
      expect(tool(p, name, { [key]: `${ROOT}/secrets/k.txt` }).decision).toBe('deny');
  });
  it('`Read` rules are applied to the tools that read files, like Grep and Glob', () => {
    const p = policy({ deny: ['Read(./secrets/**)'] });
    expect(tool(p, 'Grep', { pattern: 'key', path: `${ROOT}/secrets` }).decision).toBe('deny');
    expect(tool(p, 'Glob', { pattern: '*', path: `${ROOT}/secrets/x` }).decision).toBe('deny');
  });
  it('`//path`: `Read(//Users/alice/secrets/**)` matches /Users/alice/secrets/**', () => {
    expect(denies('Read(//Users/alice/secrets/**)', 'Read', { file_path: '/Users/alice/secrets/a/b.txt' })).toBe(true);
    expect(denies('Read(//Users/alice/secrets/**)', 'Read', { file_path: `${ROOT}/Users/alice/secrets/b.txt` })).toBe(false);
  });
  it('`~/path`: `Read(~/Documents/*.pdf)` matches <home>/Documents/*.pdf', () => {
    expect(denies('Read(~/Documents/*.pdf)', 'Read', { file_path: `${HOME}/Documents/cv.pdf` })).toBe(true);
    expect(denies('Read(~/Documents/*.pdf)', 'Read', { file_path: `${HOME}/Documents/old/cv.pdf` })).toBe(false);
  });
  it('`/path`: `Edit(/src/**/*.ts)` matches <project root>/src/**/*.ts, not /src', () => {
    expect(denies('Edit(/src/**/*.ts)', 'Edit', { file_path: `${ROOT}/src/a/b.ts` })).toBe(true);
    expect(denies('Edit(/src/**/*.ts)', 'Edit', { file_path: `${ROOT}/src/b.ts` })).toBe(true);
    expect(denies('Edit(/src/**/*.ts)', 'Edit', { file_path: '/src/b.ts' })).toBe(false);
  });
  it('`path` or `./path`: `Read(*.env)` matches .env files relative to the current directory', () => {
    expect(denies('Read(*.env)', 'Read', { file_path: `${ROOT}/prod.env` })).toBe(true);
    expect(denies('Read(*.env)', 'Read', { file_path: '/elsewhere/prod.env' })).toBe(false);
  });
  it('`Edit(/docs/**)` matches edits in <project>/docs/', () => expect(denies('Edit(/docs/**)', 'Write', { file_path: `${ROOT}/docs/a/b.md` })).toBe(true));
  it('`Read(~/.zshrc)` matches the home directory .zshrc', () => expect(denies('Read(~/.zshrc)', 'Read', { file_path: `${HOME}/.zshrc` })).toBe(true));
  it('`Edit(//tmp/scratch.txt)` matches the absolute /tmp/scratch.txt', () => expect(denies('Edit(//tmp/scratch.txt)', 'Edit', { file_path: '/tmp/scratch.txt' })).toBe(true));
  it('`Read(src/**)` matches <cwd>/src/**', () => {
    expect(denies('Read(src/**)', 'Read', { file_path: `${ROOT}/src/deep/x.ts` })).toBe(true);
    expect(denies('Read(src/**)', 'Read', { file_path: `${ROOT}/lib/x.ts` })).toBe(false);
  });
  it('`*` matches files in one directory, `**` recurses', () => {
    expect(denies('Read(./src/*)', 'Read', { file_path: `${ROOT}/src/a/b.ts` })).toBe(true); // `src/a` is matched, a directory covers its contents
    expect(denies('Read(./src/*.ts)', 'Read', { file_path: `${ROOT}/src/a/b.ts` })).toBe(false);
    expect(denies('Read(./src/**/*.ts)', 'Read', { file_path: `${ROOT}/src/a/b.ts` })).toBe(true);
  });
  it('relative call paths are resolved against the working directory', () => {
    expect(denies('Read(./.env)', 'Read', { file_path: '.env' })).toBe(true);
    expect(denies('Read(./.env)', 'Read', { file_path: 'sub/../.env' })).toBe(true);
  });
});

describe('permissions#webfetch', () => {
  it('`WebFetch(domain:example.com)` matches the host exactly, case-insensitively', () => {
    const p = policy({ allow: ['WebFetch(domain:example.com)'] });
    expect(tool(p, 'WebFetch', { url: 'https://EXAMPLE.com/a', prompt: '' }).decision).toBe('allow');
    expect(tool(p, 'WebFetch', { url: 'https://docs.example.com/a', prompt: '' }).decision).toBe('ask');
  });
});

describe('permissions#mcp', () => {
  const calls = (rule: string) => ({
    navigate: denies(rule, 'mcp__puppeteer__puppeteer_navigate', {}),
    click: denies(rule, 'mcp__puppeteer__puppeteer_click', {}),
    other: denies(rule, 'mcp__github__create_issue', {}),
  });
  it('`mcp__puppeteer` matches any tool of the puppeteer server', () => expect(calls('mcp__puppeteer')).toEqual({ navigate: true, click: true, other: false }));
  it('`mcp__puppeteer__*` matches every tool of the puppeteer server', () => expect(calls('mcp__puppeteer__*')).toEqual({ navigate: true, click: true, other: false }));
  it('`mcp__puppeteer__puppeteer_navigate` matches that tool only', () => expect(calls('mcp__puppeteer__puppeteer_navigate')).toEqual({ navigate: true, click: false, other: false }));
  it('an MCP tool no rule allows prompts', () => expect(tool(policy({}), 'mcp__github__create_issue', {}).decision).toBe('ask'));
});

describe('permissions#agent-subagents', () => {
  it.each(['Explore', 'Plan', 'my-custom-agent'])('`Agent(%s)` matches that subagent (also when the call is named Task)', (name) => {
    expect(denies(`Agent(${name})`, 'Agent', { subagent_type: name, prompt: '' })).toBe(true);
    expect(denies(`Agent(${name})`, 'Task', { subagent_type: name, prompt: '' })).toBe(true);
    expect(denies(`Agent(${name})`, 'Agent', { subagent_type: 'general-purpose', prompt: '' })).toBe(false);
  });
});

describe('permissions#permission-modes and permission-modes#available-modes', () => {
  const edit = { file_path: `${ROOT}/src/a.ts`, old_string: 'a', new_string: 'b' };
  it('acceptEdits approves edits in the working directory, and mkdir there', () => {
    expect(tool(policy({}), 'Edit', edit, 'acceptEdits').decision).toBe('allow');
    expect(bash(policy({}), `mkdir -p ${ROOT}/out`, 'acceptEdits').decision).toBe('allow');
    expect(tool(policy({}), 'Edit', { ...edit, file_path: '/etc/hosts' }, 'acceptEdits').decision).toBe('ask');
  });
  it('plan does not edit files', () => expect(tool(policy({ allow: ['Edit'] }), 'Edit', edit, 'plan').decision).toBe('deny'));
  it('dontAsk denies what would prompt, and keeps what allow rules approve', () => {
    const p = policy({ allow: ['Bash(npm test)'], ask: ['Bash(git push *)'] });
    expect(bash(p, 'npm install', 'dontAsk').decision).toBe('deny');
    expect(bash(p, 'git push origin', 'dontAsk').decision).toBe('deny');
    expect(bash(p, 'npm test', 'dontAsk').decision).toBe('allow');
  });
  it('bypassPermissions approves what no deny rule matches; deny rules still apply', () => {
    const p = policy({ deny: ['Bash(rm *)'] });
    expect(bash(p, 'curl https://x.org', 'bypassPermissions').decision).toBe('allow');
    expect(bash(p, 'rm -rf x', 'bypassPermissions').decision).toBe('deny');
  });
  it('permission-modes#protected-paths: writes to .git are not auto-approved in acceptEdits', () => {
    expect(tool(policy({}), 'Write', { file_path: `${ROOT}/.git/config` }, 'acceptEdits').decision).toBe('ask');
    expect(tool(policy({}), 'Write', { file_path: `${ROOT}/.claude/commands/x.md` }, 'acceptEdits').decision).toBe('allow');
  });
  it('disableBypassPermissionsMode "disable" keeps Claude Code in default', () => {
    const p = policy({ defaultMode: 'bypassPermissions' });
    expect(bash(p, 'npm install').decision).toBe('allow');
    const off = { ...p, disableBypassPermissionsMode: true };
    const d = bash(off, 'npm install');
    expect([d.decision, d.mode]).toEqual(['ask', 'default']);
  });
  it('auto mode defers to the classifier when no rule decides', () => {
    const d = bash(policy({}), 'npm install', 'auto');
    expect([d.decision, d.classifier]).toEqual(['ask', true]);
    expect(CTX.cwd).toBe(ROOT);
  });
});
