/**
 * CLI start-up and small-file figures (issue 14: `check` of a small file in < 300 ms wall): the
 * bundled CLI (`dist-cli/rule-studio.cjs`, built first) laid out as an installed package (its
 * `bin/`, `dist-cli/` and `package.json` copied to a temporary folder, so no source tree is
 * checked for staleness), run as a child process, median of several runs after one warm-up run
 * (which writes the code cache), beside bare `node` start-up and the load average while measuring.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';

export interface CliFigure {
  name: string;
  medianMs: number;
  minMs: number;
  /** Median user + system CPU time of the child (from /usr/bin/time), when available. */
  medianCpuMs?: number;
  runs: number;
}

const TIME = '/usr/bin/time';
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

const RUNS = 9;

function time(name: string, args: string[], env: NodeJS.ProcessEnv = process.env): CliFigure {
  const ms: number[] = [];
  const cpu: number[] = [];
  spawnSync(process.execPath, args, { encoding: 'utf8', env });
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    const r = spawnSync(process.execPath, args, { encoding: 'utf8', env });
    ms.push(performance.now() - t0);
    if (r.status !== 0 && r.status !== 1) throw new Error(`${name}: exit ${r.status}: ${r.stderr}`);
    if (existsSync(TIME)) {
      const t = spawnSync(TIME, ['-f', '%U %S', process.execPath, ...args], { encoding: 'utf8', env });
      const [user, sys] = (t.stderr.trim().split('\n').at(-1) ?? '').split(' ').map(Number);
      if (user !== undefined && sys !== undefined) cpu.push((user + sys) * 1000);
    }
  }
  return { name, medianMs: median(ms), minMs: Math.min(...ms), ...(cpu.length ? { medianCpuMs: median(cpu) } : {}), runs: RUNS };
}

/** Builds the bundle, installs it into a temporary folder, then times start-up and each command on a small example. */
export function benchCli(): { figures: CliFigure[]; loadBefore: number[]; loadAfter: number[]; bundleKb: number } {
  const build = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--config', 'vite.cli.config.ts'], { encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`building the CLI failed: ${build.stderr}`);
  const dir = mkdtempSync(join(tmpdir(), 'rule-studio-cli-bench-'));
  try {
    for (const part of ['bin', 'dist-cli', 'package.json']) cpSync(part, join(dir, part), { recursive: true });
    const env = { ...process.env, RULE_STUDIO_CACHE_DIR: join(dir, 'cache') };
    const cli = join(dir, 'bin', 'rule-studio.mjs');
    const ex = (p: string) => resolve('examples', p);
    const loadBefore = loadavg();
    const figures = [
      time('node -e 0 (bare Node start-up, for comparison)', ['-e', '0']),
      time('rule-studio --version (start-up)', [cli, '--version'], env),
      time('rule-studio check examples/api-client.toml', [cli, 'check', ex('api-client.toml')], env),
      time('rule-studio check examples/hegel-execution.yaml', [cli, 'check', ex('hegel-execution.yaml')], env),
      time('rule-studio verify examples/hegel-execution.yaml --profile hegel (target < 1 s)', [cli, 'verify', ex('hegel-execution.yaml'), '--profile', 'hegel'], env),
      time('rule-studio describe examples/etl-pipeline.toml', [cli, 'describe', ex('etl-pipeline.toml')], env),
      time('rule-studio simulate examples/etl-pipeline.toml --trace examples/traces/etl-walkthrough.yaml', [cli, 'simulate', ex('etl-pipeline.toml'), '--trace', ex('traces/etl-walkthrough.yaml')], env),
      time('rule-studio check examples/api-client.toml without the code cache', [cli, 'check', ex('api-client.toml')], { ...env, RULE_STUDIO_CACHE_DIR: 'off' }),
    ];
    return { figures, loadBefore, loadAfter: loadavg(), bundleKb: Math.round(statSync(join(dir, 'dist-cli', 'rule-studio.cjs')).size / 1024) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
