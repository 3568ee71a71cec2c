/**
 * The pre-commit hooks (`.pre-commit-hooks.yaml`), the README's pre-commit recipe and the GitHub
 * Action's script (`action.yml` → `scripts/action.sh`), run as pre-commit and the runner would.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './harness.ts';

interface Hook {
  id: string;
  entry: string;
  files: string;
  exclude?: string;
}

const BROKEN = 'name = "a"\n\n[[tool_rules]]\ntool_name = "x"\nrule_type = { type = "Nope" }\n';

let repo = '';
beforeAll(() => {
  repo = mkdtempSync(join(tmpdir(), 'rule-studio-hooks-'));
  writeFileSync(join(repo, 'broken.toml'), BROKEN);
  writeFileSync(
    join(repo, '.pre-commit-config.yaml'),
    readFileSync('README.md', 'utf8').match(/```yaml\n(repos:[\s\S]*?)```/)?.[1] ?? 'repos: []\n',
  );
  writeFileSync(join(repo, 'pyproject.toml'), '[project]\nname = "x"\nversion = "1.0"\n');
  writeFileSync(join(repo, 'ci.yaml'), 'on: push\njobs: {}\n');
  cpSync('examples/api-client.toml', join(repo, 'api-client.toml'));
  cpSync('examples/api-client.test.yaml', join(repo, 'api-client.test.yaml'));
});
afterAll(() => rmSync(repo, { recursive: true, force: true }));

/** What pre-commit passes a hook: the staged files its `files` matches and `exclude` does not. */
function staged(hook: { files: string; exclude?: string }): string[] {
  return readdirSync(repo)
    .filter(
      (f) => new RegExp(hook.files).test(f) && !(hook.exclude && new RegExp(hook.exclude).test(f)),
    )
    .map((f) => join(repo, f));
}

const argsOf = (entry: string) => entry.split(/\s+/).slice(1);

describe('pre-commit', () => {
  const hooks = parse(readFileSync('.pre-commit-hooks.yaml', 'utf8')) as Hook[];

  it('the check hook flags only the broken rule file among ordinary YAML and TOML', async () => {
    const hook = hooks.find((h) => h.id === 'rule-studio-check') as Hook;
    const files = staged(hook);
    expect(files.map((f) => f.slice(repo.length + 1)).sort()).toEqual([
      '.pre-commit-config.yaml',
      'api-client.toml',
      'broken.toml',
      'ci.yaml',
      'pyproject.toml',
    ]);
    const r = await runCli([...argsOf(hook.entry), ...files]);
    expect(r.code).toBe(1);
    const flagged = new Set(
      r.stdout
        .trim()
        .split('\n')
        .map((l) => l.slice(0, l.indexOf(':'))),
    );
    expect([...flagged]).toEqual([join(repo, 'broken.toml')]);
  });

  it("the README's recipe runs the same way", async () => {
    const config = parse(readFileSync(join(repo, '.pre-commit-config.yaml'), 'utf8')) as {
      repos: { hooks: Hook[] }[];
    };
    const hook = config.repos[0]?.hooks[0] as Hook;
    expect(hook.entry).toMatch(/^rule-studio check/);
    const r = await runCli([...argsOf(hook.entry), ...staged(hook)]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('broken.toml');
    expect(r.stdout).not.toMatch(/pre-commit-config|pyproject|ci\.yaml|F003/);
  });
});

describe('GitHub Action', () => {
  const runAction = (paths: string, env: Record<string, string> = {}) => {
    const summary = join(mkdtempSync(join(tmpdir(), 'rule-studio-summary-')), 'summary.md');
    writeFileSync(summary, '');
    const r = spawnSync('bash', ['scripts/action.sh'], {
      encoding: 'utf8',
      timeout: 120_000,
      env: {
        ...process.env,
        RULE_STUDIO: `node ${resolve('bin/rule-studio.mjs')}`,
        INPUT_PATHS: paths,
        GITHUB_STEP_SUMMARY: summary,
        ...env,
      },
    });
    return { ...r, summary: readFileSync(summary, 'utf8') };
  };

  it('action.yml runs the script with its inputs', () => {
    const action = parse(readFileSync('action.yml', 'utf8')) as {
      runs: { using: string; steps: { run: string; env?: Record<string, string> }[] };
    };
    expect(action.runs.using).toBe('composite');
    const last = action.runs.steps.at(-1);
    expect(last?.run).toContain('scripts/action.sh');
    expect(Object.keys(last?.env ?? {})).toEqual([
      'INPUT_PATHS',
      'INPUT_VERIFY',
      'INPUT_TEST',
      'INPUT_MAX_WARNINGS',
    ]);
  });

  it('annotates a broken rule file and a deadlock, and writes a summary', () => {
    const dir = mkdtempSync(join(tmpdir(), 'rule-studio-action-'));
    cpSync('examples/release-deadlock.toml', join(dir, 'release-deadlock.toml'));
    cpSync('examples/api-client.toml', join(dir, 'api-client.toml'));
    cpSync('examples/api-client.test.yaml', join(dir, 'api-client.test.yaml'));
    writeFileSync(join(dir, 'pyproject.toml'), '[project]\nname = "x"\n');
    const r = runAction(dir);
    expect(r.status, r.stderr).toBe(1);
    expect(r.stdout).toMatch(/^::error file=.*release-deadlock\.toml,.*title=rule-studio V001::/m);
    expect(r.summary).toContain('## Rule Studio');
    expect(r.summary).toMatch(/\| check \| passed \| 0 errors/);
    expect(r.summary).toMatch(/\| verify \| failed \(exit 1\) \| 1 error, 1 warning/);
    expect(r.summary).toMatch(/\| test \| passed \| .*passed/);
    rmSync(dir, { recursive: true, force: true });
  });

  it('fails on a broken rule file and skips test where there are no tests', () => {
    const r = runAction(join(repo, 'broken.toml'), { INPUT_VERIFY: 'false' });
    expect(r.status).toBe(1);
    expect(r.stdout).toMatch(/^::error file=.*broken\.toml,line=5,.*title=rule-studio F002::/m);
    expect(r.summary).toMatch(/\| check \| failed \(exit 1\) \| 1 error/);
    expect(r.summary).toContain('| test | skipped |');
    expect(r.summary).not.toContain('| verify |');
  });
});
