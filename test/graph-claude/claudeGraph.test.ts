/**
 * The tool graph of Claude Code settings (issue 23, item 6): a settings file used to draw an empty
 * canvas. Each rule is a badge on its tool, in the order Claude Code evaluates the rules (deny →
 * ask → allow, the Policy view's order), numbered by its place in the settings (review 15); MCP tools carry their server as their group; a
 * rule Claude Code never consults dims its tool when it is the tool's only rule.
 */
import { describe, expect, it } from 'vitest';
import { loadRuleFile } from '../../src/core/codecs/load.ts';
import { checkFiles } from '../../src/core/check.ts';
import { agentToolGraph as toolGraph } from '../../src/core/graph/agentToolGraph.ts';
import { claudeRulesInOrder } from '../../src/core/graph/claudeGraph.ts';
import { patchToolGraph } from '../../src/core/graph/toolGraphPatch.ts';
import { toolNodeSize, toolNodeSizeOf, toolNodeSizeOfTexts } from '../../src/app/layout/placement.ts';

const SETTINGS = `{
  "permissions": {
    "allow": ["Bash(npm test *)", "Read(src/**)", "mcp__github__create_issue", "WebFetch(domain:docs.python.org)"],
    "ask": ["Bash(git push *)"],
    "deny": ["Bash(curl *)", "Write(docs/**)", "mcp__slack"]
  }
}
`;

function graphOf(text: string) {
  const file = loadRuleFile('.claude/settings.json', text);
  const agent = file.agents[0];
  if (!agent) throw new Error('no agent');
  return { agent, graph: toolGraph(agent, checkFiles([file])) };
}

describe('the tool graph of Claude Code settings', () => {
  it('draws a node per tool with each rule as a badge, in evaluation order, numbered by its place in the settings', () => {
    const { agent, graph } = graphOf(SETTINGS);
    expect(agent.family).toBe('claude');
    const order = claudeRulesInOrder(agent).map((r) => `${r.source.list} ${r.source.text}`);
    expect(order).toEqual([
      'deny Bash(curl *)',
      'deny Write(docs/**)',
      'deny mcp__slack',
      'ask Bash(git push *)',
      'allow Bash(npm test *)',
      'allow Read(src/**)',
      'allow mcp__github__create_issue',
      'allow WebFetch(domain:docs.python.org)',
    ]);
    const bash = graph.nodes.find((n) => n.id === 'Bash');
    expect(bash?.badges.map((b) => [b.kind, b.text, b.rule])).toEqual([
      ['deny', 'deny curl *', 5],
      ['ask', 'ask git push *', 4],
      ['allow', 'allow npm test *', 0],
    ]);
    expect(graph.nodes.find((n) => n.id === 'WebFetch')?.badges[0]?.text).toBe('allow domain:docs.python.org');
    expect(graph.edges).toEqual([]);
    // Every rule is on exactly one node.
    expect(graph.nodes.flatMap((n) => n.rules).sort((a, b) => a - b)).toEqual(order.map((_, i) => i));
  });

  it("puts MCP tools in their server's group, after the built-in tools", () => {
    const { graph } = graphOf(SETTINGS);
    const ids = graph.nodes.map((n) => n.id);
    expect(ids.slice(-2).sort()).toEqual(['mcp__github__create_issue', 'mcp__slack']);
    expect(graph.nodes.find((n) => n.id === 'mcp__github__create_issue')).toMatchObject({ group: 'github', label: 'create_issue' });
    expect(graph.nodes.find((n) => n.id === 'mcp__slack')).toMatchObject({ group: 'slack', label: 'all tools' });
    expect(graph.nodes.find((n) => n.id === 'Bash')?.group).toBeUndefined();
  });

  it('dims a tool whose only rule Claude Code never consults, and says why', () => {
    const { graph } = graphOf(SETTINGS);
    const write = graph.nodes.find((n) => n.id === 'Write');
    expect(write?.badges[0]).toMatchObject({ kind: 'deny', inert: true });
    expect(write?.dimmed).toBe(true);
    expect(write?.reason).toMatch(/ignore their specifier/);
    // The diagnostic about the rule is on its node.
    expect(write?.problems.some((p) => /^C\d{3}: /.test(p))).toBe(true);
    // A tool with a rule that works is not dimmed.
    expect(graph.nodes.find((n) => n.id === 'Bash')?.dimmed).toBe(false);
  });

  it('is not patched from the last graph as a Pattern agent would be (its rules are in the settings)', () => {
    const before = graphOf(SETTINGS);
    const after = graphOf(SETTINGS.replace('"Bash(git push *)"', '"Bash(git push *)", "Bash(rm *)"'));
    expect(patchToolGraph(before.graph, before.agent, after.agent)).toBeUndefined();
    expect(after.graph.nodes.find((n) => n.id === 'Bash')?.badges.map((b) => b.text)).toContain('ask rm *');
  });

  it('draws nothing but says so for settings without rules', () => {
    const { graph } = graphOf('{ "permissions": { "defaultMode": "acceptEdits" } }\n');
    expect(graph.nodes).toEqual([]);
  });
});

describe('the size estimate of a permission node', () => {
  it('grows with its badges’ texts, one too long for a row taking lines of its own', () => {
    const short = toolNodeSizeOfTexts(['allow ls', 'deny rm']);
    const long = toolNodeSizeOfTexts(['allow ls', 'deny rm', 'allow git push origin feature/*', 'allow domain:docs.npmjs.com']);
    expect(long.height).toBeGreaterThan(short.height + 3 * 17);
    // The Pattern estimate (two badges a row) is kept for other nodes.
    expect(toolNodeSizeOf({ badges: [{ text: 'a very long badge text indeed' }] })).toEqual(toolNodeSize(1));
    expect(toolNodeSizeOf({ badges: [{ text: 'a very long badge text indeed' }], permissions: true }).height).toBeGreaterThan(toolNodeSize(1).height);
  });
});

// Review17 #7: an allow the checker finds can never apply (C021: a broader deny is checked first)
// was an ordinary green chip, while an ignored rule's chip is struck through.
describe('a rule the checker says never applies', () => {
  it('is drawn as an ignored rule is (inert), with the finding in its tooltip; a live rule is not', () => {
    const text = `{ "permissions": { "deny": ["WebFetch"], "ask": ["Bash(git push *)"], "allow": ["WebFetch(domain:developer.mozilla.org)", "Bash(npm test *)", "Bash(git push origin *)"] } }`;
    const { graph } = graphOf(text);
    const fetch = graph.nodes.find((n) => n.id === 'WebFetch')!;
    const allow = fetch.badges.find((b) => b.kind === 'allow')!;
    expect(allow.inert).toBe(true);
    expect(allow.title).toMatch(/Never applies \(C021\): .*checks deny rules first/);
    expect(fetch.badges.find((b) => b.kind === 'deny')!.inert).toBeUndefined();
    const bash = graph.nodes.find((n) => n.id === 'Bash')!;
    // ask git push *, allow npm test *, allow git push origin * (the ask is checked first: C020)
    expect(bash.badges.map((b) => b.inert === true)).toEqual([false, false, true]);
    expect(bash.badges[2]!.title).toMatch(/Never applies \(C020\)/);
  });
});
