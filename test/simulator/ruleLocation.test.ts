/**
 * Where the rule behind a decision is written (review of 2026-11-29: a blocked step showed the
 * engine's message and not where its rule is): the file and the line and column the rule starts
 * at, for tool rules, workflow rules and Claude Code permission rules, from the loaded files.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadRuleFile } from '../../src/core/codecs/load.ts';
import { prepareSimulation } from '../../src/core/simulate.ts';
import { createReplay } from '../../src/core/engine/replay.ts';
import { explainDecision } from '../../src/core/simulator/explain.ts';
import { ruleLocator, sourceAtText } from '../../src/core/simulator/ruleLocation.ts';

const load = (path: string) => loadRuleFile(path.split('/').pop() as string, readFileSync(path, 'utf8'));

describe('ruleLocator', () => {
  it('finds a tool rule at its [[tool_rules]] header', () => {
    const files = [load('examples/etl-pipeline.toml')];
    const { agent } = prepareSimulation(files);
    const locate = ruleLocator(files, agent);
    const at = locate({ kind: 'tool', index: 2 });
    expect(at).toEqual({ file: 'etl-pipeline.toml', line: 25, column: 1 });
    expect(sourceAtText(at!)).toBe('etl-pipeline.toml:25:1');
    expect(locate({ kind: 'tool', index: 999 })).toBeUndefined();
  });

  it('finds a workflow rule of a node, and a Claude Code rule in its settings file', () => {
    const wfFiles = [load('examples/hegel-execution.yaml')];
    const { workflow } = prepareSimulation(wfFiles);
    const text = readFileSync('examples/hegel-execution.yaml', 'utf8').split('\n');
    const at = ruleLocator(wfFiles, undefined, workflow)({ kind: 'workflow', node: 'code', index: 1 });
    expect(at?.file).toBe('hegel-execution.yaml');
    expect(text[(at?.line ?? 0) - 1]).toContain('type: repeated_command');

    const claudeFiles = [load('examples/claude-code-settings.json')];
    const claude = prepareSimulation(claudeFiles).agent;
    const first = ruleLocator(claudeFiles, claude)({ kind: 'tool', index: 0 });
    expect(first?.file).toMatch(/claude-code-settings\.json$/);
    expect(readFileSync('examples/claude-code-settings.json', 'utf8').split('\n')[(first?.line ?? 0) - 1]).toContain('Bash(npm test *)');
  });

  it('gives a blocked call its rule place; the engine message stays apart from the sentence', () => {
    const files = [load('examples/etl-pipeline.toml')];
    const { agent } = prepareSimulation(files);
    const replay = createReplay({ agent: agent! });
    const ds = replay.push({ kind: 'event', event: { type: 'tool_call', time: Date.UTC(2025, 0, 1, 10), tool: 'transform', args: {}, outcome: 'ok', duration_ms: 0 } });
    const blocked = ds.find((d) => d.kind === 'blocked');
    expect(blocked).toBeDefined();
    const e = explainDecision(blocked!, { agent: agent!, state: replay.snapshot(), locateRule: ruleLocator(files, agent) });
    expect(e.summary).toMatch(/^`transform` was blocked by rule #\d+: it needs `extract` to be called first/);
    expect(e.ruleAt?.file).toBe('etl-pipeline.toml');
    expect(e.engine?.code).toBe('PrerequisitesNotMet');
    expect([e.summary, ...e.details].join('\n')).not.toContain(e.engine?.message ?? '');
  });
});
