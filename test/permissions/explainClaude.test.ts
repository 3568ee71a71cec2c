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
import type { RecordedOutcome } from '../../src/core/permissions/claude/agreement.ts';

const PROJECT = '/home/me/app/.claude/settings.json';
const SETTINGS = JSON.stringify({ permissions: { allow: ['Bash(npm test *)', 'Read(src/**)'], ask: ['Bash(git push *)'] } }, null, 2);

function explained(calls: { tool: string; args: object; consent?: string }[], recorded?: RecordedOutcome): string[] {
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
      const x = explainDecision(d, { agent, settings, state: replay.snapshot(), ...(item.kind === 'event' ? { event: item.event } : {}), ...(recorded ? { recorded } : {}) });
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

  it('say a call the transcript records as rejected did not run, though the rules let it (review13 #2)', () => {
    const [npm] = explained([{ tool: 'Bash', args: { command: 'npm test' } }], 'rejected');
    expect(npm).toContain('These rules let `Bash` run without a prompt');
    expect(npm).toContain('In the session the user rejected it, so it did not run.');
    expect(npm).not.toContain('ran without a prompt');
    const [push] = explained([{ tool: 'Bash', args: { command: 'git push origin main' }, consent: 'approve_once' }], 'rejected');
    expect(push).toContain('These rules ask before `Bash`');
    expect(push).not.toContain('the answer was yes');
    const [failed] = explained([{ tool: 'Bash', args: { command: 'npm test' } }], 'error');
    expect(failed).toContain('ran without a prompt (it returned an error)');
  });
});
