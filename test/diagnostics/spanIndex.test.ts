import { describe, expect, it } from 'vitest';
import { SpanIndex, spanKey } from '../../src/core/diagnostics/spans.ts';
import type { Range } from '../../src/core/diagnostics/types.ts';

const at = (line: number): Range => ({ start: { line, column: 1 }, end: { line, column: 5 } });

describe('SpanIndex rule locators', () => {
  it('answers rule and rule-field keys of the agent from its locator, only for recorded rules', () => {
    const spans = new SpanIndex();
    const asked: string[] = [];
    spans.setRules(2, 3, (rule, field) => {
      asked.push(`${rule}:${field ?? ''}`);
      return field === 'gone' ? undefined : at(10 * rule + (field ? 1 : 0));
    });
    expect(spans.get(spanKey.rule(2, 0))).toEqual(at(0));
    expect(spans.get(spanKey.ruleField(2, 1, 'priority'))).toEqual(at(11));
    expect(spans.get(spanKey.ruleField(2, 2, 'gone'))).toBeUndefined();
    expect(spans.get(spanKey.rule(2, 3))).toBeUndefined();
    expect(spans.get(spanKey.rule(1, 0))).toBeUndefined();
    // Not rule keys: another agent's tools, malformed numbers, an empty field.
    for (const key of [spanKey.agentTools(2), 'a2/r01', 'a02/r1', 'a2/r', 'a2/r1/', 'a2/rx', 'w2/r1']) expect(spans.get(key)).toBeUndefined();
    // Each range is located once, then kept.
    expect(spans.get(spanKey.rule(2, 0))).toEqual(at(0));
    expect(asked).toEqual(['0:', '1:priority', '2:gone']);
  });

  it('lets a key set explicitly win over the locator, and falls back in first()', () => {
    const spans = new SpanIndex();
    spans.setRules(0, 1, () => at(7));
    spans.set(spanKey.rule(0, 0), at(3));
    expect(spans.get(spanKey.rule(0, 0))).toEqual(at(3));
    spans.set(spanKey.agent(0), at(1));
    expect(spans.first(spanKey.ruleField(0, 5, 'priority'), spanKey.rule(0, 5), spanKey.agent(0))).toEqual(at(1));
  });

  it('copies locators with copyInto, still lazy', () => {
    const a = new SpanIndex();
    const b = new SpanIndex();
    let calls = 0;
    b.setRules(4, 2, (rule) => {
      calls++;
      return at(rule + 1);
    });
    b.copyInto(a);
    expect(calls).toBe(0);
    expect(a.get(spanKey.ruleField(4, 1, 'tool_name'))).toEqual(at(2));
    expect(calls).toBe(1);
  });
});
