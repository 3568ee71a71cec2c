/** The real `rule-studio` bin in a child process: exit codes, stdout and stderr as a shell sees them. */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const run = (...args: string[]) => spawnSync(process.execPath, ['bin/rule-studio.mjs', ...args], { encoding: 'utf8', timeout: 60_000 });

describe('rule-studio bin', () => {
  const dir = mkdtempSync(join(tmpdir(), 'rule-studio-'));
  const bad = join(dir, 'bad.toml');
  writeFileSync(bad, '[[tool_rules]\n');
  const trace = join(dir, 't.jsonl');
  writeFileSync(trace, '{"type":"tool_call","time":"2025-01-01T10:00:00Z","tool":"load"}\nnot json\n');

  it('exits 0, 1 and 2 for clean, broken and missing input', () => {
    expect(run('check', 'examples/etl-pipeline.toml').status).toBe(0);
    const broken = run('check', bad);
    expect(broken.status).toBe(1);
    expect(broken.stdout).toMatch(/bad\.toml:1:\d+ error F001 /);
    const missing = run('check', join(dir, 'missing.toml'));
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain('no such file');
    expect(missing.stderr).not.toMatch(/\n\s+at /);
  }, 60_000);

  it('verify keeps its output and exit codes, with or without flags the user gives Node', () => {
    const ok = run('verify', 'examples/hegel-minimal.yaml', '--profile', 'hegel');
    expect(ok.status).toBe(0);
    expect(ok.stderr).toMatch(/hegel-minimal .*every reachable state explored/);
    const missing = run('verify', join(dir, 'missing.yaml'));
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain('no such file');
    const own = spawnSync(process.execPath, ['--max-semi-space-size=8', 'bin/rule-studio.mjs', 'verify', 'examples/hegel-minimal.yaml'], { encoding: 'utf8', timeout: 60_000 });
    expect(own.status).toBe(0);
    expect(own.stderr).toBe(run('verify', 'examples/hegel-minimal.yaml').stderr);
  }, 60_000);

  it('simulate streams decisions as JSONL, with an error decision for a bad line', () => {
    const r = run('simulate', 'examples/etl-pipeline.toml', '--trace', trace);
    expect(r.status).toBe(0);
    const lines = r.stdout.trim().split('\n').map((l) => JSON.parse(l) as { kind: string; line?: number });
    expect(lines.map((d) => d.kind)).toEqual(['auto', 'blocked', 'error']);
    expect(lines[2]?.line).toBe(2);
  }, 60_000);

  it('stops quietly when the reader of its output goes away (simulate … | head -1)', async () => {
    const long = join(dir, 'long.jsonl');
    const lines: string[] = [];
    for (let i = 0; i < 20_000; i++) lines.push(`{"type":"tool_call","time":"2025-01-01T10:00:${String(i % 60).padStart(2, '0')}Z","tool":"load"}`);
    writeFileSync(long, lines.join('\n') + '\n');
    const child = spawn(process.execPath, ['bin/rule-studio.mjs', 'simulate', 'examples/etl-pipeline.toml', '--trace', long, '--dedupe-window', '0']);
    let stderr = '';
    child.stderr.on('data', (b: Buffer) => (stderr += b.toString()));
    const first = await new Promise<string>((resolve) => child.stdout.once('data', (b: Buffer) => resolve(b.toString())));
    child.stdout.destroy();
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(first).toMatch(/^\{"seq":0,/);
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
  }, 60_000);
});
