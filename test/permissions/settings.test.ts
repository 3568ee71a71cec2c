/** Reading settings files and merging scopes (settings page, "Settings files", "Settings precedence"). */
import { describe, expect, it } from 'vitest';
import { decide, mergeSettings, readSettingsFile } from '../../src/core/permissions/claude/index.ts';
import { CTX, ROOT } from './helpers.ts';

const project = `${ROOT}/.claude/settings.json`;
const local = `${ROOT}/.claude/settings.local.json`;
const user = '/home/alice/.claude/settings.json';

describe('readSettingsFile', () => {
  it('gives every rule its file, line and column', () => {
    const text = '{\n  "permissions": {\n    "allow": ["Bash(npm test)",\n      "Read"],\n    "deny": ["Read(./.env)"]\n  }\n}\n';
    const f = readSettingsFile({ scope: 'project', path: project, text });
    expect(f.rules.map((r) => [r.source.list, r.source.text, r.source.line, r.source.col])).toEqual([
      ['allow', 'Bash(npm test)', 3, 15],
      ['allow', 'Read', 4, 7],
      ['deny', 'Read(./.env)', 5, 14],
    ]);
    expect(f.rules[0]?.source.root).toBe(ROOT);
  });
  it('reads defaultMode (manual is default), additionalDirectories and disableBypassPermissionsMode', () => {
    const text = JSON.stringify({ permissions: { defaultMode: 'manual', additionalDirectories: ['../docs'], disableBypassPermissionsMode: 'disable' } });
    const f = readSettingsFile({ scope: 'managed', path: '/etc/claude-code/managed-settings.json', text });
    expect([f.defaultMode?.value, f.additionalDirectories.map((d) => d.path), f.disableBypassPermissionsMode]).toEqual(['default', ['../docs'], true]);
  });
  it.each([
    ['a trailing comma', '{\n  "permissions": {\n    "allow": ["Read",]\n  }\n}', 'a trailing comma', 3],
    ['a comment', '{\n  // mine\n  "permissions": {}\n}', 'a comment', 2],
    ['text that is not JSON', 'permissions = 1', 'text that is not JSON', 1],
  ])('C001: a file with %s is ignored whole, at its position', (_name, text, what, line) => {
    const f = readSettingsFile({ scope: 'project', path: project, text });
    expect(f.used).toBe(false);
    expect(f.rules).toEqual([]);
    const d = f.diagnostics[0];
    expect([d?.code, d?.severity, d?.range.start.line]).toEqual(['C001', 'error', line]);
    expect(d?.message).toContain(what);
    expect(d?.message).toContain('Claude Code ignores the whole file');
  });
  it('C001 near miss: strict JSON with duplicate keys is read (JSON.parse keeps the last)', () => {
    const f = readSettingsFile({ scope: 'project', path: project, text: '{"permissions": {"allow": ["Read"], "allow": ["Edit"]}}' });
    expect(f.diagnostics).toEqual([]);
    expect(f.rules.map((r) => r.source.text)).toEqual(['Edit']);
  });
  it('C002: a rule list that is not an array, and a rule that is not a string, are skipped', () => {
    const f = readSettingsFile({ scope: 'project', path: project, text: '{"permissions": {"allow": "Read", "deny": ["Bash", 3]}}' });
    expect(f.diagnostics.map((d) => d.code)).toEqual(['C002', 'C002']);
    expect(f.rules.map((r) => r.source.text)).toEqual(['Bash']);
  });
  it('C002 near miss: other top-level settings are not reported', () => {
    expect(readSettingsFile({ scope: 'project', path: project, text: '{"model": "x", "permissions": {"allow": []}}' }).diagnostics).toEqual([]);
  });
  it('C060: an unknown defaultMode is ignored; near miss: a known one is read', () => {
    expect(readSettingsFile({ scope: 'user', path: user, text: '{"permissions": {"defaultMode": "yolo"}}' }).diagnostics.map((d) => d.code)).toEqual(['C060']);
    expect(readSettingsFile({ scope: 'user', path: user, text: '{"permissions": {"defaultMode": "plan"}}' }).diagnostics).toEqual([]);
  });
});

describe('mergeSettings', () => {
  const file = (permissions: object, extra: object = {}) => JSON.stringify({ permissions, ...extra });
  it('keeps every rule with its scope, higher scopes first within a list', () => {
    const p = mergeSettings([
      { scope: 'user', path: user, text: file({ allow: ['Bash(ls *)'] }) },
      { scope: 'project', path: project, text: file({ allow: ['Bash(npm *)'] }) },
      { scope: 'local', path: local, text: file({ allow: ['Bash(git *)'] }) },
    ]);
    expect(p.rules.map((r) => [r.source.scope, r.source.text])).toEqual([
      ['local', 'Bash(git *)'],
      ['project', 'Bash(npm *)'],
      ['user', 'Bash(ls *)'],
    ]);
  });
  it('a deny in the lowest scope still beats an allow in the highest (lists merge, deny first)', () => {
    const p = mergeSettings([
      { scope: 'user', path: user, text: file({ deny: ['Bash(curl *)'] }) },
      { scope: 'managed', path: '/etc/claude-code/managed-settings.json', text: file({ allow: ['Bash(curl *)'] }) },
    ]);
    const d = decide(p, { name: 'Bash', input: { command: 'curl x' } }, CTX);
    expect([d.decision, d.rule?.scope]).toEqual(['deny', 'user']);
  });
  it('defaultMode comes from the highest scope that sets it', () => {
    const p = mergeSettings([
      { scope: 'user', path: user, text: file({ defaultMode: 'plan' }) },
      { scope: 'local', path: local, text: file({ defaultMode: 'acceptEdits' }) },
      { scope: 'project', path: project, text: file({ defaultMode: 'dontAsk' }) },
    ]);
    expect([p.defaultMode?.value, p.defaultMode?.scope]).toEqual(['acceptEdits', 'local']);
  });
  it('managed-settings.d drop-ins are read after managed-settings.json, in file-name order; the last mode wins', () => {
    const p = mergeSettings([
      { scope: 'managed', path: '/etc/claude-code/managed-settings.d/20-b.json', text: file({ defaultMode: 'plan', deny: ['Bash(b)'] }) },
      { scope: 'managed', path: '/etc/claude-code/managed-settings.json', text: file({ defaultMode: 'default', deny: ['Bash(base)'] }) },
      { scope: 'managed', path: '/etc/claude-code/managed-settings.d/10-a.json', text: file({ deny: ['Bash(a)'] }) },
    ]);
    expect(p.rules.map((r) => r.source.text)).toEqual(['Bash(base)', 'Bash(a)', 'Bash(b)']);
    expect(p.defaultMode?.value).toBe('plan');
  });
  it('--allowedTools and --disallowedTools are command-line allow and deny rules with columns', () => {
    const p = mergeSettings([
      { scope: 'cli', path: '--allowedTools', text: 'Bash(git log *) Read' },
      { scope: 'cli', path: '--disallowedTools', text: 'Bash(git push *),WebFetch' },
    ]);
    expect(p.rules.map((r) => [r.source.list, r.source.text, r.source.col])).toEqual([
      ['allow', 'Bash(git log *)', 1],
      ['allow', 'Read', 17],
      ['deny', 'Bash(git push *)', 1],
      ['deny', 'WebFetch', 18],
    ]);
  });
  it('a leading / in a command-line path rule is relative to the directory Claude Code started in', () => {
    const p = mergeSettings([{ scope: 'cli', path: '--disallowedTools', text: 'Edit(/src/**)' }], ROOT);
    expect(decide(p, { name: 'Edit', input: { file_path: `${ROOT}/src/a.ts` } }, CTX).decision).toBe('deny');
    expect(decide(p, { name: 'Edit', input: { file_path: '/src/a.ts' } }, CTX).decision).toBe('ask');
  });
  it('--settings JSON is the command-line scope, above local', () => {
    const p = mergeSettings([
      { scope: 'local', path: local, text: file({ defaultMode: 'plan' }) },
      { scope: 'cli', path: '--settings', text: file({ defaultMode: 'acceptEdits' }) },
    ]);
    expect(p.defaultMode?.scope).toBe('cli');
  });
  it('allowManagedPermissionRulesOnly in managed settings leaves the other scopes\' rules out', () => {
    const p = mergeSettings([
      { scope: 'managed', path: '/etc/claude-code/managed-settings.json', text: file({ allow: ['Read'] }, { allowManagedPermissionRulesOnly: true }) },
      { scope: 'project', path: project, text: file({ allow: ['Bash'] }) },
    ]);
    expect(p.rules.map((r) => r.source.text)).toEqual(['Read']);
    expect(p.excluded.map((r) => r.source.text)).toEqual(['Bash']);
  });
  it('an ignored file contributes nothing but its C001', () => {
    const p = mergeSettings([
      { scope: 'project', path: project, text: '{"permissions": {"deny": ["Bash"],}}' },
      { scope: 'user', path: user, text: file({ allow: ['Bash(ls *)'] }) },
    ]);
    expect(p.rules.map((r) => r.source.text)).toEqual(['Bash(ls *)']);
    expect(p.diagnostics.map((d) => [d.code, d.file])).toEqual([['C001', project]]);
  });
  it('a leading / is relative to the project root of the file that holds the rule', () => {
    const p = mergeSettings([{ scope: 'user', path: user, text: file({ deny: ['Read(/notes/**)'] }) }]);
    const d = (file_path: string) => decide(p, { name: 'Read', input: { file_path } }, CTX).decision;
    expect([d('/home/alice/notes/a.md'), d(`${ROOT}/notes/a.md`)]).toEqual(['deny', 'allow']);
  });
  it('rejects an input that is not {scope, path, text}', () => {
    expect(() => mergeSettings([{ scope: 'team' as 'user', path: 'x', text: '{}' }])).toThrow();
  });
});
