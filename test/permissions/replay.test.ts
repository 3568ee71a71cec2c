/**
 * Claude Code's permission rules as a profile of the one engine (issue 23, item 4): settings files
 * load as an agent of family `claude`, and the replay decides every tool call as `decide` does —
 * deny refuses with the rule, ask prompts (the recorded or default answer decides), allow runs —
 * over scripted traces and real transcripts (marot/spotter, `test/data/claude-transcripts/`).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadRuleFile } from '../../src/core/codecs/load.ts';
import { prepareSimulation } from '../../src/core/simulate.ts';
import { createReplay } from '../../src/core/engine/replay.ts';
import type { Decision } from '../../src/core/engine/decisions.ts';
import type { ReplaySettingsInput } from '../../src/core/engine/settings.ts';
import { readTrace } from '../../src/core/traces/index.ts';
import { decide, mergeSettings } from '../../src/core/permissions/claude/index.ts';
import { scopeOfPath } from '../../src/core/codecs/read/claudeSettings.ts';
import { runCli } from '../cli/harness.ts';

const ROOT = '/home/me/app';
const PROJECT = `${ROOT}/.claude/settings.json`;
const json = (permissions: object, extra: object = {}) => JSON.stringify({ permissions, ...extra }, null, 2);

/** Replays a canonical trace of calls against settings files; returns the decisions of the calls. */
function replay(files: Record<string, string>, calls: { tool: string; args?: object; consent?: string }[], settings: ReplaySettingsInput = {}): Decision[] {
  const prepared = prepareSimulation(Object.entries(files).map(([p, t]) => loadRuleFile(p, t)));
  expect(prepared.runnable).toBe(true);
  const r = createReplay({ ...(prepared.agent ? { agent: prepared.agent } : {}), settings });
  const trace = calls.map((c, i) => JSON.stringify({ type: 'tool_call', time: `2026-01-01T00:00:${String(i).padStart(2, '0')}Z`, tool: c.tool, args: c.args ?? {}, ...(c.consent ? { consent: c.consent } : {}) })).join('\n');
  return readTrace('t.jsonl', trace).items.flatMap((item) => r.push(item));
}

describe('settings files load as a Claude Code agent', () => {
  it('by name, even when Claude Code would ignore the file (C001 at its place, not F001)', () => {
    const f = loadRuleFile(PROJECT, '{ "permissions": { "allow": ["Bash(ls *)"], } }');
    expect(f.agents.map((a) => [a.name, a.family, a.claudeSettings?.[0]?.scope])).toEqual([['claude-code', 'claude', 'project']]);
    const p = prepareSimulation([f]);
    expect(p.diagnostics.map((d) => [d.code, d.severity, d.range.start.line])).toEqual([['C001', 'error', 1]]);
    expect(p.diagnostics[0]?.message).toContain('trailing comma');
  });
  it('by content: any JSON object with a permissions object', () => {
    expect(loadRuleFile('perms.json', json({ deny: ['WebFetch'] })).agents[0]?.family).toBe('claude');
    expect(loadRuleFile('other.json', '{"permission": {}}').agents).toEqual([]);
  });
  it('the scope comes from where the file sits', () => {
    expect(['/etc/claude-code/managed-settings.json', '/etc/claude-code/managed-settings.d/10-a.json', `${ROOT}/.claude/settings.local.json`, '/home/me/.claude/settings.json', '~/.claude/settings.json', PROJECT, 'team.json'].map(scopeOfPath)).toEqual([
      'managed',
      'managed',
      'local',
      'user',
      'user',
      'project',
      'project',
    ]);
  });
});

describe('the claude profile of the engine', () => {
  const files = {
    [PROJECT]: json({ allow: ['Bash(npm test *)', 'Bash(git status)', 'WebFetch(domain:docs.rs)'], ask: ['Bash(git push *)'], deny: ['Bash(rm *)', 'Read(./.env)'] }),
  };

  it('deny refuses the call and names the rule by its place in the merged policy and its file:line:col', () => {
    const [d] = replay(files, [{ tool: 'Bash', args: { command: 'rm -rf build' } }]);
    const policy = mergeSettings([{ scope: 'project', path: PROJECT, text: files[PROJECT] as string }]);
    expect(d).toMatchObject({ kind: 'denied', tool: 'Bash', code: 'PermissionDenied', rule: policy.rules.findIndex((r) => r.source.text === 'Bash(rm *)') });
    expect(d && 'message' in d ? d.message : '').toBe('Claude Code denies Bash: deny rule `Bash(rm *)` matches (rule #5, /home/me/app/.claude/settings.json:12:7, project settings).');
  });

  it('allow runs without a prompt; ask prompts and the default answer approves once', () => {
    const ds = replay(files, [
      { tool: 'Bash', args: { command: 'npm test -- --watch=false' } },
      { tool: 'Bash', args: { command: 'git push origin main' } },
      { tool: 'WebFetch', args: { url: 'https://docs.rs/regex' } },
      { tool: 'Read', args: { file_path: `${ROOT}/src/main.ts` } },
    ]);
    expect(ds.map((d) => [d.kind, 'consent' in d ? d.consent : undefined])).toEqual([
      ['allowed', undefined],
      ['allowed', 'approve_once'],
      ['allowed', undefined],
      ['allowed', undefined],
    ]);
  });

  it('a recorded no to a prompt is a denial that names the ask rule', () => {
    const [d] = replay(files, [{ tool: 'Bash', args: { command: 'git push origin main' }, consent: 'deny' }]);
    expect(d).toMatchObject({ kind: 'denied', code: 'PermissionDenied' });
    expect(d && 'message' in d ? d.message : '').toBe('Claude Code asks before Bash runs (ask rule `Bash(git push *)` matches (rule #4, /home/me/app/.claude/settings.json:9:7, project settings)) and the answer was no.');
  });

  it('a compound command is judged per part: `npm test && rm x` is denied by the rm part', () => {
    const [a, b] = replay(files, [{ tool: 'Bash', args: { command: 'npm test && rm x' } }, { tool: 'Bash', args: { command: 'npm test && curl example.com' } }]);
    expect(a?.kind).toBe('denied');
    expect([b?.kind, b && 'consent' in b ? b.consent : undefined]).toEqual(['allowed', 'approve_once']);
  });

  it('a deny in the user file beats an allow in managed settings (lists merge; deny first)', () => {
    const ds = replay({ '/etc/claude-code/managed-settings.json': json({ allow: ['WebFetch'] }), '/home/me/.claude/settings.json': json({ deny: ['WebFetch'] }) }, [{ tool: 'WebFetch', args: { url: 'https://x.dev' } }]);
    expect(ds[0]?.kind).toBe('denied');
  });

  it('the permission mode setting: dontAsk denies what would prompt, bypassPermissions approves it', () => {
    const call = [{ tool: 'Edit', args: { file_path: `${ROOT}/a.ts`, old_string: 'a', new_string: 'b' } }];
    expect(replay(files, call, { permissionMode: 'dontAsk' })[0]?.kind).toBe('denied');
    expect(replay(files, call, { permissionMode: 'bypassPermissions' })[0]).toMatchObject({ kind: 'allowed' });
    expect(replay(files, call, { permissionMode: 'acceptEdits' })[0]).not.toHaveProperty('consent');
  });

  it('no dedupe: the same call twice is judged twice, as Claude Code does', () => {
    const ds = replay(files, [{ tool: 'Bash', args: { command: 'git status' } }, { tool: 'Bash', args: { command: 'git status' } }]);
    expect(ds.map((d) => d.kind)).toEqual(['allowed', 'allowed']);
  });
});

/** The committed real transcripts, and the shared folder's large ones when present. */
function transcripts(): string[] {
  const own = resolve('test/data/claude-transcripts');
  const shared = resolve(process.env['RULE_STUDIO_UPSTREAM'] ?? '../shared/upstream', 'marot-spotter/test/fixtures/transcripts');
  const list = (dir: string) => {
    try {
      return readdirSync(dir).filter((f) => f.endsWith('.jsonl')).map((f) => resolve(dir, f));
    } catch {
      return [];
    }
  };
  const mine = list(own);
  return [...mine, ...list(shared).filter((f) => !mine.some((m) => m.endsWith(f.slice(f.lastIndexOf('/')))))];
}

describe('real transcripts (marot/spotter) under a sample policy', () => {
  const CWD = '/home/USER/projects/spotter-worktrees/spotter-dov';
  const settings = json({ allow: ['Bash(bd *)', 'Bash(mix test *)', 'Skill(elixir:*)', 'WebFetch(domain:hex.pm)'], ask: ['Bash(git push *)'], deny: ['Agent(Explore)'] });
  const agentFiles = [loadRuleFile(`${CWD}/.claude/settings.json`, settings)];

  it.each(transcripts().map((f) => [f.slice(f.lastIndexOf('/') + 1), f]))('%s: every call decided as decide() decides it, none not_found', (_name, path) => {
    const prepared = prepareSimulation(agentFiles);
    const r = createReplay({ ...(prepared.agent ? { agent: prepared.agent } : {}), settings: { cwd: CWD, home: '/home/USER' } });
    const policy = mergeSettings([{ scope: 'project', path: `${CWD}/.claude/settings.json`, text: settings }], CWD);
    const items = readTrace(path, readFileSync(path, 'utf8')).items;
    let calls = 0;
    for (const item of items) {
      const ds = r.push(item);
      if (item.kind !== 'event' || item.event.type !== 'tool_call') continue;
      calls++;
      const call = ds.find((d) => d.kind !== 'exit');
      const want = decide(policy, { name: item.event.tool, input: item.event.args }, { cwd: CWD, home: '/home/USER' }).decision;
      const got = call?.kind === 'denied' ? 'deny' : call?.kind === 'allowed' ? ('consent' in call && call.consent ? 'ask' : 'allow') : call?.kind;
      expect({ tool: item.event.tool, got }).toEqual({ tool: item.event.tool, got: want });
    }
    expect(calls).toBeGreaterThan(0);
  });
});

describe('rule-studio with Claude Code settings', () => {
  it('check reports a file Claude Code ignores, at its place, and exits 1', async () => {
    const r = await runCli(['check', PROJECT], { [PROJECT]: '{\n  "permissions": {\n    // mine\n    "allow": []\n  }\n}\n' });
    expect(r.code).toBe(1);
    expect(r.stdout + r.stderr).toMatch(/settings\.json:3:5.*C001/);
  });

  it('simulate replays a transcript under the settings, with --cwd and --permission-mode', async () => {
    const path = resolve('test/data/claude-transcripts/tool_heavy.jsonl');
    const files = { [PROJECT]: json({ deny: ['WebSearch'] }) };
    const plain = await runCli(['simulate', PROJECT, '--trace', path, '--cwd', ROOT], files);
    expect(plain.code, plain.stderr).toBe(0);
    const kinds = plain.stdout.trim().split('\n').map((l) => (JSON.parse(l) as Decision).kind);
    expect(kinds).toContain('denied');
    expect(kinds).not.toContain('not_found');
    const dontAsk = await runCli(['simulate', PROJECT, '--trace', path, '--permission-mode', 'dontAsk'], files);
    expect(dontAsk.stdout.trim().split('\n').map((l) => JSON.parse(l) as Decision).filter((d) => d.kind === 'denied').length).toBeGreaterThan(kinds.filter((k) => k === 'denied').length);
    const bad = await runCli(['simulate', PROJECT, '--trace', path, '--cwd', 'relative'], files);
    expect([bad.code, bad.stderr]).toEqual([2, expect.stringContaining('absolute path')]);
  });
});

describe('which files are Claude Code settings', () => {
  it('an editor’s settings.json with comments is not taken for Claude Code’s', () => {
    const f = loadRuleFile('.vscode/settings.json', '{\n  // editor\n  "editor.tabSize": 2\n}\n');
    expect(f.agents).toEqual([]);
    expect(f.diagnostics.map((d) => d.code)).toEqual(['F001']);
  });
});
