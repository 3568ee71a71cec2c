import { describe, expect, it } from 'vitest';
import { runCli } from './harness.ts';
import { example } from '../data/paths.ts';

describe('cli convert', () => {
  it('normalises a design-era file to what Pattern loads, with the normalisations on stderr', async () => {
    const r = await runCli(['convert', example('docs-data-processor.toml'), '--to', 'toml']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(
      [
        '[[agents]]',
        'name = "DataProcessor"',
        'tools = ["load_data", "validate", "process", "save_results"]',
        '',
        '[[agents.tool_rules]]',
        'tool_name = "load_data"',
        'rule_type = { type = "StartConstraint" }',
        'priority = 10',
        '',
        '[[agents.tool_rules]]',
        'tool_name = "validate"',
        'rule_type = { type = "RequiresPrecedingTools" }',
        'conditions = ["load_data"]',
        'priority = 8',
        '',
        '[[agents.tool_rules]]',
        'tool_name = "process"',
        'rule_type = { type = "MaxCalls", value = 3 }',
        '',
        '[[agents.tool_rules]]',
        'tool_name = "save_results"',
        'rule_type = { type = "ExitLoop" }',
        'priority = 9',
        '',
      ].join('\n'),
    );
    expect(r.stderr).toContain('info F010');
  });

  it('writes a seed workflow in hegel form and round-trips through JSON', async () => {
    const wf = 'mode: m\nstart_node: a\nnodes:\n  a:\n    prompt: A\n    transitions:\n      - when: go\n        to: done\n    rules:\n      - phase_timeout: { max_duration_secs: 600 }\n';
    const yaml = await runCli(['convert', 'w.yaml', '--to', 'yaml'], { 'w.yaml': wf });
    expect(yaml.code).toBe(0);
    expect(yaml.stdout).toContain('- type: phase_timeout\n        max_duration: 600');
    const json = await runCli(['convert', 'w.yaml', '--to', 'json'], { 'w.yaml': wf });
    const back = await runCli(['convert', 'w.json', '--to', 'yaml'], { 'w.json': json.stdout });
    expect(back.stdout).toBe(yaml.stdout);
  });

  it('refuses a file with errors (exit 1) and prints nothing on stdout', async () => {
    const r = await runCli(['convert', 'x.toml', '--to', 'json'], { 'x.toml': '[[tool_rules]]\ntool_name = "a"\nrule_type = "Bogus"\n' });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('F002');
  });

  it('an agent file with [[agent.tool_rules]] (shape of orual/pattern bsky_agent/agents/anchor.toml): one agent, F011, and --move-agent-rules moves them', async () => {
    const anchor = 'name = "Anchor"\nbluesky_handle = "a.b"\n\n[[agent.tool_rules]]\ntool_name = "send_message"\nrule_type = { type = "ExitLoop" }\npriority = 8\n';
    const plain = await runCli(['convert', 'anchor.toml', '--to', 'toml'], { 'anchor.toml': anchor });
    expect(plain.code).toBe(0);
    expect(plain.stdout.match(/\[\[agents\]\]/g)).toHaveLength(1);
    expect(plain.stdout).not.toContain('[[agents.tool_rules]]');
    expect(plain.stderr).toContain('F011');
    const moved = await runCli(['convert', 'anchor.toml', '--to', 'toml', '--move-agent-rules'], { 'anchor.toml': anchor });
    expect(moved.code).toBe(0);
    expect(moved.stderr).toBe('');
    expect(moved.stdout).toBe(
      ['[[agents]]', 'name = "Anchor"', 'bluesky_handle = "a.b"', '', '[[agents.tool_rules]]', 'tool_name = "send_message"', 'rule_type = { type = "ExitLoop" }', 'priority = 8', ''].join('\n'),
    );
  });

  it('needs --to', async () => {
    expect((await runCli(['convert', 'examples/etl-pipeline.toml'])).code).toBe(2);
  });
});

describe('cli describe', () => {
  it('prints the usage block of the agent, exit 0', async () => {
    const r = await runCli(['describe', 'examples/etl-pipeline.toml']);
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n').slice(0, 3)).toEqual(['# Tool Execution Rules', '', '- Call `connect_db` first before any other tools']);
  });

  it('labels each agent when a file holds several', async () => {
    const two = '[[agents]]\nname = "a"\n[[agents.tool_rules]]\ntool_name = "x"\nrule_type = { type = "ExitLoop" }\n[[agents]]\nname = "b"\n[[agents.tool_rules]]\ntool_name = "y"\nrule_type = { type = "Needed" }\n';
    const r = await runCli(['describe', 'two.toml'], { 'two.toml': two });
    expect(r.stdout).toContain('<!-- agent: a -->\n# Tool Execution Rules\n\n- The conversation will end after calling `x`');
    expect(r.stdout).toContain('<!-- agent: b -->\n# Tool Execution Rules\n\n- Use `y` to work with this');
  });
});
