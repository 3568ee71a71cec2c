/** The rules a test failure names become links (review16 #3): which words, and which rule. */
import { describe, expect, it } from 'vitest';
import { ruleMentions } from '../../src/app/tests/ruleMentions.ts';

describe('rule mentions in a failure', () => {
  it('finds a tool rule, a workflow rule of a node, and leaves a gone rule as text', () => {
    expect(ruleMentions('blocked `load` MaxCallsExceeded rule #4: "Tool load…"')).toEqual([
      { text: 'blocked `load` MaxCallsExceeded ' },
      { text: 'rule #4', rule: { kind: 'tool', index: 3 } },
      { text: ': "Tool load…"' },
    ]);
    expect(ruleMentions('interrupt repeated_command rule #2 of node `code`, text contains "x"')[1]).toEqual({ text: 'rule #2 of node `code`', rule: { kind: 'workflow', index: 1, node: 'code' } });
    expect(ruleMentions('blocked `load` rule #4 (no longer in the rules)').some((p) => p.rule)).toBe(false);
    expect(ruleMentions('blocked `load` MaxCallsExceeded rule #4 (was #5)')[1]).toEqual({ text: 'rule #4', rule: { kind: 'tool', index: 3 } });
    expect(ruleMentions('step 5: rule #5 is now #4')[1]).toEqual({ text: 'rule #5 is now #4', rule: { kind: 'tool', index: 3 } });
  });
});
