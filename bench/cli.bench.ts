/**
 * CLI start-up and small-file figures (issue 14: `check` of a small file in < 300 ms wall): the
 * bundled CLI (`dist-cli/rule-studio.mjs`, built first) run as a child process, median of several
 * runs, beside bare `node` start-up and the load average of the machine while measuring.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
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

function time(name: string, args: string[]): CliFigure {
  const ms: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    const r = spawnSync(process.execPath, args, { encoding: 'utf8' });
    ms.push(performance.now() - t0);
    if (r.status !== 0 && r.status !== 1) throw new Error(`${name}: exit ${r.status}: ${r.stderr}`);
    if (existsSync(TIME)) {
      const t = spawnSync(TIME, ['-f', '%U %S', process.execPath, ...args], { encoding: 'utf8' });
      const [user, sys] = (t.stderr.trim().split('\n').at(-1) ?? '').split(' ').map(Number);
      if (user !== undefined && sys !== undefined) cpu.push((user + sys) * 1000);
    }
  }
  return { name, medianMs: median(ms), minMs: Math.min(...ms), ...(cpu.length ? { medianCpuMs: median(cpu) } : {}), runs: RUNS };
}

/** Builds the bundle, then times start-up and each command on a small example. */
export function benchCli(): { figures: CliFigure[]; loadBefore: number[]; loadAfter: number[]; bundleKb: number } {
  const build = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--config', 'vite.cli.config.ts'], { encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`building the CLI failed: ${build.stderr}`);
  const bundle = 'dist-cli/rule-studio.mjs';
  const loadBefore = loadavg();
  const figures = [
    time('node -e 0 (bare Node start-up, for comparison)', ['-e', '0']),
    time('rule-studio --version (start-up)', ['bin/rule-studio.mjs', '--version']),
    time('rule-studio check examples/api-client.toml', ['bin/rule-studio.mjs', 'check', 'examples/api-client.toml']),
    time('rule-studio check examples/hegel-execution.yaml', ['bin/rule-studio.mjs', 'check', 'examples/hegel-execution.yaml']),
    time('rule-studio describe examples/etl-pipeline.toml', ['bin/rule-studio.mjs', 'describe', 'examples/etl-pipeline.toml']),
    time('rule-studio simulate examples/etl-pipeline.toml --trace examples/traces/etl-walkthrough.yaml', [
      'bin/rule-studio.mjs',
      'simulate',
      'examples/etl-pipeline.toml',
      '--trace',
      'examples/traces/etl-walkthrough.yaml',
    ]),
  ];
  const size = spawnSync('wc', ['-c', bundle], { encoding: 'utf8' }).stdout.trim().split(/\s+/)[0];
  return { figures, loadBefore, loadAfter: loadavg(), bundleKb: Math.round(Number(size) / 1024) };
}
