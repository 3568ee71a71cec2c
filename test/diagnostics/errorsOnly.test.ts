/**
 * `checkFiles(…, { errorsOnly: true })` (what `simulate` asks for: it prints only errors, and the
 * warnings are then never located in the source) is the full check's errors, in the same order
 * with the same ranges, on every example rule file and with Letta's `errorOnEmpty`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadRuleFile } from '../../src/core/codecs/load.ts';
import { checkFiles } from '../../src/core/check.ts';
import { prepareSimulation } from '../../src/core/simulate.ts';
import { agent200 } from '../../bench/engine.bench.ts';
import { writeAgentsToml } from '../../src/core/codecs/write/agentsToml.ts';

const ruleFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? ruleFiles(join(dir, e.name)) : /\.(toml|ya?ml|json|af)$/.test(e.name) && !e.name.includes('.test.') ? [join(dir, e.name)] : [],
  );

describe('checks with errorsOnly', () => {
  const loaded = [
    ...ruleFiles('examples').map((f) => loadRuleFile(f, readFileSync(f, 'utf8'))),
    // errors (T003: an exclusive group whose second member needs the first) and many warnings
    loadRuleFile('agent200.toml', writeAgentsToml([agent200()]).text),
  ];

  it('gives the full check’s errors, each file alone and all together', () => {
    let errors = 0;
    for (const files of [...loaded.map((f) => [f]), loaded])
      for (const errorOnEmpty of [false, true]) {
        const all = checkFiles(files, 'spec', { errorOnEmpty });
        const only = checkFiles(files, 'spec', { errorOnEmpty, errorsOnly: true });
        expect(only).toEqual(all.filter((d) => d.severity === 'error'));
        errors += only.length;
      }
    expect(errors).toBeGreaterThan(0);
  });

  it('prepareSimulation keeps the same errors and runnability', () => {
    for (const f of loaded) {
      const all = prepareSimulation([f]);
      const only = prepareSimulation([f], { errorsOnly: true });
      expect(only.diagnostics).toEqual(all.diagnostics.filter((d) => d.severity === 'error'));
      expect(only.runnable).toBe(all.runnable);
    }
  });
});
