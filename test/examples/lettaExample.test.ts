/**
 * The gallery's Letta example (`examples/letta-refund-agent.af`) and its walk-through
 * (`examples/traces/letta-refund-walkthrough.yaml`): it loads clean as a Letta agent, and the
 * walk-through under profile `letta` gives the decisions its comments promise, in the library and
 * through `rule-studio simulate --profile letta`.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { agentFileSentence } from '../../src/app/dialogs/exampleInfo.ts';
import { checkLoadedFile } from '../../src/core/check.ts';
import { loadRuleFile } from '../../src/core/codecs/load.ts';
import type { Decision } from '../../src/core/engine/decisions.ts';
import { replayItems } from '../../src/core/engine/replay.ts';
import { readTrace } from '../../src/core/traces/index.ts';
import { runCli } from '../cli/harness.ts';

const AGENT = 'examples/letta-refund-agent.af';
const TRACE = 'examples/traces/letta-refund-walkthrough.yaml';
const load = () => loadRuleFile('letta-refund-agent.af', readFileSync(AGENT, 'utf8'));

const brief = (ds: readonly Decision[]) =>
  ds.map((d) => [d.kind, 'tool' in d ? d.tool : '', 'rule' in d && d.rule !== undefined ? `#${d.rule + 1}` : '', 'pending' in d ? d.pending.join(',') : ''].filter(Boolean).join(' '));

const EXPECTED = [
  'blocked check_refund_eligibility #1', // run_first: lookup_order first
  'allowed lookup_order',
  'blocked issue_refund #2', // child rule of lookup_order
  'allowed check_refund_eligibility',
  'allowed issue_refund', // "eligible" → issue_refund
  'allowed send_message',
  'exit_blocked archival_memory_insert', // required before exit
  'allowed archival_memory_insert',
  'allowed send_message',
  'exit',
  'blocked send_message #1', // a new step: run_first again
  'allowed lookup_order',
  'allowed check_refund_eligibility',
  'blocked issue_refund #3', // "ineligible" → escalate_to_human only
  'allowed send_message', // the refused call's error is the last output: default child
  'exit_blocked archival_memory_insert',
  'allowed archival_memory_insert',
  'allowed send_message',
  'exit',
];

describe('the Letta example', () => {
  it('loads as a Letta agent with its six tools and rules, and no diagnostics', () => {
    const file = load();
    expect(checkLoadedFile(file)).toEqual([]);
    const agent = file.agents[0];
    expect(agent?.family).toBe('letta');
    expect(agent?.tools.map((t) => t.name)).toEqual(['lookup_order', 'check_refund_eligibility', 'issue_refund', 'escalate_to_human', 'archival_memory_insert', 'send_message']);
    expect(agent?.lettaRules?.map((r) => r.type)).toEqual(['run_first', 'constrain_child_tools', 'conditional', 'max_count_per_step', 'required_before_exit', 'exit_loop']);
  });

  it('has a gallery description from the agent file', () => {
    expect(agentFileSentence(readFileSync(AGENT, 'utf8'))).toBe(
      'A Letta support agent that settles refund requests: it looks the order up first, lets the eligibility check pick the next step, and records the case before it replies.',
    );
  });

  it('the walk-through shows run_first, child, conditional, terminal and refused calls under profile letta', () => {
    const agent = load().agents[0];
    const ds = replayItems(readTrace('letta-refund-walkthrough.yaml', readFileSync(TRACE, 'utf8')).items, { ...(agent ? { agent } : {}), settings: { profile: 'letta' } });
    expect(brief(ds)).toEqual(EXPECTED);
    const conditional = ds[13] as Extract<Decision, { kind: 'blocked' }>;
    expect(conditional.message).toBe(
      "[ToolConstraintError] Cannot call issue_refund, valid tools include: ['escalate_to_human'].\n** Hint: Possible rules that were violated:\n" +
        '\t- <tool_rule>\ncheck_refund_eligibility will determine which tool to use next based on its output\n</tool_rule>\n' +
        '\t- <tool_rule>\nissue_refund: at most 1 use(s) per response\n</tool_rule>',
    );
  });

  it('under the spec profile the same trace refuses nothing (the spec reads no Letta rule)', () => {
    const agent = load().agents[0];
    const ds = replayItems(readTrace('w.yaml', readFileSync(TRACE, 'utf8')).items, { ...(agent ? { agent } : {}), settings: { profile: 'spec' } });
    expect(ds.filter((d) => d.kind === 'blocked')).toEqual([]);
  });

  it('rule-studio simulate --profile letta prints the same decisions', async () => {
    const r = await runCli(['simulate', AGENT, '--trace', TRACE, '--profile', 'letta']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const ds = r.stdout.trim().split('\n').map((l) => JSON.parse(l) as Decision);
    expect(brief(ds)).toEqual(EXPECTED);
  });

  it('rule-studio describe prints the tool_usage_rules block Letta compiles', async () => {
    const r = await runCli(['describe', AGENT]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('<tool_usage_rules>');
    expect(r.stdout).toContain('After using lookup_order, you must use one of these tools: check_refund_eligibility, send_message');
    expect(r.stdout).toContain('send_message ends your response (yields control) when called');
  });
});
