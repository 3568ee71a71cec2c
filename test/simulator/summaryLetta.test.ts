/**
 * The summary of a Letta agent's run under profile `letta`: each decision a Letta rule shaped counts
 * for that rule (refusals naming it, exit_loop ends, required_before_exit holding the exit), like a
 * Pattern tool rule's; none is left as an unknown rule reference.
 */
import { describe, expect, it } from 'vitest';
import { replayItems } from '../../src/core/engine/replay.ts';
import { summarize, summaryMarkdown } from '../../src/core/simulator/index.ts';
import { call } from '../engine-tools/helpers.ts';
import { lettaAgent } from '../engine-letta/helpers.ts';

const agent = lettaAgent(
  ['plan', 'search', 'answer', 'archive', 'chat'],
  [
    { type: 'run_first', tool_name: 'plan' },
    { type: 'max_count_per_step', tool_name: 'search', max_count_limit: 1 },
    { type: 'exit_loop', tool_name: 'answer' },
    { type: 'required_before_exit', tool_name: 'archive' },
    { type: 'continue_loop', tool_name: 'chat' },
    { type: 'constrain_child_tools', tool_name: 'chat', children: ['answer'] },
  ],
);

/** search (refused: run_first), plan, search, search (refused: max count), answer (exit held: archive), archive, answer (exit). */
const decisions = replayItems(
  ['search', 'plan', 'search', 'search', 'answer', 'archive', 'answer'].map((tool, i) => ({ kind: 'event' as const, event: call(tool, i) })),
  { agent, settings: { profile: 'letta' } },
);

describe('summary of a Letta agent (profile letta)', () => {
  it('counts the decisions each Letta rule shaped, with its failures and kinds', () => {
    const s = summarize(decisions, { agent });
    expect(s.unknownRuleRefs).toBe(0);
    expect(s.lettaRules.map((r) => [r.rule, r.type, r.fired, r.failures, r.byKind])).toEqual([
      [0, 'run_first', 1, 1, { blocked: 1 }],
      [1, 'max_count_per_step', 1, 1, { blocked: 1 }],
      [2, 'exit_loop', 2, 0, { allowed: 2 }],
      [3, 'required_before_exit', 1, 1, { exit_blocked: 1 }],
      [4, 'continue_loop', 0, 0, {}],
      [5, 'constrain_child_tools', 0, 0, {}],
    ]);
    expect(s.toolRules).toEqual([]);
  });

  it('lists the Letta rules that never fired, leaving out continue_loop (which never fires)', () => {
    const s = summarize(decisions, { agent });
    expect(s.neverFired.letta.map((r) => [r.rule, r.type])).toEqual([[5, 'constrain_child_tools']]);
    const md = summaryMarkdown(s);
    expect(md).toContain('## Letta rules');
    expect(md).toContain('| #3 | `answer` | exit_loop | 2 | 0 |');
    expect(md).toContain('- Letta rule #6: constrain_child_tools on `chat`');
  });

  it('under another profile the Letta rules decide nothing, so none fired', () => {
    const spec = replayItems([call('search', 0)].map((event) => ({ kind: 'event' as const, event })), { agent, settings: { profile: 'spec' } });
    const s = summarize(spec, { agent });
    expect(s.lettaRules.every((r) => r.fired === 0)).toBe(true);
    expect(s.unknownRuleRefs).toBe(0);
  });
});
