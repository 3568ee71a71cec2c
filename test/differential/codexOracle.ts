/**
 * The Codex oracle for the differential tests: `codex execpolicy check` from the cached oracle
 * package (`scripts/install-oracles.sh`, never the app's own install). Not imported by `src/`.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Where the oracle's native binary is (the platform package's `vendor/<triple>/bin/codex`: calling
 * it directly saves the Node wrapper's start-up on every case), else the npm bin, else null.
 */
export function codexOracle(): string | null {
  const roots = [process.env.RULE_STUDIO_ORACLES, join(homedir(), '.cache', 'rule-studio', 'oracles')].filter((x): x is string => x !== undefined && x !== '');
  for (const root of roots) {
    const scope = join(root, 'codex', 'node_modules', '@openai');
    if (!existsSync(scope)) continue;
    for (const pkg of readdirSync(scope).filter((d) => d.startsWith('codex-'))) {
      const vendor = join(scope, pkg, 'vendor');
      if (!existsSync(vendor)) continue;
      for (const triple of readdirSync(vendor)) {
        const bin = join(vendor, triple, 'bin', 'codex');
        if (existsSync(bin)) return bin;
      }
    }
    const bin = join(root, 'codex', 'node_modules', '.bin', 'codex');
    if (existsSync(bin)) return bin;
  }
  return null;
}

/** True when a missing oracle must fail the run (`.ci/run` sets it). */
export const ORACLE_REQUIRED = process.env.RULE_STUDIO_REQUIRE_ORACLES === '1';

/** The home the oracle runs under, so `~/` in host_executable paths means the same on both sides. */
export const ORACLE_HOME = '/home/user';

export interface OracleResult {
  /** Parsed JSON when the oracle accepted the files; null when it refused them. */
  json: unknown;
  /** The oracle's error text when it refused. */
  error: string;
}

let dirCounter = 0;
const base = mkdtempSync(join(tmpdir(), 'codex-oracle-'));

/** Writes the files into a fresh folder and runs the oracle on one command. */
export function runOracle(bin: string, files: readonly { name: string; text: string }[], argv: readonly string[], resolve: boolean): Promise<OracleResult> {
  const dir = join(base, String(dirCounter++));
  mkdirSync(dir);
  const args = ['execpolicy', 'check'];
  for (const f of files) {
    writeFileSync(join(dir, f.name), f.text);
    args.push('--rules', f.name);
  }
  if (resolve) args.push('--resolve-host-executables');
  args.push('--', ...argv);
  return new Promise((res) => {
    execFile(bin, args, { cwd: dir, env: { ...process.env, HOME: ORACLE_HOME, RUST_BACKTRACE: '0' }, timeout: 30_000 }, (err, stdout, stderr) => {
      if (err !== null) res({ json: null, error: stderr || String(err) });
      else res({ json: JSON.parse(stdout) as unknown, error: '' });
    });
  });
}

/** Runs tasks with at most `n` at a time. */
export async function pool<T, R>(items: readonly T[], n: number, fn: (x: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array<R>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: n }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i] as T);
      }
    }),
  );
  return out;
}
