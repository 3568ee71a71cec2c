/**
 * Explanations of calls the `claude` profile let run, in Claude Code's terms (review of 2026-11-29:
 * the Claude Code walk-through said "a ContinueLoop rule keeps the loop going", Pattern's words for
 * a rule Claude Code does not have): the allow rule and where it is written, Claude Code's default,
 * or the prompt and its answer.
 */
import { describe, expect, it } from 'vitest';
import { loadRuleFile } from '../../src/core/codecs/load.ts';
import { prepareSimulation } from '../../src/core/simulate.ts';
import { createReplay } from '../../src/core/engine/replay.ts';
import { explainDecision } from '../../src/core/simulator/explain.ts';
import { readTrace } from '../../src/core/traces/index.ts';

const PROJECT = '/home/me/app/.claude/settings.json';
const SETTINGS = JSON.stringify({ permissions: { allow: ['Bash(npm test *)', 'Read(src/**)'], ask: ['Bash(git push *)'] } }, null, 2);

function explained(calls: { tool: string; args: object; consent?: string }[]): string[] {
  const prepared = prepareSimulation([loadRuleFile(PROJECT, SETTINGS)]);
  const agent = prepared.agent;
  if (!agent) throw new Error('no agent');
  const settings = { profile: 'claude' as const };
  const replay = createReplay({ agent, settings });
  const trace = calls.map((c, i) => JSON.stringify({ type: 'tool_call', time: `2026-01-01T00:00:0${i}Z`, tool: c.tool, args: c.args, ...(c.consent ? { consent: c.consent } : {}) })).join('\n');
  const out: string[] = [];
  for (const item of readTrace('t.jsonl', trace).items) {
    const ds = replay.push(item);
    for (const d of ds) {
      const x = explainDecision(d, { agent, settings, state: replay.snapshot(), ...(item.kind === 'event' ? { event: item.event } : {}) });
      out.push([x.title, x.summary, ...x.details].join('\n'));
    }
  }
  return out;
}

describe('explanations under profile claude', () => {
  it('name the allow rule and where it is written, never a ContinueLoop rule', () => {
    const [npm, read, grep] = explained([
      { tool: 'Bash', args: { command: 'npm test -- --watch=false' } },
      { tool: 'Read', args: { file_path: '/home/me/app/src/index.ts' } },
      { tool: 'Grep', args: { pattern: 'x' } },
    ]);
    expect(npm).toContain('ran without a prompt');
    expect(npm).toContain('allow rule `Bash(npm test *)` matches');
    expect(npm).toMatch(/settings\.json:\d+:\d+ \(project settings\)/);
    expect(read).toContain('allow rule `Read(src/**)` matches');
    expect(grep).toContain('reads in the working directories need no approval');
    for (const text of [npm, read, grep]) expect(text).not.toContain('ContinueLoop');
  });

  it('say a prompted call ran because the answer was yes', () => {
    const [push] = explained([{ tool: 'Bash', args: { command: 'git push origin main' }, consent: 'approve_once' }]);
    expect(push).toContain('ran after a prompt');
    expect(push).toContain('ask rule `Bash(git push *)` matches');
    expect(push).toContain('the answer was yes');
  });
});
