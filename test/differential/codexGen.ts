/** Seeded random Codex `.rules` files and commands for the differential test. */

/** mulberry32, the project's seeded PRNG (bench/random.ts). */
export { prng as rng } from '../../bench/random.ts';

const PROGRAMS = ['git', 'ls', 'npm', 'rm', '/usr/bin/git', 'Git'];
const ARGS = ['status', 'log', '-s', 'push', '--force', 'install', 'ci', '-rf', '.', 'a b', "it's", 'run'];
const HOST_PATHS = ['/usr/bin/git', '/opt/homebrew/bin/git', '~/bin/git', '/usr/local/bin/npm', '/usr//bin/git'];

export interface GenCase {
  files: { name: string; text: string }[];
  argv: string[];
  resolve: boolean;
}

const q = (s: string) => JSON.stringify(s);

export function genCase(r: () => number): GenCase {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)] as T;
  const patterns: string[][][] = [];
  const nFiles = 1 + Math.floor(r() * (r() < 0.7 ? 1 : 3));
  const files: { name: string; text: string }[] = [];
  for (let f = 0; f < nFiles; f++) {
    const lines: string[] = [];
    const nStmts = 1 + Math.floor(r() * 4);
    for (let s = 0; s < nStmts; s++) {
      const roll = r();
      if (roll < 0.12) {
        const name = pick(['git', 'npm']);
        const paths = HOST_PATHS.filter(() => r() < 0.4);
        lines.push(`host_executable(name = ${q(name)}, paths = [${paths.map(q).join(', ')}])`);
        continue;
      }
      const firstAlts = r() < 0.25 ? [pick(PROGRAMS), pick(PROGRAMS)] : [pick(PROGRAMS)];
      const rest: string[][] = [];
      const nRest = Math.floor(r() * 3);
      for (let i = 0; i < nRest; i++) rest.push(r() < 0.3 ? [pick(ARGS), pick(ARGS)] : [pick(ARGS)]);
      const pat = [firstAlts, ...rest];
      if (r() < 0.02) pat.length = 0;
      patterns.push(pat);
      const tok = (alts: string[]) => (alts.length === 1 && r() < 0.8 ? q(alts[0] as string) : `[${alts.map(q).join(', ')}]`);
      const parts = [`pattern = [${pat.map(tok).join(', ')}]`];
      const d = r();
      if (d < 0.25) parts.push('decision = "allow"');
      else if (d < 0.5) parts.push('decision = "prompt"');
      else if (d < 0.7) parts.push('decision = "forbidden"');
      else if (d < 0.72) parts.push('decision = "deny"');
      if (r() < 0.3) parts.push(`justification = ${r() < 0.05 ? '"  "' : q('because ' + pick(ARGS))}`);
      const example = (): string => {
        const words = pat.map((alts) => pick(alts));
        if (r() < 0.2) words.push(pick(ARGS));
        if (r() < 0.04) words[words.length - 1] = pick(ARGS);
        return r() < 0.5 ? `[${words.map(q).join(', ')}]` : q(words.map((w) => (/[ ']/.test(w) ? `"${w}"` : w)).join(' '));
      };
      if (pat.length > 0 && r() < 0.25) parts.push(`match = [${example()}]`);
      const counter = (): string => {
        const words = pat.map((alts) => pick(alts));
        words[r() < 0.5 ? 0 : words.length - 1] = pick([...PROGRAMS, ...ARGS]);
        return `[${words.map(q).join(', ')}]`;
      };
      if (pat.length > 0 && r() < 0.15) parts.push(`not_match = [${r() < 0.1 ? example() : counter()}]`);
      if (r() < 0.1 && rest.length > 0) {
        // The same rule through a variable and a loop, as hand-written files do.
        const v = `alts${s}`;
        lines.push(`${v} = [${(rest[0] as string[]).map(q).join(', ')}]`);
        lines.push(`for a in ${v}:`);
        lines.push(`    prefix_rule(pattern = [${q(firstAlts[0] as string)}, a]${parts.slice(1).filter((p) => !p.startsWith('match') && !p.startsWith('not_match')).map((p) => ', ' + p).join('')})`);
      } else lines.push(`prefix_rule(\n    ${parts.join(',\n    ')},\n)`);
    }
    files.push({ name: `f${f}.rules`, text: lines.join('\n') + '\n' });
  }
  let argv: string[];
  const base = patterns.length > 0 && r() < 0.8 ? pick(patterns) : null;
  if (base !== null && base.length > 0) {
    argv = base.map((alts) => pick(alts));
    if (r() < 0.3) argv.pop();
    if (r() < 0.2) argv[Math.floor(r() * argv.length)] = pick(ARGS);
    while (r() < 0.4) argv.push(pick(ARGS));
    if (argv[0] === 'git' && r() < 0.3) argv[0] = pick(['/usr/bin/git', '/opt/homebrew/bin/git', '/home/user/bin/git', '/usr//bin/git', '/usr/./bin/git', '/usr/lib/../bin/git']);
  } else {
    argv = [pick(PROGRAMS)];
    while (r() < 0.5) argv.push(pick(ARGS));
  }
  if (argv.length === 0) argv = [pick(PROGRAMS)];
  return { files, argv, resolve: r() < 0.4 };
}
