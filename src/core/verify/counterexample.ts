/** Counterexamples as scripted traces (`traces.md` §2): the YAML `simulate` and the simulator read. */
import { stringify } from 'yaml';
import type { Counterexample, CounterexampleStep } from './findings.ts';

/**
 * A counterexample from its steps; `step` is the 1-based step the simulator opens at, and
 * `comment` (one line) heads the file.
 */
export function counterexample(steps: CounterexampleStep[], step: number, comment: string): Counterexample {
  const body = stringify({ steps }, { lineWidth: 0 });
  const head = comment
    .split(/\r?\n/)
    .map((l) => `# ${l}`)
    .join('\n');
  return { steps, step, yaml: `${head}\n${body}` };
}
