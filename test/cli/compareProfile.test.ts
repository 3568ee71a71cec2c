import { describe, expect, it } from 'vitest';
import { runCli } from './harness.ts';

const agent = 'name = "a"\n\n[[tool_rules]]\ntool_name = "report"\nrule_type = { type = "RequiresPrecedingTools" }\nconditions = ["fetch", "parse"]\n\n[[tool_rules]]\ntool_name = "done"\nrule_type = { type = "ExitLoop" }\n';
const trace = [
  '{"type":"tool_call","time":"2025-01-01T10:00:00Z","tool":"fetch"}',
  '{"type":"tool_call","time":"2025-01-01T10:00:01Z","tool":"report"}',
  '{"type":"tool_call","time":"2025-01-01T10:00:02Z","tool":"done"}',
  '{"type":"tool_call","time":"2025-01-01T10:00:03Z","tool":"fetch","args":{"n":1}}',
].join('\n');

describe('cli simulate --compare-profile', () => {
  it('prints one JSONL line per difference with its reason, then a summary line', async () => {
    const r = await runCli(['simulate', 'a.toml', '--trace', 't.jsonl', '--compare-profile', 'pattern'], { 'a.toml': agent, 't.jsonl': trace });
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    const lines = r.stdout.trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines.map((l) => [l['event'], l['change'], l['cause']])).toEqual([
      [1, 'changed', 'prerequisites-message'],
      [3, 'changed', 'calls-after-exit'],
      [undefined, undefined, undefined],
    ]);
    expect(lines[0]).toMatchObject({
      profiles: ['spec', 'pattern'],
      fields: ['message'],
      before: { kind: 'blocked', message: 'Tool report cannot be executed: prerequisites ["parse"] not met. Executed tools: ["fetch"]' },
      after: { kind: 'blocked', message: 'Tool report cannot be executed: prerequisites ["fetch", "parse"] not met. Executed tools: ["fetch"]' },
    });
    expect(lines[1]).toMatchObject({ before: { kind: 'ignored', tool: 'fetch' }, after: { kind: 'allowed', tool: 'fetch', flow: 'exit' } });
    expect(lines[2]).toEqual({ summary: { profiles: ['spec', 'pattern'], changed: 2, added: 0, removed: 0, unchanged: 3 } });
  });

  it('compares from --profile, and a profile the same as it gives only the summary', async () => {
    const files = { 'a.toml': agent, 't.jsonl': trace };
    const back = await runCli(['simulate', 'a.toml', '--trace', 't.jsonl', '--profile', 'pattern', '--compare-profile', 'spec'], files);
    expect(JSON.parse(back.stdout.trim().split('\n')[0] ?? '{}')).toMatchObject({ profiles: ['pattern', 'spec'], before: { message: expect.stringContaining('["fetch", "parse"]') } });
    const same = await runCli(['simulate', 'a.toml', '--trace', 't.jsonl', '--compare-profile', 'spec'], files);
    expect(same.stdout.trim()).toBe('{"summary":{"profiles":["spec","spec"],"changed":0,"added":0,"removed":0,"unchanged":5}}');
  });

  it('refuses an unknown profile', async () => {
    const r = await runCli(['simulate', 'a.toml', '--trace', 't.jsonl', '--compare-profile', 'patern'], { 'a.toml': agent, 't.jsonl': trace });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('did you mean pattern?');
  });
});
