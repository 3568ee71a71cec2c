/**
 * A test names its rule by what it is, not only where it is (review16 #2): in the ETL example,
 * removing the transform → load rule (#4) renumbers load's MaxCalls from #5 to #4. The guided
 * walk-through's step 5 expectation still holds ("rule #5 is now #4"); step 9, about the removed
 * rule itself, fails and says the rule is gone. A file with numbers only keeps its meaning.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadRuleFile } from '../../src/core/codecs/load.ts';
import { runTestFile, type TestHost } from '../../src/core/tests/run.ts';
import { hostOf } from './helpers.ts';
import { pinDecision } from '../../src/core/tests/pin.ts';
import { resolveRuleRef } from '../../src/core/tests/ruleRef.ts';
import { describeExpectation } from '../../src/core/tests/stepMatch.ts';

const toml = readFileSync('examples/etl-pipeline.toml', 'utf8');
const tests = readFileSync('examples/etl-pipeline.test.yaml', 'utf8');
/** The ETL rules with rule #4 (load after transform) removed, as the Design edit leaves them. */
const without4 = toml.replace(/\[\[agents\.tool_rules\]\]\ntool_name = "load"\nrule_type = \{ type = "RequiresPrecedingTools" \}\nconditions = \["transform"\]\n(priority = \d+\n)?/, '');

const host = (rules: string): TestHost => hostOf({ 'etl-pipeline.toml': rules });

describe('rules named by identity', () => {
  it('removing rule #4 removed exactly that rule', () => {
    expect(without4).not.toBe(toml);
    const agent = loadRuleFile('etl-pipeline.toml', without4).agents[0];
    expect(agent?.rules.map((r) => `${r.tool_name} ${r.rule_type.type}`)).toEqual([
      'connect_db StartConstraint',
      'extract RequiresPrecedingTools',
      'transform RequiresPrecedingTools',
      'load MaxCalls',
      'disconnect_db RequiredBeforeExit',
      'send_message ExitLoop',
    ]);
  });

  it('the walk-through fails only where the removed rule was expected (not at step 5: rule #5 is now #4)', () => {
    const before = runTestFile('etl-pipeline.test.yaml', tests, host(toml));
    expect(before.tests.map((t) => t.status)).toEqual(['pass', 'pass']);
    const after = runTestFile('etl-pipeline.test.yaml', tests, host(without4));
    const walkThrough = after.tests[0];
    // step 9 was about the removed rule itself, and the run's count of blocked calls falls with it
    expect(walkThrough?.failures.map((f) => f.expected)).toEqual(['step 9: blocked `load` rule #4 (no longer in the rules)', '3 blocked decisions']);
    expect(walkThrough?.notes).toEqual(['step 5: rule #5 is now #4']);
  });

  it('a number alone still means the rule at that place', () => {
    const agent = loadRuleFile('etl-pipeline.toml', without4).agents[0];
    expect(resolveRuleRef('#5', agent)).toEqual({ index: 4, written: 4 });
    expect(resolveRuleRef({ number: '#5', tool: 'load', type: 'MaxCalls' }, agent)).toMatchObject({ index: 3, written: 4, note: 'rule #5 is now #4' });
  });

  it('a pin writes the identity, and Expected says the parts Seen says, tool included', () => {
    const agent = loadRuleFile('etl-pipeline.toml', toml).agents[0];
    const pinned = pinDecision({ seq: 0, event: 0, time: '', kind: 'blocked', tool: 'load', code: 'MaxCallsExceeded', rule: 4, message: '' }, 4, agent);
    expect(pinned).toEqual({ step: 5, decision: 'blocked', tool: 'load', code: 'MaxCallsExceeded', rule: { number: '#5', tool: 'load', type: 'MaxCalls' } });
    expect(describeExpectation(pinned, agent)).toBe('blocked `load` MaxCallsExceeded rule #5');
    expect(describeExpectation({ step: 5, decision: 'blocked', code: 'MaxCallsExceeded', rule: '#5' })).toBe('blocked any tool MaxCallsExceeded rule #5');
  });
});
