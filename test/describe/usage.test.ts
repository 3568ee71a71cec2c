import { describe, expect, it } from 'vitest';
import { describeAgent, describeRule } from '../../src/core/describe/index.ts';
import type { ToolRule } from '../../src/core/model/index.ts';
import { rule } from '../support/rules.ts';


describe('usage descriptions (tool-rules.md §6)', () => {
  const cases: [ToolRule, string][] = [
    [rule('t', { type: 'ContinueLoop' }), 'The conversation will be continued after calling `t`'],
    [rule('t', { type: 'ExitLoop' }), 'The conversation will end after calling `t`'],
    [rule('t', { type: 'StartConstraint' }), 'Call `t` first before any other tools'],
    [rule('t', { type: 'RequiresPrecedingTools' }, ['a', 'b']), 'Call `t` only after calling: a, b'],
    [rule('t', { type: 'RequiresPrecedingTools' }), 'Call other tools before calling `t`'],
    [rule('t', { type: 'RequiresFollowingTools' }, ['a']), 'Call these tools after calling `t`: a'],
    [rule('t', { type: 'RequiresFollowingTools' }), 'Call other tools after calling `t`'],
    [rule('t', { type: 'RequiredBeforeExit' }), 'Call `t` before ending the conversation'],
    [rule('t', { type: 'RequiredBeforeExitIf' }, ['x', 'y']), 'Call `t` before ending if: x, y'],
    [rule('t', { type: 'RequiredBeforeExitIf' }), 'Call `t` before ending if certain conditions are met'],
    [rule('t', { type: 'MaxCalls', value: 3 }), 'Call `t` at most 3 times per conversation'],
    [rule('t', { type: 'Cooldown', value: 1500 }), 'Wait at least 1500ms between calls to `t`'],
    [rule('t', { type: 'Periodic', value: 60000 }), 'Call `t` every 60000ms during long conversations'],
    [
      rule('t', { type: 'ExclusiveGroups', value: [['a', 'b'], ['c']] }),
      'Call only one tool from each group per conversation for `t`: [a, b], [c]',
    ],
    [rule('t', { type: 'RequiresConsent', value: {} }), 'User approval is required before calling `t`.'],
    [
      rule('t', { type: 'RequiresConsent', value: { scope: 'exec' } }),
      'User approval is required before calling `t` (scope: exec).',
    ],
    [rule('t', { type: 'AllowedOperations', value: ['read', 'append'] }), 'Available operations for `t`: append, read'],
    [rule('t', { type: 'Needed' }), 'Use `t` to work with this'],
  ];
  it.each(cases)('%# %s', (r, text) => {
    expect(describeRule(r)).toBe(text);
  });

  it('covers every rule type', () => {
    expect(new Set(cases.map(([r]) => r.rule_type.type)).size).toBe(14);
  });

  it('renders the block in rule order: priority first, then file order', () => {
    const block = describeAgent({
      name: 'a',
      tools: [],
      rules: [
        rule('low', { type: 'Needed' }, [], 1),
        rule('first', { type: 'ExitLoop' }, [], 9),
        rule('tie1', { type: 'StartConstraint' }, [], 5),
        rule('tie2', { type: 'StartConstraint' }, [], 5),
      ],
    });
    expect(block).toBe(
      [
        '# Tool Execution Rules',
        '',
        '- The conversation will end after calling `first`',
        '- Call `tie1` first before any other tools',
        '- Call `tie2` first before any other tools',
        '- Use `low` to work with this',
        '',
      ].join('\n'),
    );
  });
});
