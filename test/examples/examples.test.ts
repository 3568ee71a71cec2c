/**
 * Every shared example imports with the diagnostics it deserves, and every curated example of the
 * gallery loads clean and survives export → import unchanged.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadRuleFile } from '../../src/core/codecs/load.ts';
import { writeRuleFile } from '../../src/core/codecs/write.ts';
import { checkLoadedFile } from '../../src/core/check.ts';
import { replayItems } from '../../src/core/engine/replay.ts';
import { verifyFiles } from '../../src/core/verify/explore.ts';
import { readTrace } from '../../src/core/traces/index.ts';
import { EXAMPLES_DIR } from '../data/paths.ts';

const SHARED = EXAMPLES_DIR;
const check = (dir: string, name: string) => {
  const f = loadRuleFile(name, readFileSync(join(dir, name), 'utf8'));
  return { file: f, diagnostics: checkLoadedFile(f) };
};
const codes = (ds: { code: string; severity: string }[]) => [...new Set(ds.map((d) => `${d.severity} ${d.code}`))].sort();

describe('shared examples import with the diagnostics they deserve', () => {
  it('design-data-processor.toml: design-era forms normalised; start and exit tools it never declares', () => {
    const { file, diagnostics } = check(SHARED, 'design-data-processor.toml');
    expect(codes(diagnostics)).toEqual(['error T004', 'info F010', 'warning T013']);
    expect(file.agents[0]?.rules.map((r) => r.rule_type.type)).toEqual([
      'StartConstraint',
      'RequiresPrecedingTools',
      'ContinueLoop',
      'ExitLoop',
      'RequiredBeforeExit',
    ]);
    const t004 = diagnostics.filter((d) => d.code === 'T004').map((d) => d.message);
    expect(t004.join('\n')).toMatch(/initialize_db[\s\S]*never start/);
    expect(t004.join('\n')).toMatch(/close_connections[\s\S]*never exit/);
  });

  it('design-smart-assistant.toml: a wildcard NoHeartbeat, a cleanup tool it never declares', () => {
    const { file, diagnostics } = check(SHARED, 'design-smart-assistant.toml');
    expect(codes(diagnostics)).toEqual(['error T004', 'info F010', 'warning T013']);
    expect(file.agents[0]?.rules[0]).toMatchObject({ tool_name: '*', rule_type: { type: 'ContinueLoop' }, conditions: ['calculate', 'format_text', 'validate'] });
  });

  it('docs-data-processor.toml and docs-etl-pipeline.toml: only normalisations', () => {
    expect(codes(check(SHARED, 'docs-data-processor.toml').diagnostics)).toEqual(['info F010']);
    const etl = check(SHARED, 'docs-etl-pipeline.toml');
    expect(codes(etl.diagnostics)).toEqual(['info F010']);
    expect(etl.file.agents[0]?.name).toBe('docs-etl-pipeline');
  });

  it('gating-file-tool.toml: externally tagged AllowedOperations, values sorted', () => {
    const { file, diagnostics } = check(SHARED, 'gating-file-tool.toml');
    expect(codes(diagnostics)).toEqual(['info F010']);
    expect(file.agents[0]?.rules[0]?.rule_type).toEqual({ type: 'AllowedOperations', value: ['append', 'read'] });
    expect(file.agents[0]?.rules[0]?.priority).toBe(0);
  });

  it('hegel-minimal.yaml and hegel-execution.yaml load clean', () => {
    expect(check(SHARED, 'hegel-minimal.yaml').diagnostics).toEqual([]);
    const exec = check(SHARED, 'hegel-execution.yaml');
    expect(exec.diagnostics).toEqual([]);
    expect(exec.file.workflows[0]?.nodes.map((n) => n.name)).toEqual(['spec', 'plan', 'code', 'code_review', 'readme']);
  });

  it('spec-code-node.yaml: a partial seed-form workflow with a missing node', () => {
    const { file, diagnostics } = check(SHARED, 'spec-code-node.yaml');
    expect(codes(diagnostics)).toEqual(['error F003', 'error W001', 'error W002', 'info F010', 'warning W004']);
    expect(file.workflows[0]?.nodes[0]?.rules.map((r) => r.type)).toEqual(['repeated_command', 'repeated_file_edit', 'phase_timeout', 'token_budget']);
  });

  it('covers every shared rule file', () => {
    const files = readdirSync(SHARED).filter((f) => /\.(toml|ya?ml|json)$/.test(f));
    expect(files.sort()).toEqual([
      'design-data-processor.toml',
      'design-smart-assistant.toml',
      'docs-data-processor.toml',
      'docs-etl-pipeline.toml',
      'gating-file-tool.toml',
      'hegel-execution.yaml',
      'hegel-minimal.yaml',
      'spec-code-node.yaml',
    ]);
  });
});

describe('curated gallery examples', () => {
  const names = readdirSync('examples').filter((f) => /\.(toml|ya?ml)$/.test(f) && !/\.test\.ya?ml$/.test(f));
  it('has the seven promised examples', () => {
    expect(names.sort()).toEqual([
      'api-client.toml',
      'consent-shell.toml',
      'etl-pipeline.toml',
      'file-tool-gating.toml',
      'hegel-execution.yaml',
      'hegel-minimal.yaml',
      'release-deadlock.toml',
    ]);
  });
  it.each(names)('%s loads with no errors or warnings and round-trips through its own format', (name) => {
    const { file, diagnostics } = check('examples', name);
    expect(diagnostics.filter((d) => d.severity !== 'info')).toEqual([]);
    const format = name.endsWith('.toml') ? 'toml' : 'yaml';
    const written = writeRuleFile(file, format);
    expect(written.diagnostics).toEqual([]);
    const again = loadRuleFile(name, written.text);
    expect({ agents: again.agents, workflows: again.workflows }).toEqual({ agents: file.agents, workflows: file.workflows });
  });
});

describe('release-deadlock.toml (the verifier’s example)', () => {
  it('verifies to the deadlock and the trap its comment promises, each replaying to it', () => {
    const { file } = check('examples', 'release-deadlock.toml');
    const r = verifyFiles([file]);
    expect(r.diagnostics.map((d) => [d.code, d.severity, d.trace?.step])).toEqual([
      ['V001', 'error', 7],
      ['V003', 'warning', 1],
    ]);
    expect(r.diagnostics[0]?.message).toContain('Deadlock after `lock_branch` → `hotfix`');
    const replayed = replayItems(readTrace('t.yaml', r.diagnostics[0]?.trace?.yaml ?? '').items, { agent: file.agents[0] });
    expect(replayed.filter((d) => d.event === 6).map((d) => d.kind)).toEqual(['blocked', 'exit_blocked']);
  });
});

describe('guided walk-through traces', () => {
  const replay = (ruleFile: string, trace: string) =>
    replayItems(readTrace(trace, readFileSync(`examples/traces/${trace}`, 'utf8')).items, {
      ...(ruleFile.endsWith('.toml')
        ? { agent: loadRuleFile(ruleFile, readFileSync(`examples/${ruleFile}`, 'utf8')).agents[0] }
        : { workflow: loadRuleFile(ruleFile, readFileSync(`examples/${ruleFile}`, 'utf8')).workflows[0] }),
    });

  it('etl-walkthrough.yaml shows what its comments promise', () => {
    const ds = replay('etl-pipeline.toml', 'etl-walkthrough.yaml');
    const brief = ds.map((d) =>
      [d.kind, 'tool' in d ? d.tool : '', 'code' in d ? d.code : '', 'reason' in d ? d.reason : ''].filter(Boolean).join(' '),
    );
    expect(brief).toEqual([
      'auto connect_db start_constraint',
      'blocked transform PrerequisitesNotMet',
      'allowed extract',
      'allowed transform',
      'allowed load',
      'blocked load MaxCallsExceeded',
      'allowed send_message',
      'auto disconnect_db exit_requirement',
      'exit',
      'ignored extract',
      'auto connect_db start_constraint',
      'blocked load PrerequisitesNotMet',
    ]);
  });

  it('execution-session.yaml: phases advance, a build loop and a missing commit interrupt', () => {
    const ds = replay('hegel-execution.yaml', 'execution-session.yaml');
    const brief = ds.map((d) => (d.kind === 'transition' ? `${d.from}→${d.to}` : d.kind === 'interrupt' ? `interrupt ${d.node} ${d.ruleType}` : d.kind));
    expect(brief).toEqual([
      'START→spec',
      'spec→plan',
      'plan→code',
      'interrupt code repeated_command',
      'code→code_review',
      'code_review→readme',
      'interrupt readme require_commits',
      'readme→done',
    ]);
  });
});
