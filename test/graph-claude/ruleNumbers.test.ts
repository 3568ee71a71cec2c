/**
 * Review 15, item 2: one Claude Code rule had three numbers — Simulate said `Bash(rm -rf *)` was
 * "#12" (its place in the settings), the Inspector "rule 1" (the order Claude Code checks rules), the
 * CLI's JSONL `"rule": 11` — and at the step where it denied `rm -rf build` the graph ringed the
 * chip `allow git log *` (the twelfth rule in checking order). A rule's number is now its place in
 * the merged settings, 1-based, on the graph, in the Inspector, in explanations and in the CLI's
 * message; the JSONL `rule` field is the same place counted from 0 (docs/reference/decisions.md).
 */
import { describe, expect, it } from 'vitest';
import { loadRuleFile } from '../../src/core/codecs/load.ts';
import { checkFiles } from '../../src/core/check.ts';
import { agentToolGraph } from '../../src/core/graph/agentToolGraph.ts';
import { claudeRulesInOrder } from '../../src/core/graph/claudeGraph.ts';
import { prepareSimulation } from '../../src/core/simulate.ts';
import { createReplay } from '../../src/core/engine/replay.ts';
import type { Decision } from '../../src/core/engine/decisions.ts';
import type { TraceEvent } from '../../src/core/traces/events.ts';
import { readTrace } from '../../src/core/traces/index.ts';
import { explainDecision } from '../../src/core/simulator/explain.ts';

const SETTINGS = JSON.stringify(
  {
    permissions: {
      allow: ['Bash(npm run test:*)', 'Bash(npm run lint)', 'Bash(git status)', 'Bash(git diff *)', 'Bash(git log *)', 'Read(src/**)', 'Edit(src/**)', 'WebFetch(domain:github.com)', 'mcp__linear__get_issue'],
      ask: ['Bash(git push *)', 'Bash(git commit *)'],
      deny: ['Bash(rm -rf *)', 'Bash(curl *)', 'Read(./.env)', 'Read(./secrets/**)', 'WebFetch'],
    },
  },
  null,
  2,
);
const TRACE = 'steps:\n  - call: Bash\n    args: { command: "git push origin main" }\n  - call: Bash\n    args: { command: "rm -rf build" }\n';

describe('one number per Claude Code rule (review 15, item 2)', () => {
  const file = loadRuleFile('.claude/settings.json', SETTINGS);
  const agent = file.agents[0];
  if (!agent) throw new Error('no agent');

  it('the graph and the Inspector number `Bash(rm -rf *)` 12, as the settings list it, and keep Claude Code’s checking order', () => {
    const ordered = claudeRulesInOrder(agent);
    expect(ordered[0]?.source.text).toBe('Bash(rm -rf *)');
    expect(ordered[0]?.index).toBe(11);
    const bash = agentToolGraph(agent, checkFiles([file])).nodes.find((n) => n.id === 'Bash');
    const rm = bash?.badges.find((b) => b.text === 'deny rm -rf *');
    expect(rm?.rule).toBe(11);
    expect(rm?.title).toMatch(/^Rule 12: deny `Bash\(rm -rf \*\)`/);
    expect(bash?.badges.map((b) => b.text)[0]).toBe('deny rm -rf *');
  });

  it('at step 2 the deciding rule is the chip the graph rings, and every text says rule 12', () => {
    const prepared = prepareSimulation([file]);
    const replay = createReplay({ agent: prepared.agent ?? agent });
    const ds: { d: Decision; event: TraceEvent }[] = [];
    for (const item of readTrace('would.yaml', TRACE).items) if (item.kind === 'event') for (const d of replay.push(item)) ds.push({ d, event: item.event });
    const step = ds.find((x) => x.d.kind === 'denied');
    const denied = step?.d;
    if (denied?.kind !== 'denied') throw new Error('no denial');
    const bash = agentToolGraph(agent, checkFiles([file])).nodes.find((n) => n.id === 'Bash');
    expect(bash?.badges.find((b) => b.rule === denied.rule)?.text).toBe('deny rm -rf *');
    expect(denied.rule).toBe(11);
    expect(denied.message).toContain('rule #12');
    const x = explainDecision(denied, { agent: prepared.agent ?? agent, settings: {}, event: step?.event });
    expect(x.summary).toContain('(rule #12)');
    expect(x.ruleRef).toEqual({ kind: 'tool', index: 11 });
  });
});
