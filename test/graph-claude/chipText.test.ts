/**
 * Review 15, item 4: the chip of `Bash(npm run test:*)` read "allow npm run test" (its `:*` dropped,
 * shot 02) while `Bash(git diff *)` kept its star; and Simulate's State said "Called: Bash, Bash"
 * after two Bash calls (shot 47). A chip says the rule's pattern as written; Called names each tool
 * once, with a count.
 */
import { describe, expect, it } from 'vitest';
import { loadRuleFile } from '../../src/core/codecs/load.ts';
import { agentToolGraph } from '../../src/core/graph/agentToolGraph.ts';
import { calledOnce } from '../../src/app/simulator/calledList.ts';

describe('chips and the State panel (review 15, item 4)', () => {
  it('a legacy prefix rule keeps its `:*` on its chip, as a wildcard keeps its star', () => {
    const agent = loadRuleFile('.claude/settings.json', JSON.stringify({ permissions: { allow: ['Bash(npm run test:*)', 'Bash(git diff *)', 'Bash(npm run lint)'] } })).agents[0];
    if (!agent) throw new Error('no agent');
    const bash = agentToolGraph(agent, []).nodes.find((n) => n.id === 'Bash');
    expect(bash?.badges.map((b) => b.text)).toEqual(['allow npm run test:*', 'allow git diff *', 'allow npm run lint']);
  });

  it('Called names each tool once, with how many times', () => {
    expect(calledOnce(['Bash', 'Bash'])).toBe('Bash ×2');
    expect(calledOnce(['start_session', 'search', 'start_session', 'search', 'Read'])).toBe('start_session ×2, search ×2, Read');
    expect(calledOnce([])).toBe('none');
  });
});
