/**
 * The hostile-input table (issue 16.7): each row is an input, the command line, the exit code and
 * a message fragment expected, and the time and memory the CLI may use. Rows run the bundled CLI
 * in a child process, as a user's shell would, with the bounds enforced as limits rather than
 * measured: the child is killed past its time bound, and its V8 heap is capped at the memory
 * bound (going past it crashes the child, which fails the row's exit code). Add a row for every
 * new finding.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

interface Row {
  name: string;
  argv: (p: Paths) => string[];
  exit: number;
  /** Must appear in stderr (or stdout when `onStdout`). */
  message: string;
  onStdout?: boolean;
  seconds: number;
  heapMb: number;
}

interface Paths {
  dir: string;
  fifo: string;
  agent: string;
  bomb: string;
}

const ESC = '\u001b';

const ROWS: Row[] = [
  { name: 'check /dev/zero', argv: () => ['check', '/dev/zero'], exit: 2, message: '/dev/zero: is a character device, not a regular file', seconds: 5, heapMb: 64 },
  { name: 'simulate --trace /dev/zero', argv: (p) => ['simulate', p.agent, '--trace', '/dev/zero'], exit: 2, message: 'is a character device', seconds: 5, heapMb: 64 },
  { name: 'check a FIFO with no writer', argv: (p) => ['check', p.fifo], exit: 2, message: 'is a FIFO (named pipe), not a regular file', seconds: 5, heapMb: 64 },
  { name: 'simulate --trace a FIFO with no writer', argv: (p) => ['simulate', p.agent, '--trace', p.fifo], exit: 2, message: 'is a FIFO', seconds: 5, heapMb: 64 },
  { name: 'simulate with a FIFO as rule file', argv: (p) => ['simulate', p.fifo, '--trace', p.agent], exit: 2, message: 'is a FIFO', seconds: 5, heapMb: 64 },
  { name: 'convert a FIFO', argv: (p) => ['convert', p.fifo, '--to', 'toml'], exit: 2, message: 'is a FIFO', seconds: 5, heapMb: 64 },
  { name: 'describe /dev/urandom', argv: () => ['describe', '/dev/urandom'], exit: 2, message: 'is a character device', seconds: 5, heapMb: 64 },
  { name: 'check a directory', argv: (p) => ['check', p.dir], exit: 2, message: 'is a directory', seconds: 5, heapMb: 64 },
  { name: 'check a missing file', argv: (p) => ['check', join(p.dir, 'nope.toml')], exit: 2, message: 'no such file', seconds: 5, heapMb: 64 },
  {
    name: '1,000 steps × repeat 100,000 scripted trace: a budget error, no expansion',
    argv: (p) => ['simulate', p.agent, '--trace', p.bomb],
    exit: 0,
    message: 'past the budget of 1,000,000',
    onStdout: true,
    seconds: 20,
    heapMb: 300,
  },
  {
    name: 'a huge numeric option value',
    argv: (p) => ['simulate', p.agent, '--trace', p.bomb, '--dedupe-window', '9'.repeat(400)],
    exit: 2,
    message: '--dedupe-window takes at most 2147483647 milliseconds',
    seconds: 5,
    heapMb: 64,
  },
  { name: 'an unknown command with an escape sequence', argv: () => [`${ESC}]0;pwned\u0007`], exit: 2, message: "unknown command '\\e]0;pwned\\u0007'", seconds: 5, heapMb: 64 },
  { name: 'an unknown option with an escape sequence', argv: (p) => ['check', p.agent, `--${ESC}[31m`], exit: 2, message: 'unknown option --\\e[31m', seconds: 5, heapMb: 64 },
];

let cli = '';
let paths: Paths;

beforeAll(() => {
  const dir = mkdtempSync(join(tmpdir(), 'rule-studio-hostile-'));
  const out = join(dir, 'cli');
  const build = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--config', 'vite.cli.config.ts', '--outDir', out], { encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`building the CLI failed: ${build.stderr}`);
  cli = join(out, 'rule-studio.cjs');
  const fifo = join(dir, 'pipe.toml');
  if (spawnSync('mkfifo', [fifo]).status !== 0) throw new Error('mkfifo failed');
  const agent = join(dir, 'agent.toml');
  writeFileSync(agent, 'name = "a"\ntools = ["t0", "t1"]\n\n[[tool_rules]]\ntool_name = "t1"\nrule_type = { type = "MaxCalls", value = 3 }\n');
  const bomb = join(dir, 'bomb.yaml');
  writeFileSync(bomb, `start: 2025-01-01T00:00:00Z\nsteps:\n${Array.from({ length: 1000 }, (_, i) => `  - {call: t${i}, repeat: 100000, every: 1ms}\n`).join('')}`);
  mkdirSync(join(dir, 'folder'));
  paths = { dir: join(dir, 'folder'), fifo, agent, bomb };
}, 180_000);

describe('hostile inputs: exit code, message, within time and memory', () => {
  it.each(ROWS.map((r) => [r.name, r] as const))('%s', (_name, row) => {
    const r = spawnSync(process.execPath, [`--max-old-space-size=${row.heapMb}`, cli, ...row.argv(paths)], {
      encoding: 'utf8',
      timeout: row.seconds * 1000,
      killSignal: 'SIGKILL',
      maxBuffer: 64 * 1024 * 1024,
    });
    expect(r.signal, `killed: did not finish within ${row.seconds} s`).toBeNull();
    expect({ exit: r.status, stderr: r.stderr.slice(0, 500) }).toMatchObject({ exit: row.exit });
    expect(row.onStdout ? r.stdout : r.stderr).toContain(row.message);
    expect(r.stdout + r.stderr).not.toMatch(/\n\s+at [\w.<]+ \(|internal error|Aborted|heap out of memory/);
  });
});
