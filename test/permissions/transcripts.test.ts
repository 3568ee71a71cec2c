/**
 * `decide` on the call shapes Claude Code's transcripts record. The inline inputs are copied from
 * marot/spotter's transcript fixtures (`test/fixtures/transcripts/*.jsonl`, snapshot
 * 2026-02-12, MIT; `$RULE_STUDIO_UPSTREAM/marot-spotter`); the last test replays every `tool_use`
 * of those fixtures when the directory is present.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { decide, mergeSettings } from '../../src/core/permissions/claude/index.ts';

const CWD = '/home/USER/projects/spotter-worktrees/spotter-dov';
const ctx = { cwd: CWD, home: '/home/USER' };
const settings = (permissions: object) => mergeSettings([{ scope: 'project', path: `${CWD}/.claude/settings.json`, text: JSON.stringify({ permissions }) }], CWD);

describe('transcript call shapes (marot/spotter fixtures)', () => {
  const p = settings({ allow: ['Bash(bd *)', 'Skill(elixir:*)', 'WebFetch(domain:hex.pm)'], deny: ['Agent(Explore)'] });
  const cases: [string, string, Record<string, unknown>, string][] = [
    ['Bash command', 'Bash', { command: 'bd show spotter-dov', description: 'Show spotter-dov issue details' }, 'allow'],
    ['Read file_path', 'Read', { file_path: `${CWD}/lib/spotter_web/live/session_live.ex` }, 'allow'],
    ['Glob pattern, no path', 'Glob', { pattern: '**/*session_live.html.heex' }, 'allow'],
    ['Grep pattern, no path', 'Grep', { pattern: 'TranscriptSelection|TranscriptHighlighter', output_mode: 'files_with_matches' }, 'allow'],
    ['Write file_path', 'Write', { file_path: `${CWD}/lib/spotter_web/live/transcript_computers.ex`, content: 'defmodule X do\nend\n' }, 'ask'],
    ['Edit file_path', 'Edit', { replace_all: false, file_path: `${CWD}/lib/a.ex`, old_string: 'a', new_string: 'b' }, 'ask'],
    ['Task subagent_type', 'Task', { subagent_type: 'Explore', description: 'Explore transcript rendering codebase', prompt: '…' }, 'deny'],
    ['Skill skill', 'Skill', { skill: 'elixir:hex-docs-search', args: 'opentelemetry_bandit setup' }, 'allow'],
    ['WebFetch url', 'WebFetch', { url: 'https://hex.pm/packages/opentelemetry_api', prompt: 'What is the latest stable version?' }, 'allow'],
    ['WebSearch query', 'WebSearch', { query: 'hex.pm opentelemetry_api elixir latest version 2026' }, 'ask'],
    ['TaskOutput', 'TaskOutput', { task_id: 'b7636e2', block: true, timeout: 180000 }, 'allow'],
    ['EnterPlanMode', 'EnterPlanMode', {}, 'allow'],
    ['ExitPlanMode', 'ExitPlanMode', { allowedPrompts: [{ tool: 'Bash', prompt: 'run mix test' }] }, 'ask'],
  ];
  it.each(cases)('%s', (_name, name, input, want) => {
    expect(decide(p, { name, input }, ctx).decision).toBe(want);
  });
});

describe('bad input', () => {
  it('a call without input is judged with an empty input', () => expect(decide(settings({}), { name: 'Bash' }, ctx).decision).toBe('ask'));
  it('a relative cwd is refused', () => expect(() => decide(settings({}), { name: 'Read', input: {} }, { cwd: 'x', home: '/h' })).toThrow());
  it('a 90,000-character compound command is split into every part and judged (its time is in the bench, not here)', () => {
    const command = 'ls && '.repeat(15_000) + 'rm x';
    const d = decide(settings({ allow: ['Bash(ls *)'] }), { name: 'Bash', input: { command } }, ctx);
    expect([d.decision, d.parts?.length]).toEqual(['ask', 15_001]);
  });
  it('a command over 100,000 characters is never approved by an allow rule (it is not split)', () => {
    const command = 'ls && '.repeat(20_000) + 'rm x';
    expect(decide(settings({ allow: ['Bash(ls *)'] }), { name: 'Bash', input: { command } }, ctx).decision).toBe('ask');
    expect(decide(settings({ allow: ['Bash(ls *)'], deny: ['Bash(ls *)'] }), { name: 'Bash', input: { command } }, ctx).decision).toBe('deny');
  });
});

const dir = resolve(process.env['RULE_STUDIO_UPSTREAM'] ?? '../shared/upstream', 'marot-spotter/test/fixtures/transcripts');
let files: string[] = [];
try {
  files = readdirSync(dir).filter((f) => f.endsWith('.jsonl'));
} catch {
  files = [];
}
if (files.length === 0) console.warn(`skipped: no transcripts in ${dir} (set RULE_STUDIO_UPSTREAM to a directory holding marot-spotter/)`);

describe.skipIf(files.length === 0)('every tool_use of the upstream transcripts', () => {
  it('gets a decision; reads in the project run, a bare Bash deny denies every command', () => {
    const open = settings({});
    const closed = settings({ deny: ['Bash'] });
    let calls = 0;
    for (const f of files) {
      for (const line of readFileSync(resolve(dir, f), 'utf8').split('\n')) {
        if (!line.includes('"tool_use"')) continue;
        const ev = JSON.parse(line) as { cwd?: string; message?: { content?: unknown } };
        const content = Array.isArray(ev.message?.content) ? (ev.message.content as { type?: string; name?: string; input?: Record<string, unknown> }[]) : [];
        for (const block of content) {
          if (block.type !== 'tool_use' || !block.name) continue;
          const c = { cwd: ev.cwd ?? CWD, home: '/home/USER' };
          const call = { name: block.name, input: block.input ?? {} };
          const d = decide(open, call, c);
          expect(['allow', 'ask', 'deny']).toContain(d.decision);
          const path = call.input['file_path'];
          if (block.name === 'Read' && typeof path === 'string' && path.startsWith(c.cwd + '/')) expect(d.decision).toBe('allow');
          if (block.name === 'Bash') expect(decide(closed, call, c).decision).toBe('deny');
          calls++;
        }
      }
    }
    expect(calls).toBeGreaterThan(100);
  });
});
