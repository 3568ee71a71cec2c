/**
 * The project's copies of the shared conformance cases and examples are complete and unchanged:
 * where the shared folder is present (`RULE_STUDIO_SHARED`, default `../shared`; CI has it), every
 * case and example there must be in test/data, byte for byte, so new ones are picked up rather
 * than silently missed. Without the shared folder the check is skipped, saying why.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFORMANCE_DIR, EXAMPLES_DIR, SHARED_DIR } from './paths.ts';

const pairs = [
  { shared: join(SHARED_DIR, 'conformance'), own: CONFORMANCE_DIR, keep: (f: string) => f.endsWith('.case.json') },
  // The shared README is kept as README.shared.md beside test/data/README.md.
  { shared: join(SHARED_DIR, 'examples'), own: EXAMPLES_DIR, keep: (f: string) => f !== 'README.md' },
];

const present = pairs.every((p) => existsSync(p.shared));
if (!present)
  console.log(`test/data/sync.test.ts: skipped, no shared folder at ${SHARED_DIR} (set RULE_STUDIO_SHARED to check the copies against one)`);

describe.skipIf(!present)(`test/data holds every shared case and example (${SHARED_DIR})`, () => {
  it.each(pairs.map((p) => [p.shared, p] as const))('%s', (_dir, { shared, own, keep }) => {
    const files = readdirSync(shared).filter(keep).sort();
    expect(files.length).toBeGreaterThan(0);
    const missing = files.filter((f) => !existsSync(join(own, f)));
    expect(missing, `copy these into ${own}`).toEqual([]);
    const changed = files.filter((f) => !readFileSync(join(shared, f)).equals(readFileSync(join(own, f))));
    expect(changed, `these differ from ${shared}; copy them again`).toEqual([]);
  });

  it('the shared examples README is kept too', () => {
    expect(readFileSync(join(EXAMPLES_DIR, 'README.shared.md'), 'utf8')).toBe(readFileSync(join(SHARED_DIR, 'examples/README.md'), 'utf8'));
  });
});
