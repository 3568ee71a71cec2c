/**
 * The issue-16 flood: a 59 KB scripted trace of 1,000 steps × `repeat: 100000` once took the CLI to
 * "JavaScript heap out of memory". It must end with the budget error, inside a 300 MB heap (the
 * child is started with that limit, so going over it fails the test as a crash, not as a timing).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

describe('rule-studio simulate with a scripted trace past the event budget', () => {
  it('prints the budget error naming the step, within a 300 MB heap', () => {
    const dir = mkdtempSync(join(tmpdir(), 'rule-studio-budget-'));
    const trace = join(dir, 'flood.yaml');
    const steps = Array.from({ length: 1000 }, (_, i) => `  - {call: t${i}, repeat: 100000, every: 1ms}`);
    writeFileSync(trace, `steps:\n${steps.join('\n')}\n`);
    const started = performance.now();
    const r = spawnSync(process.execPath, ['--max-old-space-size=300', 'bin/rule-studio.mjs', 'simulate', 'examples/etl-pipeline.toml', '--trace', trace], {
      encoding: 'utf8',
      timeout: 60_000,
    });
    console.log(`flood trace: ${Math.round(performance.now() - started)} ms wall (tsx start-up included)`);
    expect(r.signal).toBeNull();
    // issue 27: a trace refused whole exits 2 with the message on stderr; the record stays on stdout
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('past the budget of 1,000,000');
    const decisions = r.stdout.trim().split('\n').map((l) => JSON.parse(l) as { kind: string; message?: string });
    expect(decisions).toHaveLength(1);
    expect(decisions[0]?.kind).toBe('error');
    expect(decisions[0]?.message).toContain('line 12: step 11 (repeat: 100000) takes the trace to 1,100,000 events, past the budget of 1,000,000');
  }, 60_000);
});
