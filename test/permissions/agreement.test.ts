/**
 * What a transcript records beside what the rules decide (issue 23, item 4): a call the user
 * rejected, one that failed, one that ran; where the rules part ways with the session, it says so.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { agreementOf, agreementText, createAgreementTracker, DISAGREEMENT_TEXT, recordedCallOf, recordedOutcomes } from '../../src/core/permissions/claude/agreement.ts';
import { loadRuleFile } from '../../src/core/codecs/load.ts';
import { prepareSimulation } from '../../src/core/simulate.ts';
import { createReplay } from '../../src/core/engine/replay.ts';
import { readTrace } from '../../src/core/traces/index.ts';
import { runCli } from '../cli/harness.ts';

const SHORT = resolve('test/data/claude-transcripts/short.jsonl');
const CWD = '/home/me/app';
const SETTINGS = `${CWD}/.claude/settings.json`;

const assistant = (i: number, id: string, name: string, input: object) =>
  JSON.stringify({ type: 'assistant', timestamp: `2026-01-01T00:00:0${i}Z`, message: { content: [{ type: 'tool_use', id, name, input }] } });
const result = (id: string, content: string, isError = false) => JSON.stringify({ type: 'user', message: { content: [{ type: 'tool_result', tool_use_id: id, content, ...(isError ? { is_error: true } : {}) }] } });
const REJECT = "The user doesn't want to proceed with this tool use. The tool use was rejected (eg. if it was a file edit, the new_string was NOT written to the file).";

/** Replays a transcript under settings and compares. */
function compare(settings: string, transcript: string) {
  const prepared = prepareSimulation([loadRuleFile(SETTINGS, settings)]);
  const replay = createReplay({ ...(prepared.agent ? { agent: prepared.agent } : {}), settings: { cwd: CWD } });
  const tracker = createAgreementTracker(recordedOutcomes(transcript));
  let index = 0;
  for (const item of readTrace('t.jsonl', transcript).items) {
    const ds = replay.push(item);
    if (item.kind === 'event') tracker.observe(item.event, index++, ds);
  }
  return tracker.summary();
}

describe('recorded outcomes', () => {
  it('reads a rejection, an error and a result per tool_use id (marot/spotter short.jsonl has two rejections)', () => {
    const rec = recordedOutcomes(readFileSync(SHORT, 'utf8'));
    expect([...rec.values()].filter((o) => o === 'rejected')).toHaveLength(2);
    expect(recordedOutcomes([result('a', REJECT, true), result('b', 'Exit code 1', true), result('c', 'ok'), 'not json tool_result'].join('\n'))).toEqual(
      new Map([
        ['a', 'rejected'],
        ['b', 'error'],
        ['c', 'ran'],
      ]),
    );
  });
});

describe('agreement of the rules with the session', () => {
  const transcript = [
    assistant(1, 'a', 'Bash', { command: 'git push origin main' }),
    result('a', REJECT, true),
    assistant(2, 'b', 'Bash', { command: 'npm test' }),
    result('b', REJECT, true),
    assistant(3, 'c', 'Bash', { command: 'rm -rf dist' }),
    result('c', ''),
    assistant(4, 'd', 'Bash', { command: 'curl x.dev' }),
    result('d', REJECT, true),
  ].join('\n');

  it('a rejection the rules prompt for agrees; one they allow, or deny, does not; a call that ran but is denied does not', () => {
    const s = compare(JSON.stringify({ permissions: { ask: ['Bash(git push *)'], allow: ['Bash(npm test *)'], deny: ['Bash(rm *)', 'Bash(curl *)'] } }), transcript);
    expect({ compared: s.compared, rejected: s.rejected, asked: s.rejectedAsked }).toEqual({ compared: 4, rejected: 3, asked: 1 });
    expect(s.disagreements.map((d) => [d.id, d.kind])).toEqual([
      ['b', 'rules-allow-rejected'],
      ['c', 'rules-deny-ran'],
      ['d', 'rules-deny-rejected'],
    ]);
    expect(agreementText(s)).toContain('event 2 Bash (b): the rules allow it without a prompt, but the user rejected it');
  });

  it('simulate prints the comparison on stderr, the decisions on stdout stay JSONL', async () => {
    const r = await runCli(['simulate', SETTINGS, '--trace', SHORT], { [SETTINGS]: JSON.stringify({ permissions: {} }) });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('2 rejected by the user (at a prompt, or interrupted); the rules prompt for 2 of them.');
    for (const line of r.stdout.trim().split('\n')) expect(() => JSON.parse(line) as unknown).not.toThrow();
  });
});

describe('agreementOf: one call, as the presenter and the Step view say it', () => {
  const T = '2026-01-01T00:00:00.000Z';
  const allowed = { seq: 0, event: 0, time: T, kind: 'allowed', tool: 'Bash', outcome: 'ok', flow: 'continue' } as const;
  const asked = { ...allowed, consent: { granted: true } } as unknown as typeof allowed;
  const denied = { seq: 0, event: 0, time: T, kind: 'denied', tool: 'Bash', code: 'PermissionDenied', rule: 1, message: 'deny rule `Bash(rm:*)`' } as const;
  it('a rejection the rules would not ask about parts ways; one they ask about agrees', () => {
    expect(agreementOf(allowed as never, 'rejected')).toBe('rules-allow-rejected');
    expect(agreementOf(asked as never, 'rejected')).toBe('agree');
    expect(agreementOf(denied as never, 'rejected')).toBe('rules-deny-rejected');
  });
  it('a call that ran parts ways only where the rules deny it outright', () => {
    expect(agreementOf(allowed as never, 'ran')).toBe('agree');
    expect(agreementOf(denied as never, 'ran')).toBe('rules-deny-ran');
    expect(DISAGREEMENT_TEXT['rules-allow-rejected']).toMatch(/^the rules allow it without a prompt, but the user rejected it/);
  });
});

describe('recordedCallOf: what the worker sends beside an explanation', () => {
  const T = '2026-01-01T00:00:00.000Z';
  const allowed = { seq: 0, event: 0, time: T, kind: 'allowed', tool: 'Bash', outcome: 'ok', flow: 'continue' } as const;
  const call = (id: string | undefined, tool = 'Bash') => ({ type: 'tool_call', time: T, tool, args: {}, ...(id ? { id } : {}) }) as never;
  const recorded = new Map([
    ['a', 'rejected'],
    ['b', 'ran'],
  ] as const);
  it('says how the session differs, or only what it recorded where they agree', () => {
    expect(recordedCallOf(allowed as never, call('a'), recorded)).toEqual({ outcome: 'rejected', differs: `The session differs: ${DISAGREEMENT_TEXT['rules-allow-rejected']}.` });
    expect(recordedCallOf(allowed as never, call('b'), recorded)).toEqual({ outcome: 'ran' });
  });
  it('nothing for a call the transcript did not record, a call without id, another tool, or no transcript', () => {
    expect(recordedCallOf(allowed as never, call('z'), recorded)).toBeUndefined();
    expect(recordedCallOf(allowed as never, call(undefined), recorded)).toBeUndefined();
    expect(recordedCallOf(allowed as never, call('a', 'Read'), recorded)).toBeUndefined();
    expect(recordedCallOf(allowed as never, call('a'), undefined)).toBeUndefined();
  });
});
