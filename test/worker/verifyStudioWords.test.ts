/**
 * V006 in the studio (review16 #4): the search's limit is the request's, and the finding says how
 * to go further in the studio's words (its Problems list offers the action); the CLI keeps its flags.
 */
import { describe, expect, it } from 'vitest';
import { runVerification } from '../../src/worker/verifyRun.ts';
import { verifyAgent } from '../../src/core/verify/explore.ts';
import { CLI_FURTHER } from '../../src/core/verify/limits.ts';
import { agentOf } from '../verify/helpers.ts';

const tools = Array.from({ length: 12 }, (_, i) => `t${i}`);
const wide = `[[agents]]\nname = "wide"\ntools = [${tools.map((t) => `"${t}"`).join(', ')}]\n\n[[agents.tool_rules]]\ntool_name = "*"\nrule_type = { type = "MaxCalls", value = 3 }\n`;

describe('the search bound in the studio', () => {
  it('stops at the requested limit and says to verify again, without command-line flags', async () => {
    const reply = await runVerification({ ruleFiles: [{ name: 'wide.toml', text: wide }], maxStates: 500 }, () => undefined);
    const v006 = reply.diagnostics.find((d) => d.code === 'V006');
    expect(v006?.message).toMatch(/^The search stopped at 5\d\d states \(to go further, verify again with a higher limit\)/);
    expect(v006?.message).not.toContain('--max');
  });

  it('the CLI’s finding keeps its flags', () => {
    const agent = agentOf(tools, [{ tool_name: '*', rule_type: { type: 'MaxCalls', value: 3 } }]);
    expect(verifyAgent(agent, {}, { maxStates: 500 }).findings.find((f) => f.code === 'V006')?.message).toContain(CLI_FURTHER);
  });
});
