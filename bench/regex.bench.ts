/**
 * Rule-pattern engine (src/core/regex): compile time of typical patterns, `test` throughput on
 * distinct commands (the replay caches per distinct text, so this is the cost that remains), and
 * a catastrophic-for-backtracking pattern on a long text (linear here).
 */
import { compilePattern } from '../src/core/regex/index.ts';
import { bestOf } from './measure.ts';

export interface RegexBenchResult {
  name: string;
  ms: number;
  detail: string;
}

const PATTERNS = ['cargo (build|test)', '^git (commit|push)', 'npm (run )?test', 'pytest\\s+-k', '\\btest\\b', 'caf\\w build', '(?i)make\\s+-j\\d+', '[^/]+\\.rs$'];

function commands(n: number): string[] {
  const verbs = ['cargo build', 'cargo test --release', 'git commit -m "fix"', 'npm run test', 'pytest -k slow', 'make -j8 all', 'ls -la src/core', 'café build'];
  return Array.from({ length: n }, (_, i) => `${verbs[i % verbs.length]} --job ${i} src/mod_${i % 97}/file_${i}.rs`);
}

export function benchRegex(): RegexBenchResult[] {
  const out: RegexBenchResult[] = [];
  const compile = bestOf(5, () => {
    let ok = 0;
    for (let i = 0; i < 200; i++) for (const p of PATTERNS) if (compilePattern(`${p}|x${i}`).ok) ok++;
    return ok;
  });
  out.push({ name: `compile ${200 * PATTERNS.length} distinct patterns`, ms: compile.ms, detail: `${((compile.ms * 1000) / (200 * PATTERNS.length)).toFixed(1)} µs each` });

  const texts = commands(100_000);
  const chars = texts.reduce((a, t) => a + t.length, 0);
  for (const p of PATTERNS) {
    const r = compilePattern(p);
    if (!r.ok) throw new Error(p);
    const m = bestOf(3, () => {
      let hits = 0;
      for (const t of texts) if (r.pattern.test(t)) hits++;
      return hits;
    });
    out.push({
      name: `test ${JSON.stringify(p)} on 100,000 distinct commands`,
      ms: m.ms,
      detail: `${Math.round(texts.length / (m.ms / 1000)).toLocaleString('en-US')} tests/s, ${(chars / 1e6 / (m.ms / 1000)).toFixed(1)} MB/s, ${m.value.toLocaleString('en-US')} matched`,
    });
  }

  const long = `${'a'.repeat(100_000)}xb`;
  const r = compilePattern('(a|aa)*b');
  if (!r.ok) throw new Error('(a|aa)*b');
  const cat = bestOf(3, () => r.pattern.test(long));
  out.push({ name: '(a|aa)*b on 100,000 a then xb (a match at the end)', ms: cat.ms, detail: `matched: ${cat.value}` });
  return out;
}
