/** TAP version 13: one test point per test, failures and errors as YAML diagnostics. */
import type { TestFileResult } from '../types.ts';
import { append } from '../../model/append.ts';

/** A YAML block scalar for a TAP diagnostic. */
const block = (key: string, lines: readonly string[]) => [`  ${key}: |-`, ...lines.flatMap((l) => l.split('\n')).map((l) => `    ${l}`)];

/** The whole run as TAP 13. */
export function tapReport(results: readonly TestFileResult[]): string {
  const points: string[] = [];
  let n = 0;
  for (const f of results) {
    if (f.errors.length > 0) {
      points.push(`not ok ${++n} - ${f.file}`, '  ---', block('errors', f.errors).join('\n'), '  ...');
      continue;
    }
    for (const t of f.tests) {
      const title = `${f.file} > ${t.name}`.replace(/#/g, '\\#');
      if (t.status === 'pass') {
        points.push(`ok ${++n} - ${title}`);
        continue;
      }
      const diag =
        t.status === 'error'
          ? block('errors', t.errors)
          : block('failures', t.failures.map((x) => [`${x.step !== undefined ? `step ${x.step}` : 'run'} (line ${x.line})`, `expected: ${x.expected}`, `seen: ${x.seen}`, ...x.why.map((w) => `why: ${w}`)].join('\n')));
      append(points, [`not ok ${++n} - ${title}`, '  ---', `  at: ${JSON.stringify(`${f.file}:${t.line}`)}`, ...diag, '  ...']);
    }
  }
  return ['TAP version 13', `1..${n}`, ...points, ''].join('\n');
}
