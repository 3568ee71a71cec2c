/** The C0xx checks of a Claude Code policy: for each code a trigger and a near miss. */
import { describe, expect, it } from 'vitest';
import { checkPolicy, mergeSettings } from '../../src/core/permissions/claude/index.ts';
import { ROOT, policy } from './helpers.ts';
import type { Lists } from './helpers.ts';

const codes = (lists: Lists) => checkPolicy(policy(lists)).map((d) => d.code);
const only = (lists: Lists, code: string) => checkPolicy(policy(lists)).filter((d) => d.code === code);

describe('C010: a rule naming no Claude Code tool', () => {
  it('trigger: `bash(ls)` (tool names are case-sensitive)', () => {
    const [d] = only({ allow: ['bash(ls)'] }, 'C010');
    expect(d?.message).toContain('never matches');
    expect([d?.range.start.line, d?.range.start.column]).toEqual([4, 7]);
  });
  it('near miss: `Bash(ls)` and an MCP server rule', () => expect(codes({ allow: ['Bash(ls)', 'mcp__github'] })).toEqual([]));
});

describe('C011: a specifier its tool ignores', () => {
  it('trigger: `Write(./src/**)` is accepted but never consulted; the message points to Edit', () => {
    const [d] = only({ deny: ['Write(./src/**)'] }, 'C011');
    expect(d?.message).toContain('`Edit(./src/**)`');
  });
  it('trigger: `Grep(./secrets/**)` and `WebFetch(https://x.org)`', () => expect(codes({ deny: ['Grep(./secrets/**)', 'WebFetch(https://x.org)'] })).toEqual(['C011', 'C011']));
  it('near miss: `Edit(./src/**)`, bare `Write`, `WebFetch(domain:x.org)`', () => expect(codes({ deny: ['Edit(./src/**)', 'Write', 'WebFetch(domain:x.org)'] })).toEqual([]));
});

describe('C012: an anchor that is not what it looks like', () => {
  it('trigger: `Read(/Users/alice/.ssh/**)` is relative to the project root', () => {
    const [d] = only({ deny: ['Read(/Users/alice/.ssh/**)'] }, 'C012');
    expect(d?.message).toContain(`${ROOT}/Users/alice/.ssh/**`);
    expect(d?.message).toContain('`Read(//Users/alice/.ssh/**)`');
  });
  it('trigger: `Read(.env:*)` uses Bash prefix syntax in a path', () => expect(codes({ deny: ['Read(.env:*)'] })).toEqual(['C012']));
  // The Read deny is C022 (Bash gets past it), not C012: its anchor is what it looks like.
  it('near miss: `Read(//Users/alice/.ssh/**)` and `Edit(/src/**)`', () => expect(codes({ deny: ['Read(//Users/alice/.ssh/**)', 'Edit(/src/**)'] })).toEqual(['C022']));
});

describe('C022: a Read deny that Bash gets past (review17 #8)', () => {
  it('trigger: deny `Read(./.env)`: `cat ./.env` still runs; the message says so and names a Bash deny', () => {
    const [d] = only({ deny: ['Read(./.env)'] }, 'C022');
    expect(d?.severity).toBe('warning');
    expect(d?.message).toContain('not Bash');
    expect(d?.message).toContain('`cat ./.env`');
    expect(d?.message).toContain('`Bash(cat ./.env)`');
  });
  it('trigger: a glob deny `Read(./secrets/**)` names no single command', () => {
    const [d] = only({ deny: ['Read(./secrets/**)'] }, 'C022');
    expect(d?.message).toContain('`cat` on a file it covers');
  });
  it('near miss: bare `Bash` denied or asked closes the gap; an Edit deny, a Read allow are not reported', () => {
    expect(codes({ deny: ['Read(./.env)', 'Bash'] })).toEqual([]);
    expect(codes({ deny: ['Read(./.env)'], ask: ['Bash'] })).toEqual([]);
    expect(codes({ deny: ['Edit(./.env)'], allow: ['Read(src/**)'] })).toEqual([]);
  });
});

describe('C013: not a rule', () => {
  it('trigger: `Bash(npm test` and `Bash()`', () => expect(codes({ allow: ['Bash(npm test', 'Bash()'] })).toEqual(['C013', 'C013']));
  it('near miss: `Bash(npm test)`', () => expect(codes({ allow: ['Bash(npm test)'] })).toEqual([]));
});

describe('C020: an allow shadowed by a deny or ask evaluated before it', () => {
  it('trigger: allow `Bash(git push origin main)` under ask `Bash(git push *)`', () => {
    const [d] = only({ ask: ['Bash(git push *)'], allow: ['Bash(git push origin main)'] }, 'C020');
    expect(d?.message).toContain('asks for');
  });
  it('trigger: the same rule in allow and deny', () => expect(codes({ deny: ['Read(./.env)'], allow: ['Read(./.env)'] }).filter((c) => c !== 'C022')).toEqual(['C020']));
  it('near miss: ask `Bash(git push *)` and allow `Bash(git pull *)`', () => expect(codes({ ask: ['Bash(git push *)'], allow: ['Bash(git pull *)'] })).toEqual([]));
});

describe('C021: an allow that reads like an exception to a broader deny', () => {
  it('trigger: deny `Bash(aws *)`, allow `Bash(aws s3 ls)` (the page\'s own example)', () => {
    const [d] = only({ deny: ['Bash(aws *)'], allow: ['Bash(aws s3 ls)'] }, 'C021');
    expect(d?.message).toContain('checks deny rules first');
    // review17 s6: the deny's place is said once, without parentheses inside parentheses.
    expect(d?.message).toMatch(/\(project settings, [^()]+:\d+:\d+\)/);
    expect(d?.message).not.toMatch(/\([^)]*\(/);
  });
  it('trigger: deny `Edit(./config/**)`, allow `Edit(./config/local.json)`', () => expect(codes({ deny: ['Edit(./config/**)'], allow: ['Edit(./config/local.json)'] })).toEqual(['C021']));
  it('near miss: deny `Bash(aws iam *)`, allow `Bash(aws s3 ls)`', () => expect(codes({ deny: ['Bash(aws iam *)'], allow: ['Bash(aws s3 ls)'] })).toEqual([]));
});

describe('C030: an allow that lets anything through', () => {
  it.each(['Bash', 'Bash(python:*)', 'Bash(python3 *)', 'Bash(curl *)', 'Bash(bash -c *)', 'Bash(* --version)'])('trigger: `%s`', (rule) => {
    expect(codes({ allow: [rule] })).toContain('C030');
  });
  it('near miss: `Bash(npm run test)`, `Bash(python3 -m pytest)`, and a deny `Bash(curl *)`', () => {
    expect(codes({ allow: ['Bash(npm run test)', 'Bash(python3 -m pytest)'], deny: ['Bash(curl *)'] })).toEqual([]);
  });
});

describe('C040: the same rule in two scopes', () => {
  const twoScopes = (userRule: string) =>
    checkPolicy(
      mergeSettings([
        { scope: 'project', path: `${ROOT}/.claude/settings.json`, text: JSON.stringify({ permissions: { allow: ['Bash(npm test)'] } }) },
        { scope: 'user', path: '/home/alice/.claude/settings.json', text: JSON.stringify({ permissions: { allow: [userRule] } }) },
      ]),
    );
  it('trigger: `Bash(npm test)` in project and user', () => {
    const d = twoScopes('Bash(npm test)');
    expect(d.map((x) => [x.code, x.file])).toEqual([['C040', '/home/alice/.claude/settings.json']]);
  });
  it('near miss: different rules in the two scopes', () => expect(twoScopes('Bash(npm ci)')).toEqual([]));
});

describe('C050–C052: a mode that overrides the rules', () => {
  it('C050 trigger: defaultMode bypassPermissions', () => expect(codes({ defaultMode: 'bypassPermissions', allow: ['Bash(npm test)'] })).toEqual(['C050']));
  it('C051 trigger: bypassPermissions refused by disableBypassPermissionsMode', () => {
    const p = mergeSettings([
      { scope: 'managed', path: '/etc/claude-code/managed-settings.json', text: '{"permissions": {"disableBypassPermissionsMode": "disable"}}' },
      { scope: 'user', path: '/home/alice/.claude/settings.json', text: '{"permissions": {"defaultMode": "bypassPermissions"}}' },
    ]);
    expect(checkPolicy(p).map((d) => d.code)).toEqual(['C051']);
  });
  it('C052 trigger: defaultMode dontAsk', () => expect(codes({ defaultMode: 'dontAsk' })).toEqual(['C052']));
  it('near miss: defaultMode acceptEdits', () => expect(codes({ defaultMode: 'acceptEdits' })).toEqual([]));
});
