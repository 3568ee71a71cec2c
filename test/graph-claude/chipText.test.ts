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

  it('a path rule keeps its anchor: `/x` (project root), `//x` (filesystem root) and `~/x` name other files than `x`', () => {
    // the Claude walk-through: `Edit(/Users/alex/.aws/**)` read "deny Users/alex/.aws/**", a path in the working directory
    const rules = ['Edit(/Users/alex/.aws/**)', 'Read(//etc/**)', 'Read(~/.ssh/**)', 'Read(./.env)', 'Read(src/**)'];
    const agent = loadRuleFile('.claude/settings.json', JSON.stringify({ permissions: { deny: rules } })).agents[0];
    if (!agent) throw new Error('no agent');
    const texts = agentToolGraph(agent, []).nodes.flatMap((n) => n.badges.map((b) => b.text));
    expect(texts).toEqual(expect.arrayContaining(['deny /Users/alex/.aws/**', 'deny //etc/**', 'deny ~/.ssh/**', 'deny .env', 'deny src/**']));
  });

  it('Called names each tool once, with how many times', () => {
    expect(calledOnce(['Bash', 'Bash'])).toBe('Bash ×2');
    expect(calledOnce(['start_session', 'search', 'start_session', 'search', 'Read'])).toBe('start_session ×2, search ×2, Read');
    expect(calledOnce([])).toBe('none');
  });
});
