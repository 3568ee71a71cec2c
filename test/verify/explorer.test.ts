/**
 * The tool-rule explorer on hand-built agents: one per finding kind, each with a near-miss that
 * differs by one rule and has no such finding. Every finding's trace is replayed as `simulate`
 * replays it and must show the finding; traces are checked to be the shortest.
 */
import { describe, expect, it } from 'vitest';
import { resolveSettings } from '../../src/core/engine/settings.ts';
import { verifyAgent } from '../../src/core/verify/explore.ts';
import { searchTools } from '../../src/core/verify/exploreTools.ts';
import { Agent } from '../../src/core/model/toolRules.ts';
import { agentOf, brief, expectReproduces } from './helpers.ts';

const exitNeeds = (tool: string) => ({ tool_name: tool, rule_type: { type: 'RequiredBeforeExit' as const } });

describe('deadlock (V001)', () => {
  // x is required before exit and needs b first; a and b exclude each other; every tool once.
  const rules = [
    exitNeeds('x'),
    { tool_name: 'x', rule_type: { type: 'RequiresPrecedingTools' as const }, conditions: ['b'] },
    { tool_name: 'a', rule_type: { type: 'ExclusiveGroups' as const, value: [['a', 'b']] } },
    { tool_name: '*', rule_type: { type: 'MaxCalls' as const, value: 1 } },
  ];
  const agent = agentOf(['a', 'b', 'x'], rules);

  it('finds the deadlock after calling a, with the shortest trace', () => {
    const r = verifyAgent(agent);
    expect(r.stats.exhaustive).toBe(true);
    expect(brief(r.findings)).toEqual(['V001 a']);
    const [f] = r.findings;
    expect(f?.message).toContain('Deadlock after `a`');
    expect(f?.message).toContain('`b` blocked by #3');
    expect(f?.message).toContain('`x` is required before exit and is blocked by #2');
    // a, then every tool (each refused), then end (blocked): the selected step is the end.
    expect(f?.trace?.steps).toEqual([{ call: 'a' }, { call: 'a', args: { attempt: 2 } }, { call: 'b' }, { call: 'x' }, { end: true }]);
    expect(f?.trace?.step).toBe(5);
    expectReproduces(agent, f!);
  });

  it('near-miss: without the exclusive group there is nothing to report', () => {
    const r = verifyAgent(agentOf(['a', 'b', 'x'], rules.filter((x) => x.rule_type.type !== 'ExclusiveGroups')));
    expect(brief(r.findings)).toEqual([]);
    expect(r.stats.exhaustive).toBe(true);
  });

  it('waiting for a cooldown is a way out, not a deadlock', () => {
    const a = agentOf(['a', 'x'], [
      exitNeeds('x'),
      { tool_name: 'x', rule_type: { type: 'RequiresPrecedingTools' }, conditions: ['a'] },
      { tool_name: 'a', rule_type: { type: 'Cooldown', value: 5000 } },
      { tool_name: 'a', rule_type: { type: 'MaxCalls', value: 2 } },
    ]);
    const r = verifyAgent(a);
    expect(brief(r.findings)).toEqual([]);
  });
});

describe('exit unreachable (V002)', () => {
  // x (required before exit) needs y; y must come before z; z is a start tool, called automatically first.
  const rules = [
    exitNeeds('x'),
    { tool_name: 'x', rule_type: { type: 'RequiresPrecedingTools' as const }, conditions: ['y'] },
    { tool_name: 'y', rule_type: { type: 'RequiresFollowingTools' as const }, conditions: ['z'] },
    { tool_name: 'z', rule_type: { type: 'StartConstraint' as const } },
  ];

  it('proves no path exits, and names the tools that can never run', () => {
    const agent = agentOf(['x', 'y', 'z'], rules);
    const r = verifyAgent(agent);
    expect(r.stats.exhaustive).toBe(true);
    expect(brief(r.findings)).toEqual(['V002 ', 'V004 x', 'V004 y']);
    const [v002, x, y] = r.findings;
    expect(v002?.severity).toBe('error');
    expect(v002?.proof).toBe('exhaustive');
    expect(v002?.message).toContain('can never exit cleanly');
    expect(v002?.trace?.steps).toEqual([{ end: true }]);
    expect(x?.message).toContain('blocked by #2');
    expect(y?.message).toContain('blocked by #3');
    for (const f of r.findings) expectReproduces(agent, f);
  });

  it('near-miss: without the start constraint, y → x → end exits (only calling z first traps)', () => {
    const agent = agentOf(['x', 'y', 'z'], rules.slice(0, 3));
    const r = verifyAgent(agent);
    expect(brief(r.findings)).toEqual(['V003 z']);
    expect(r.findings[0]?.trace?.steps).toEqual([{ call: 'z' }, { end: true }]);
    expectReproduces(agent, r.findings[0]!);
  });

  it('says "within bound" when the search is cut short', () => {
    const agent = agentOf(['x', 'y', 'z'], rules);
    const r = verifyAgent(agent, {}, { maxDepth: 1 });
    expect(r.stats.exhaustive).toBe(false);
    expect(r.stats.depth).toBe(1);
    const v002 = r.findings.find((f) => f.code === 'V002');
    expect(v002?.severity).toBe('warning');
    expect(v002?.proof).toBe('bounded');
    expect(v002?.message).toContain('up to 1 moves');
    expect(r.findings.at(-1)?.code).toBe('V006');
  });
});

describe('trap (V003)', () => {
  // x is required before exit; a and x exclude each other, so calling a first strands x.
  const agent = agentOf(['a', 'b', 'x'], [exitNeeds('x'), { tool_name: 'a', rule_type: { type: 'ExclusiveGroups', value: [['a', 'x']] } }]);

  it('finds the call that springs the trap, with the shortest path into it', () => {
    const r = verifyAgent(agent);
    expect(brief(r.findings)).toEqual(['V003 a']);
    const [f] = r.findings;
    expect(f?.message).toContain('calling `a` leaves no way to exit cleanly');
    expect(f?.message).toContain('blocked by #2');
    expect(f?.trace?.steps).toEqual([{ call: 'a' }, { end: true }]);
    expect(f?.trace?.step).toBe(1);
    expectReproduces(agent, f!);
  });

  it('near-miss: an exclusive group without the required tool traps nothing', () => {
    const r = verifyAgent(agentOf(['a', 'b', 'x'], [exitNeeds('x'), { tool_name: 'a', rule_type: { type: 'ExclusiveGroups', value: [['a', 'b']] } }]));
    expect(brief(r.findings)).toEqual([]);
  });
});

describe('dead tool (V004)', () => {
  // c needs b; b must come before a; a is a start tool (called automatically first).
  const rules = [
    { tool_name: 'c', rule_type: { type: 'RequiresPrecedingTools' as const }, conditions: ['b'] },
    { tool_name: 'b', rule_type: { type: 'RequiresFollowingTools' as const }, conditions: ['a'] },
    { tool_name: 'a', rule_type: { type: 'StartConstraint' as const } },
  ];

  it('finds both tools the rules together make uncallable', () => {
    const agent = agentOf(['a', 'b', 'c'], rules);
    const r = verifyAgent(agent);
    expect(brief(r.findings)).toEqual(['V004 b', 'V004 c']);
    for (const f of r.findings) {
      expect(f.proof).toBe('exhaustive');
      expect(f.trace?.steps).toEqual([{ call: f.tool }]);
      expectReproduces(agent, f);
    }
  });

  it('near-miss: without the start constraint, b can go before a', () => {
    const r = verifyAgent(agentOf(['a', 'b', 'c'], rules.slice(0, 2)));
    expect(brief(r.findings)).toEqual([]);
  });

  it('the start gate does not help: b is refused before a (gate) and after it (ordering)', () => {
    const agent = agentOf(['a', 'b', 'c'], rules);
    const r = verifyAgent(agent, { startConstraints: 'gate' });
    expect(brief(r.findings)).toEqual(['V004 b', 'V004 c']);
    for (const f of r.findings) expectReproduces(agent, f, { startConstraints: 'gate' });
  });
});

describe('dead rule (V005)', () => {
  // a ends the loop on its first call, so its MaxCalls(1) can never block a second one.
  const rules = [
    { tool_name: 'a', rule_type: { type: 'ExitLoop' as const } },
    { tool_name: 'a', rule_type: { type: 'MaxCalls' as const, value: 1 } },
  ];

  it('finds the limit no path reaches', () => {
    const agent = agentOf(['a', 'b'], rules);
    const r = verifyAgent(agent);
    expect(brief(r.findings)).toEqual(['V005 a']);
    const [f] = r.findings;
    expect(f?.rule).toBe(1);
    expect(f?.message).toContain('Rule #2 (Max calls · MaxCalls) on `a` never fires on any path');
    expect(f?.trace?.steps).toEqual([{ call: 'a' }]);
    expectReproduces(agent, f!);
  });

  it('near-miss: without the ExitLoop the limit blocks a second call', () => {
    const r = verifyAgent(agentOf(['a', 'b'], rules.slice(1)));
    expect(brief(r.findings)).toEqual([]);
    expect(verifyAgent(agentOf(['a', 'b'], rules)).findings[0]?.severity).toBe('warning');
  });

  // Issue 22: the ETL and API-client examples opened with this as a warning that read "broken".
  const afterStart = [
    { tool_name: 's', rule_type: { type: 'StartConstraint' as const } },
    { tool_name: 'b', rule_type: { type: 'RequiresPrecedingTools' as const }, conditions: ['s'] },
  ];

  it('a rule whose conditions are start tools is advice (info) that says what to do', () => {
    const r = verifyAgent(agentOf(['s', 'b'], afterStart));
    expect(brief(r.findings)).toEqual(['V005 b']);
    expect(r.findings[0]?.severity).toBe('info');
    expect(r.findings[0]?.message).toBe(
      'Rule #2 (Call after… · RequiresPrecedingTools) on `b` is redundant here: its condition `s` is a start tool, which runs before anything else, so this rule never blocks. It repeats the order the start rule already sets: remove it, or keep it as documentation.',
    );
    expect(verifyAgent(agentOf(['s', 'b'], afterStart), { startConstraints: 'gate' }).findings.map((f) => f.severity)).toEqual(['info']);
  });

  it('near-miss: with a condition that is not a start tool the rule blocks, and nothing is reported', () => {
    const r = verifyAgent(agentOf(['s', 'b', 'c'], [afterStart[0]!, { ...afterStart[1]!, conditions: ['s', 'c'] }]));
    expect(r.findings.filter((f) => f.code === 'V005')).toEqual([]);
  });
});

describe('Letta agents (profile letta)', () => {
  const letta = (lettaRules: unknown[]) => Agent.parse({ name: 'desk', family: 'letta', tools: ['a', 'b', 'c'].map((name) => ({ name })), rules: [], lettaRules });
  // c must run before the loop ends; after a only b may follow, and after b only b again.
  const rules = [
    { tool_name: 'c', type: 'required_before_exit' },
    { tool_name: 'a', type: 'constrain_child_tools', children: ['b'] },
    { tool_name: 'b', type: 'constrain_child_tools', children: ['b'] },
  ];

  it('finds the child rules that strand the required tool', () => {
    const agent = letta(rules);
    const settings = { profile: 'letta' as const };
    const r = verifyAgent(agent, settings);
    expect(brief(r.findings)).toEqual(['V003 a', 'V003 b']);
    expect(r.findings[0]?.trace?.steps).toEqual([{ call: 'a' }, { end: true }]);
    for (const f of r.findings) expectReproduces(agent, f, settings);
  });

  it('near-miss: when b may also lead to c, nothing traps', () => {
    const r = verifyAgent(letta([rules[0], rules[1], { tool_name: 'b', type: 'constrain_child_tools', children: ['b', 'c'] }]), { profile: 'letta' });
    expect(brief(r.findings)).toEqual([]);
  });

  it('dead Letta rules (V005): a child rule allowing every tool, a count limit an exit_loop makes unreachable', () => {
    const agent = letta([
      { tool_name: 'a', type: 'constrain_child_tools', children: ['a', 'b', 'c'] },
      { tool_name: 'c', type: 'exit_loop' },
      { tool_name: 'c', type: 'max_count_per_step', max_count_limit: 1 },
    ]);
    const settings = { profile: 'letta' as const };
    const r = verifyAgent(agent, settings);
    expect(brief(r.findings)).toEqual(['V005 a', 'V005 c']);
    expect(r.findings.map((f) => f.rule)).toEqual([0, 2]);
    expect(r.findings[0]?.message).toBe(
      'Rule #1 (constrain_child_tools) on `a` never fires on any path: whenever `a` ran last, the next call is one of its children anyway, so it never removes a tool. Removing it changes no decision; tighten it if it was meant to block.',
    );
    expect(r.findings[1]?.message).toContain('no path calls `c` again after its first call in a step');
    // The trace calls the rule's tool the shortest way; the rule does not decide anything there.
    expect(r.findings[0]?.trace?.steps).toEqual([{ call: 'a' }]);
    for (const f of r.findings) expectReproduces(agent, f, settings);
  });

  it('near misses: a child rule leaving a tool out, a count limit on a tool that does not end the loop', () => {
    const agent = letta([
      { tool_name: 'a', type: 'constrain_child_tools', children: ['a', 'b'] },
      { tool_name: 'b', type: 'exit_loop' },
      { tool_name: 'c', type: 'max_count_per_step', max_count_limit: 1 },
    ]);
    expect(brief(verifyAgent(agent, { profile: 'letta' }).findings)).toEqual([]);
  });

  it('explores each output a conditional rule maps, as a move of its own', () => {
    // a's output picks the next tool; after "stop" only b is offered. (A refused call's error
    // becomes the last response, so Letta then offers the default child c again: no trap.)
    const agent = letta([
      { tool_name: 'c', type: 'required_before_exit' },
      { tool_name: 'a', type: 'conditional', child_output_mapping: { stop: 'b', go: 'c' }, default_child: 'c' },
    ]);
    const s = searchTools(agent, resolveSettings({ profile: 'letta' }));
    const moves = s.model.actions.map((m) => (m.kind === 'call' ? `${m.tool}${m.output === undefined ? '' : `:${m.output}`}` : 'end'));
    expect(moves).toEqual(['a', 'a:stop', 'a:go', 'b', 'c', 'end']);
    const after = (move: string) => s.edges[0]?.find((e) => e.action === moves.indexOf(move))?.to;
    expect(new Set([after('a'), after('a:stop'), after('a:go')]).size).toBe(3);
    expect(brief(verifyAgent(agent, { profile: 'letta' }).findings)).toEqual([]);
  });
});

describe('limits polled within a state (issue 29: verify --max-seconds overran on 10,000 tools)', () => {
  const wide = agentOf(
    Array.from({ length: 2_000 }, (_, i) => `t${i}`),
    [],
  );

  it('polls `cancelled` every 64 moves of the first state, not only between states', () => {
    let polls = 0;
    const r = verifyAgent(wide, {}, { cancelled: () => ++polls >= 3 });
    // Stopped inside the start state's 2,001 moves, at its third poll (moves 128–191 tried).
    expect(polls).toBe(3);
    expect(r.stats.states).toBeLessThan(200);
    expect(r.stats.depth).toBe(0);
    expect(r.stats.exhaustive).toBe(false);
  });

  it('a search stopped before every first move was tried claims nothing unreachable', () => {
    const r = verifyAgent(wide, {}, { cancelled: () => true });
    expect(r.findings.map((f) => f.code)).toEqual(['V006']);
    expect(r.findings[0]?.message).toContain('before every first move was tried');
  });

  it('a search that finished depth 1 still says what it proved up to there', () => {
    let polls = 0;
    // 2,001 moves from the start: 31 polls finish depth 0; stop early in depth 1.
    const r = verifyAgent(wide, {}, { cancelled: () => ++polls > 40 });
    expect(r.stats.depth).toBe(1);
    expect(r.findings.find((f) => f.code === 'V006')?.message).toContain('up to 1 moves');
  });
});
