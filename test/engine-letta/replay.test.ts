/**
 * Whole traces replayed under profile `letta`: the same engine as every profile, with Letta's
 * allowed set deciding each call, its loop deciding the flow, and the step being the batch.
 */
import { describe, expect, it } from 'vitest';
import { createToolEngine } from '../../src/core/engine/tools/index.ts';
import { resolveSettings } from '../../src/core/engine/settings.ts';
import { call, ev, replay } from '../engine-tools/helpers.ts';
import { lettaAgent } from './helpers.ts';
import type { Decision } from '../../src/core/engine/decisions.ts';
import { lettaRefusal } from '../../src/core/simulator/explainLetta.ts';

const letta = { profile: 'letta' as const };

describe('profile letta: replay', () => {
  const agent = lettaAgent(
    ['plan', 'search', 'answer', 'save'],
    [
      { type: 'run_first', tool_name: 'plan' },
      { type: 'constrain_child_tools', tool_name: 'plan', children: ['search'] },
      { type: 'exit_loop', tool_name: 'answer' },
    ],
  );

  it('allows the run_first tool first and refuses another, naming the run_first rule', () => {
    const ds = replay(agent, [call('search', 0), call('plan', 1)], letta);
    expect(ds[0]).toMatchObject({ kind: 'blocked', tool: 'search', code: 'ToolConstraintError', rule: 0 });
    expect(ds[0]).toHaveProperty('message', "[ToolConstraintError] Cannot call search, valid tools include: ['plan'].");
    expect(ds[1]).toMatchObject({ kind: 'allowed', tool: 'plan', flow: 'continue' });
  });

  it('after the parent only the children: a refused call names the child rule and carries Letta\'s hints', () => {
    const ds = replay(agent, [call('plan', 0), call('answer', 1), call('search', 2), call('answer', 3)], letta);
    expect(ds[1]).toMatchObject({ kind: 'blocked', tool: 'answer', code: 'ToolConstraintError', rule: 1 });
    expect((ds[1] as { message: string }).message).toBe(
      "[ToolConstraintError] Cannot call answer, valid tools include: ['search'].\n** Hint: Possible rules that were violated:\n" +
        '\t- <tool_rule>\nAfter using plan, you must use one of these tools: search\n</tool_rule>\n' +
        '\t- <tool_rule>\nanswer ends your response (yields control) when called\n</tool_rule>',
    );
    expect(ds[2]).toMatchObject({ kind: 'allowed', tool: 'search', flow: 'continue' });
    expect(ds[3]).toMatchObject({ kind: 'allowed', tool: 'answer', flow: 'exit' });
    expect(ds[4]).toMatchObject({ kind: 'exit' });
  });

  it('a refused call is not registered: the run_first rule still applies to the next call', () => {
    const ds = replay(agent, [call('save', 0), call('save', 1), call('plan', 2)], letta);
    expect(ds.map((d) => d.kind)).toEqual(['blocked', 'blocked', 'allowed']);
  });

  it('a new batch (user message) is a new step: history cleared, run_first applies again', () => {
    const ds = replay(agent, [call('plan', 0), call('search', 1), ev('batch_start', 2), call('search', 3), call('plan', 4)], letta);
    expect(ds.map((d) => [d.kind, 'tool' in d ? d.tool : ''])).toEqual([
      ['allowed', 'plan'],
      ['allowed', 'search'],
      ['blocked', 'search'],
      ['allowed', 'plan'],
    ]);
  });

  it('a heartbeat continuation (process_start) keeps the step: the child rule still binds', () => {
    const ds = replay(agent, [call('plan', 0), ev('process_start', 1), call('answer', 2)], letta);
    expect(ds[1]).toMatchObject({ kind: 'blocked', tool: 'answer', rule: 1 });
  });

  it('calls after a terminal tool are ignored until the next batch', () => {
    const ds = replay(agent, [call('plan', 0), call('search', 1), call('answer', 2), call('save', 3), ev('batch_start', 4), call('plan', 5)], letta);
    expect(ds.map((d) => d.kind)).toEqual(['allowed', 'allowed', 'allowed', 'exit', 'ignored', 'allowed']);
  });

  it('identical calls are not deduplicated (Letta has no dedupe)', () => {
    const free = lettaAgent(['fetch'], []);
    const ds = replay(free, [call('fetch', 0), call('fetch', 1), call('fetch', 2)], letta);
    expect(ds.map((d) => d.kind)).toEqual(['allowed', 'allowed', 'allowed']);
    expect(replay(free, [call('fetch', 0), call('fetch', 1)], { profile: 'spec' }).map((d) => d.kind)).toEqual(['allowed', 'deduplicated']);
  });

  describe('conditional rules read the previous output', () => {
    const cond = lettaAgent(
      ['check', 'approve', 'reject', 'log'],
      [{ type: 'conditional', tool_name: 'check', child_output_mapping: { ok: 'approve', bad: 'reject' }, default_child: 'log' }],
    );
    it('the output picks the child; other tools name the conditional rule', () => {
      const ds = replay(cond, [call('check', 0, { output: 'bad' }), call('approve', 1), call('reject', 2)], letta);
      expect(ds[1]).toMatchObject({ kind: 'blocked', tool: 'approve', code: 'ToolConstraintError', rule: 0 });
      expect((ds[1] as { message: string }).message).toContain("valid tools include: ['reject']");
      // The refused call's error is now the last response: "bad" no longer applies, the default child does.
      expect(ds[2]).toMatchObject({ kind: 'blocked', tool: 'reject' });
      expect((ds[2] as { message: string }).message).toContain("valid tools include: ['log']");
    });
    it('an output matching no key gives the default child; keys match as exact strings', () => {
      const ds = replay(cond, [call('check', 0, { output: 'OK' }), call('log', 1)], letta);
      expect(ds[1]).toMatchObject({ kind: 'allowed', tool: 'log' });
    });
    it('without a recorded output the message is empty: the default child', () => {
      const ds = replay(cond, [call('check', 0), call('approve', 1)], letta);
      expect((ds[1] as { message: string }).message).toContain("valid tools include: ['log']");
    });
    it('require_output_mapping with no match leaves nothing: every tool is offered (error_on_empty false), or the call is refused', () => {
      const strict = lettaAgent(['check', 'approve'], [{ type: 'conditional', tool_name: 'check', child_output_mapping: { ok: 'approve' }, require_output_mapping: true }]);
      const trace = [call('check', 0, { output: 'maybe' }), call('check', 1, { output: 'maybe' })];
      expect(replay(strict, trace, letta).map((d) => d.kind)).toEqual(['allowed', 'allowed']);
      const refused = replay(strict, trace, { ...letta, errorOnEmpty: true });
      expect(refused[1]).toMatchObject({ kind: 'blocked', code: 'NoValidTools', rule: 0, message: 'No valid tools found based on tool rules.' });
    });
  });

  it('max_count_per_step counts calls of the step that ran, failed ones too (v2 loop: each call registered once)', () => {
    const capped = lettaAgent(['fetch', 'done'], [{ type: 'max_count_per_step', tool_name: 'fetch', max_count_limit: 2 }]);
    const ds = replay(capped, [call('fetch', 0, { outcome: 'error' }), call('fetch', 1, { args: { n: 2 } }), call('fetch', 2, { args: { n: 3 } }), call('done', 3)], { ...letta, lettaLoop: 'v2' });
    expect(ds.map((d) => d.kind)).toEqual(['allowed', 'allowed', 'blocked', 'allowed']);
    expect(ds[2]).toMatchObject({ rule: 0, message: "[ToolConstraintError] Cannot call fetch, valid tools include: ['done'].\n** Hint: Possible rules that were violated:\n\t- <tool_rule>\nfetch: at most 2 use(s) per response\n</tool_rule>" });
  });

  it('repro (issue 27): the v3 loop registers every executed call twice, so max_count_per_step 2 refuses the second a', () => {
    const capped = lettaAgent(['a', 'b'], [{ type: 'max_count_per_step', tool_name: 'a', max_count_limit: 2 }]);
    const trace = [call('a', 0), call('a', 1, { args: { n: 2 } })];
    const v3 = replay(capped, trace, letta);
    expect(v3.map((d) => d.kind)).toEqual(['allowed', 'blocked']);
    expect(v3[1]).toMatchObject({ tool: 'a', rule: 0, code: 'ToolConstraintError' });
    expect((v3[1] as { message: string }).message).toContain("Cannot call a, valid tools include: ['b']");
    // the v2 loop registers once: the second call is allowed
    expect(replay(capped, trace, { ...letta, lettaLoop: 'v2' }).map((d) => d.kind)).toEqual(['allowed', 'allowed']);
  });

  it('v3: a limit N removes the tool after ⌈N/2⌉ calls (N = 3: after 2, N = 1: after 1)', () => {
    const capped = (n: number) => lettaAgent(['a', 'b'], [{ type: 'max_count_per_step', tool_name: 'a', max_count_limit: n }]);
    const three = [call('a', 0), call('a', 1, { args: { n: 2 } }), call('a', 2, { args: { n: 3 } })];
    expect(replay(capped(3), three, letta).map((d) => d.kind)).toEqual(['allowed', 'allowed', 'blocked']);
    expect(replay(capped(1), three.slice(0, 2), letta).map((d) => d.kind)).toEqual(['allowed', 'blocked']);
  });

  it('parent_last_tool: the children only straight after the parent', () => {
    const parent = lettaAgent(['auth', 'pay', 'browse'], [{ type: 'parent_last_tool', tool_name: 'auth', children: ['pay'] }]);
    const ds = replay(parent, [call('pay', 0), call('auth', 1), call('browse', 2), call('pay', 3), call('browse', 4), call('pay', 5)], letta);
    expect(ds.map((d) => d.kind)).toEqual(['blocked', 'allowed', 'blocked', 'allowed', 'allowed', 'blocked']);
    expect(ds[0]).toMatchObject({ rule: 0 });
    // After `auth` only its children: even `browse`, which no rule otherwise limits.
    expect(ds[2]).toMatchObject({ tool: 'browse', rule: 0 });
    expect((ds[5] as { message: string }).message).toContain("valid tools include: ['auth', 'browse']");
  });

  it('required_before_exit: the model ending (model_end) or a terminal call waits for it; Letta calls nothing itself', () => {
    const req = lettaAgent(['work', 'save', 'finish'], [{ type: 'required_before_exit', tool_name: 'save' }, { type: 'exit_loop', tool_name: 'finish' }]);
    const ds = replay(req, [call('work', 0), ev('model_end', 1), call('finish', 2), call('save', 3), ev('model_end', 4)], letta);
    expect(ds.map((d) => d.kind)).toEqual(['allowed', 'exit_blocked', 'allowed', 'exit_blocked', 'allowed', 'exit']);
    expect(ds[1]).toMatchObject({ pending: ['save'] });
    // The exitRequirements setting is not read: Letta never makes the call itself.
    expect(replay(req, [call('work', 0), ev('model_end', 1)], { ...letta, exitRequirements: 'auto' }).map((d) => d.kind)).toEqual(['allowed', 'exit_blocked']);
  });

  it('requires_approval: the answer decides and an approved call skips the rule check', () => {
    const gated = lettaAgent(['start', 'delete'], [{ type: 'run_first', tool_name: 'start' }, { type: 'requires_approval', tool_name: 'delete' }]);
    const ds = replay(gated, [call('delete', 0, { consent: 'deny' }), call('delete', 1, { consent: 'approve_once' })], letta);
    expect(ds[0]).toMatchObject({ kind: 'denied', tool: 'delete', code: 'PermissionDenied', rule: 1 });
    expect(ds[1]).toMatchObject({ kind: 'allowed', tool: 'delete', consent: 'approve_once' });
  });

  it('the snapshot shows the allowed set before the next call, with the rule that removed each tool', () => {
    const engine = createToolEngine(agent, resolveSettings(letta));
    expect(engine.snapshot().letta).toEqual({ phase: 'init', allowed: ['plan'], removed: [{ tool: 'search', rule: 0 }, { tool: 'answer', rule: 0 }, { tool: 'save', rule: 0 }], lastTool: null, lastOutput: null, uncalledRequired: [] });
    engine.step(call('plan', 0, { output: 'planned' }));
    expect(engine.snapshot().letta).toMatchObject({ phase: 'rules', allowed: ['search'], lastTool: 'plan', lastOutput: 'planned' });
    engine.step(call('search', 1));
    expect(engine.snapshot().letta).toMatchObject({ phase: 'rules', allowed: ['plan', 'search', 'answer', 'save'], removed: [] });
  });

  it('save and restore keep the step: a restored engine decides as the original', () => {
    const a = createToolEngine(agent, resolveSettings(letta));
    a.step(call('plan', 0));
    const saved = structuredClone(a.save());
    const b = createToolEngine(agent, resolveSettings(letta));
    b.restore(saved);
    const next = call('answer', 1);
    expect(b.step(next)).toEqual(a.step(next));
    expect(b.step(next).decisions[0]).toMatchObject({ kind: 'blocked', rule: 1 });
  });
});

/**
 * Issue 27, item 3: an approval round trip is a new request. Letta asks for approval and ends the
 * request (`_handle_ai_response`, stop reason `requires_approval`); the answer comes back as a new
 * HTTP request, for which the router builds a new agent loop (`AgentLoop.load`) and so a new
 * `ToolRulesSolver` with an empty history (letta-ai/letta @ 56ba9c25,
 * letta/agents/letta_agent_v2.py `__init__`, letta/agents/letta_agent_v3.py `_step`).
 */
describe('profile letta: an answered approval starts a new request', () => {
  const gated = lettaAgent(
    ['a', 'x', 'b'],
    [
      { type: 'required_before_exit', tool_name: 'a' },
      { type: 'requires_approval', tool_name: 'x' },
    ],
  );

  it('repro: required_before_exit a, requires_approval x; a, x approved, end → exit_blocked [a]', () => {
    const ds = replay(gated, [call('a', 0), call('x', 1, { consent: 'approve_once' }), ev('model_end', 2)], letta);
    expect(ds.map((d) => d.kind)).toEqual(['allowed', 'allowed', 'exit_blocked']);
    expect(ds[2]).toMatchObject({ pending: ['a'] });
  });

  it('a denial is an answer too: the history before it is gone, a called again in the new request lets it exit', () => {
    const ds = replay(gated, [call('a', 0), call('x', 1, { consent: 'deny' }), ev('model_end', 2), call('a', 3), ev('model_end', 4)], letta);
    expect(ds.map((d) => d.kind)).toEqual(['allowed', 'denied', 'exit_blocked', 'allowed', 'exit']);
  });

  it('the counts restart: max_count_per_step 1 allows b again after the approval', () => {
    const capped = lettaAgent(['b', 'x'], [{ type: 'max_count_per_step', tool_name: 'b', max_count_limit: 1 }, { type: 'requires_approval', tool_name: 'x' }]);
    const ds = replay(capped, [call('b', 0), call('b', 1, { args: { n: 2 } }), call('x', 2), call('b', 3, { args: { n: 3 } })], letta);
    expect(ds.map((d) => d.kind)).toEqual(['allowed', 'blocked', 'allowed', 'allowed']);
  });

  it('no answer asked (a timeout, or permissions off): the same request, a still counts', () => {
    expect(replay(gated, [call('a', 0), call('x', 1, { consent: 'timeout' }), ev('model_end', 2)], letta).map((d) => d.kind)).toEqual(['allowed', 'denied', 'exit']);
    expect(replay(gated, [call('a', 0), call('x', 1), ev('model_end', 2)], { ...letta, requirePermissions: false }).map((d) => d.kind)).toEqual(['allowed', 'allowed', 'exit']);
  });
});

/**
 * Issue 27, item 3: a call of a tool the agent lacks is a rule violation in Letta, and the loop's
 * own heartbeat texts (letta-ai/letta @ 56ba9c25, letta/agents/letta_agent_v3.py:
 * `_handle_ai_response` marks `name not in valid_tool_names` violated and answers with
 * `_build_rule_violation_result` (letta/agents/helpers.py); `_decide_continuation` words the
 * heartbeats, prefixed with `NON_USER_MSG_PREFIX` of letta/constants.py).
 */
describe('profile letta: unknown tools and heartbeat texts', () => {
  const PREFIX = '[This is an automated system message hidden from the user] ';
  const agent = lettaAgent(
    ['plan', 'save', 'finish'],
    [
      { type: 'run_first', tool_name: 'plan' },
      { type: 'required_before_exit', tool_name: 'save' },
      { type: 'exit_loop', tool_name: 'finish' },
    ],
  );

  it('repro: a call of zzz, which the agent lacks, is a ToolConstraintError naming the valid tools, not not_found', () => {
    const ds = replay(agent, [call('plan', 0), call('zzz', 1)], letta);
    expect(ds[1]).toEqual(
      expect.objectContaining({ kind: 'blocked', tool: 'zzz', code: 'ToolConstraintError', message: "[ToolConstraintError] Cannot call zzz, valid tools include: ['plan', 'save', 'finish']." }),
    );
    expect(ds[1]).not.toHaveProperty('rule');
    // before anything ran, run_first leaves only plan
    expect(replay(agent, [call('zzz', 0)], letta)[0]).toMatchObject({ kind: 'blocked', message: "[ToolConstraintError] Cannot call zzz, valid tools include: ['plan']." });
    // the spec profile still says not_found
    expect(replay(agent, [call('zzz', 0)], { profile: 'spec' })[0]).toMatchObject({ kind: 'not_found' });
  });

  it('the refusal is the last response Letta keeps, as for any violation: "yes" no longer picks ok, the default child does', () => {
    const cond = lettaAgent(['check', 'ok'], [{ type: 'conditional', tool_name: 'check', child_output_mapping: { yes: 'ok' }, default_child: 'check' }]);
    const ds = replay(cond, [call('check', 0, { output: 'yes' }), call('zzz', 1), call('ok', 2)], letta);
    expect(ds.map((d) => d.kind)).toEqual(['allowed', 'blocked', 'blocked']);
    expect((ds[2] as { message: string }).message).toContain("valid tools include: ['check']");
  });

  it('repro: a blocked exit says what Letta says: after an exit_loop call, and when the model stops', () => {
    const ds = replay(agent, [call('plan', 0), call('finish', 1), ev('model_end', 2)], letta);
    expect(ds.map((d) => d.kind)).toEqual(['allowed', 'allowed', 'exit_blocked', 'exit_blocked']);
    expect(ds[2]).toMatchObject({ pending: ['save'], code: 'RequiredBeforeExit', message: `${PREFIX}Continuing, user expects these tools: [save] to be called still.` });
    expect(ds[3]).toMatchObject({ pending: ['save'], message: `${PREFIX}ToolRuleViolated: You must call save at least once to exit the loop.` });
  });

  it("repro: a refusal's explanation quotes Letta's heartbeat", () => {
    const [d] = replay(agent, [call('zzz', 0)], letta);
    const why = lettaRefusal(d as Extract<Decision, { kind: 'blocked' }>, { agent, settings: letta });
    expect(why.cause).toBe('the agent has no tool `zzz`, so it is never in the allowed set');
    expect(why.details.join('\n')).toContain(`${PREFIX}Continuing: tool rule violation.`);
  });
});
