/**
 * review17 #5 and #8: the Policy view's answer explains past its reason. A Bash command no rule
 * decided names the closest rule and why it missed (Claude Code's documented matching: an exact
 * rule is the command as written; `prefix:*` is `prefix *`, so a space or the end must follow the
 * prefix); a read-only command reading a path a `Read(…)` deny covers says the deny does not apply
 * to Bash (permissions page, "Read and Edit").
 */
import { describe, expect, it } from 'vitest';
import { mergeSettings } from '../../src/core/permissions/claude/settings.ts';
import { policyReport } from '../../src/core/permissions/claude/policyReport.ts';
import { bashNearMiss, readDenyBypass } from '../../src/core/permissions/claude/hints.ts';

const SETTINGS = {
  permissions: {
    allow: ['Bash(npm run test:*)', 'Bash(npm run lint)', 'Bash(git status)', 'Bash(git diff:*)', 'Bash(git log:*)', 'Read(~/projects/shop/**)', 'Edit(src/**)', 'WebFetch(domain:github.com)'],
    ask: ['Bash(git push:*)', 'Bash(npm publish)', 'Edit(package.json)'],
    deny: ['Bash(rm -rf:*)', 'Bash(curl:*)', 'Read(./.env)', 'Read(./secrets/**)', 'WebFetch'],
  },
};
const cwd = '/home/user/shop';
const policy = mergeSettings([{ scope: 'project', path: `${cwd}/.claude/settings.json`, text: JSON.stringify(SETTINGS, null, 2) }], cwd);
const ctx = { cwd, home: '/home/user' };
const decided = (command: string) => {
  const r = policyReport(policy, [{ name: 'Bash', input: { command } }], ctx);
  return { ...r.decisions[0]!, notes: r.notes[0] };
};

describe('the closest rule when none decided', () => {
  it('`npm run test:unit` misses `Bash(npm run test:*)`: a prefix needs a space or the end after it', () => {
    const d = decided('npm run test:unit');
    expect(d.decision).toBe('ask');
    expect(d.rule).toBeUndefined();
    expect(d.notes).toHaveLength(1);
    expect(d.notes?.[0]).toContain('closest rule: `Bash(npm run test:*)` (allow) did not match `npm run test:unit`');
    expect(d.notes?.[0]).toContain('needs a space or the end of the command right after `npm run test`');
  });

  it('`npm   run lint` misses the exact `Bash(npm run lint)` by its spaces', () => {
    const d = decided('npm   run lint');
    expect(d.decision).toBe('ask');
    expect(d.notes?.[0]).toMatch(/closest rule: `Bash\(npm run lint\)` \(allow\).*runs of spaces.*character for character/);
  });

  it('`npm run lint --fix` misses the exact rule: it matches the command only', () => {
    expect(bashNearMiss(policy, 'npm run lint --fix')?.why).toContain('`Bash(npm run lint *)` would match');
  });

  it('a command that shares words with a rule gets the one sharing most; none near gets no note', () => {
    expect(bashNearMiss(policy, 'git stash')?.rule).toMatch(/^Bash\(git /);
    expect(decided('make build').notes).toBeUndefined();
  });

  it('says nothing when a rule decided, or the command runs anyway', () => {
    expect(decided('npm run test').notes).toBeUndefined();
    expect(decided('npm run lint').notes).toBeUndefined();
    expect(decided('ls src').notes).toBeUndefined();
  });
});

describe('a Read deny does not apply to Bash', () => {
  it('`cat .env` is allowed as read-only, and the note names the deny and a Bash deny that would stop it', () => {
    const d = decided('cat .env');
    expect(d.decision).toBe('allow');
    expect(d.notes).toHaveLength(1);
    expect(d.notes?.[0]).toContain('`Read(./.env)` does not apply to Bash');
    expect(d.notes?.[0]).toContain('`Bash(cat .env)`');
    expect(readDenyBypass(policy, 'head -n 3 secrets/key.pem', ctx)).toMatchObject({ rule: 'Read(./secrets/**)', path: 'secrets/key.pem', suggestion: 'Bash(head -n 3 secrets/key.pem)' });
  });

  it('no note for a path no deny covers, or a command that is not read-only', () => {
    expect(decided('cat README.md').notes).toBeUndefined();
    expect(readDenyBypass(policy, 'vim .env', ctx)).toBeUndefined();
  });
});
