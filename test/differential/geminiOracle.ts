/**
 * The Gemini CLI oracle for the differential test: one Node process (geminiOracle.mjs) running
 * `@google/gemini-cli-core`'s own TOML loader and `PolicyEngine` from the cached oracle package
 * (`scripts/install-oracles.sh`, never the app's own install). Not imported by `src/`.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

/** The oracle's dist/src/policy directory, or null when the oracle is not installed. */
export function geminiOracle(): string | null {
  const roots = [
    process.env.RULE_STUDIO_ORACLES,
    join(homedir(), '.cache', 'rule-studio', 'oracles'),
  ].filter((x): x is string => x !== undefined && x !== '');
  for (const root of roots) {
    const dir = join(
      root,
      'gemini',
      'node_modules',
      '@google',
      'gemini-cli-core',
      'dist',
      'src',
      'policy',
    );
    if (existsSync(join(dir, 'policy-engine.js'))) return dir;
  }
  return null;
}

/** True when a missing oracle must fail the run (`.ci/run` sets it). */
export const ORACLE_REQUIRED = process.env.RULE_STUDIO_REQUIRE_ORACLES === '1';

export interface OracleRule {
  source: string;
  priority: number;
  toolName: string;
  decision: string;
  argsPattern: string | null;
}
export interface OracleResult {
  errors: { fileName: string; errorType: string; ruleIndex: number | null; severity: string }[];
  engineError?: string;
  results: { decision: string; rule: OracleRule | null }[];
  crash?: string;
}

/** Runs all cases through one oracle process, in order. */
export async function runOracle(dir: string, cases: readonly unknown[]): Promise<OracleResult[]> {
  const child = spawn(process.execPath, [join(import.meta.dirname, 'geminiOracle.mjs'), dir], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const out: OracleResult[] = [];
  const rl = createInterface({ input: child.stdout });
  const done = new Promise<void>((resolve, reject) => {
    rl.on('line', (l) => out.push(JSON.parse(l) as OracleResult));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`gemini oracle exited with ${code}`)),
    );
  });
  for (const c of cases) child.stdin.write(`${JSON.stringify(c)}\n`);
  child.stdin.end();
  await done;
  return out;
}
