/**
 * Issue 27, item 4: Letta files Letta reads and Rule Studio refused. The older single-agent `.af`
 * (the agent's fields at the top level, tools inline, no `agents` list: agent-file's 2025 history)
 * reads as a Letta agent; a `.af` with a repeated JSON key reads as Letta's loader (Python's
 * `json`) reads it, keeping the last, with a warning at the repeated key.
 *
 * `fixtures/composio_github_star_agent.2025-03-23.af` is `composio_github_star_agent.af` of
 * letta-ai/agent-file at commit 4ad5d7379e435a7bc2c3f915e49bb9c00f18e307 (2025-03-23), unchanged.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkLoadedFile } from '../../src/core/check.ts';
import { editAgentText } from '../../src/core/codecs/edit/editText.ts';
import { loadRuleFile } from '../../src/core/codecs/load.ts';
import { runCli } from '../cli/harness.ts';

const OLD_AF = readFileSync(
  'test/codecs-letta/fixtures/composio_github_star_agent.2025-03-23.af',
  'utf8',
);
const errorsOf = (name: string, text: string) =>
  checkLoadedFile(loadRuleFile(name, text)).filter((d) => d.severity === 'error');

/** A small single-agent file of the older form. */
const SMALL_OLD = JSON.stringify(
  {
    agent_type: 'memgpt_agent',
    name: 'old-style',
    llm_config: { model: 'gpt-4o-mini' },
    tools: [{ name: 'lookup' }, { name: 'send_message' }],
    tool_rules: [
      { tool_name: 'lookup', type: 'run_first' },
      { tool_name: 'send_message', type: 'exit_loop' },
    ],
  },
  null,
  2,
);

describe('older single-agent .af files', () => {
  it('agent-file @ 4ad5d737 (2025-03-23): read as one Letta agent with its inline tools and rules, no error', () => {
    const file = loadRuleFile('composio_github_star_agent.af', OLD_AF);
    expect(file.agents).toHaveLength(1);
    const agent = file.agents[0];
    expect(agent?.family).toBe('letta');
    expect(agent?.name).toBe(JSON.parse(OLD_AF).name);
    expect(agent?.tools.map((t) => t.name)).toEqual([
      'send_message',
      'archival_memory_search',
      'conversation_search',
      'core_memory_append',
      'archival_memory_insert',
      'core_memory_replace',
      'github_star_a_repository_for_the_authenticated_user',
    ]);
    expect(agent?.lettaRules?.map((r) => `${r.type} ${r.tool_name}`)).toEqual([
      'exit_loop send_message',
      'continue_loop archival_memory_insert',
      'continue_loop archival_memory_search',
      'continue_loop conversation_search',
    ]);
    expect(errorsOf('composio_github_star_agent.af', OLD_AF)).toEqual([]);
  });

  const HISTORY = 'test/codecs-letta/fixtures/agent-file-history';
  const history = readdirSync(HISTORY).filter((f) => f.endsWith('.af'));

  it('has the four history copies (see their README for source and commit)', () => {
    expect(history).toHaveLength(4);
  });

  it.each(history)(
    'agent-file history %s: one Letta agent, every tool and rule, no error diagnostic',
    (f) => {
      const text = readFileSync(`${HISTORY}/${f}`, 'utf8');
      const raw = JSON.parse(text) as { name: string; tools: unknown[]; tool_rules?: unknown[] };
      const file = loadRuleFile(f, text);
      expect(
        file.agents.map((a) => [a.name, a.family, a.tools.length, a.lettaRules?.length]),
      ).toEqual([[raw.name, 'letta', raw.tools.length, raw.tool_rules?.length ?? 0]]);
      expect(errorsOf(f, text)).toEqual([]);
    },
  );

  it('a rule edit patches the top-level tool_rules in place and keeps every other key', () => {
    const [a] = loadRuleFile('old.af', SMALL_OLD).agents;
    const after = { ...a!, lettaRules: a!.lettaRules!.filter((r) => r.type !== 'run_first') };
    const r = editAgentText('old.af', SMALL_OLD, a!, after);
    expect(r.how).toBe('patched');
    const v = JSON.parse(r.text) as Record<string, unknown>;
    expect(v['tool_rules']).toEqual([{ tool_name: 'send_message', type: 'exit_loop' }]);
    expect({ ...v, tool_rules: undefined }).toEqual({
      ...(JSON.parse(SMALL_OLD) as object),
      tool_rules: undefined,
    });
  });

  it('replays under profile letta: run_first decides the first call', async () => {
    const trace =
      '{"type":"tool_call","tool":"send_message","time":"2026-01-01T00:00:00Z"}\n{"type":"tool_call","tool":"lookup","time":"2026-01-01T00:00:01Z"}\n';
    const r = await runCli(['simulate', 'old.af', '--profile', 'letta', '--trace', 't.jsonl'], {
      'old.af': SMALL_OLD,
      't.jsonl': trace,
    });
    expect(r.code).toBe(0);
    expect(
      r.stdout
        .split('\n')
        .filter(Boolean)
        .map((l) => (JSON.parse(l) as { kind: string }).kind),
    ).toEqual(['blocked', 'allowed']);
  });

  it('a Pattern JSON agent is not mistaken for one', () => {
    const pattern = JSON.stringify({
      name: 'p',
      tools: ['a'],
      tool_rules: [{ tool_name: 'a', rule_type: { type: 'MaxCalls', value: 1 } }],
    });
    expect(loadRuleFile('p.json', pattern).agents[0]?.family).not.toBe('letta');
  });
});

describe('a repeated JSON key', () => {
  /** The refund example with `tool_rules` of its agent given twice: the first (empty) one is dropped. */
  const example = readFileSync('examples/letta-refund-agent.af', 'utf8');
  const repeated = example.replace(/"tool_rules": \[/, '"tool_rules": [],\n      "tool_rules": [');

  it('repro: a .af with a duplicated key reads as Letta reads it (the last kept), a warning at the repeated key', () => {
    expect(repeated).not.toBe(example);
    const file = loadRuleFile('refund.af', repeated);
    const original = loadRuleFile('refund.af', example);
    expect(file.agents[0]?.lettaRules).toEqual(original.agents[0]?.lettaRules);
    const dup = file.diagnostics.filter((d) => d.code === 'F012');
    expect(dup).toHaveLength(1);
    expect(dup[0]?.severity).toBe('warning');
    const line =
      repeated
        .split('\n')
        .findIndex(
          (l, i, all) =>
            l.includes('"tool_rules": [') &&
            all.slice(0, i).some((p) => p.includes('"tool_rules": [],')),
        ) + 1;
    expect(dup[0]?.range.start.line).toBe(line);
    expect(dup[0]?.message).toContain("Letta's loader (Python's json) keeps the last one");
    expect(checkLoadedFile(file).filter((d) => d.severity === 'error')).toEqual([]);
  });

  it('a Pattern JSON agent with a repeated key is still refused (serde refuses a repeated field)', () => {
    const text = '{"name": "p", "tool_rules": [], "tool_rules": []}';
    const d = loadRuleFile('p.json', text).diagnostics;
    expect(d.map((x) => [x.code, x.severity])).toEqual([['F001', 'error']]);
    expect(d[0]?.message).toContain('Object keys must be unique: `tool_rules`');
  });
});
