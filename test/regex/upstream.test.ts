/**
 * rust-lang/regex's own conformance data, run through Rule Studio's engine (see upstreamSuite.ts
 * for which tests apply and why). The data is not in this repository: it is read from
 * `$RULE_STUDIO_UPSTREAM/rust-lang-regex/testdata` (default `../shared/upstream`), and the suite
 * is skipped, saying so, when it is absent.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { runFile, SUITE_FILES, upstreamAvailable, upstreamDir, type FileResult } from './upstreamSuite.ts';

const available = upstreamAvailable();
if (!available) console.log(`rust-lang/regex testdata not found in ${upstreamDir()} (set RULE_STUDIO_UPSTREAM): the upstream regex suite is skipped.`);

describe.skipIf(!available)('rust-lang/regex testdata (search-only, leftmost-first, UTF-8)', () => {
  const results: FileResult[] = [];

  afterAll(() => {
    const all = results.flatMap((r) => r.tests);
    const passed = all.filter((t) => t.outcome.status === 'pass').length;
    const failed = all.filter((t) => t.outcome.status === 'fail').length;
    const reasons = new Map<string, number>();
    for (const t of all) if (t.outcome.status === 'n/a') reasons.set(t.outcome.reason, (reasons.get(t.outcome.reason) ?? 0) + 1);
    const na = [...reasons.values()].reduce((a, b) => a + b, 0);
    console.log(
      `rust-lang/regex testdata: ${passed + failed} applicable, ${passed} passed, ${failed} failed, ${na} not applicable (${[...reasons]
        .map(([r, n]) => `${r}: ${n}`)
        .join('; ')})`,
    );
  });

  it.each(SUITE_FILES)('%s: every applicable test passes', (file) => {
    const result = runFile(file);
    results.push(result);
    const failures = result.tests.filter((t) => t.outcome.status === 'fail').map((t) => `${t.name}: ${t.outcome.status === 'fail' ? t.outcome.detail : ''}`);
    expect(failures).toEqual([]);
    expect(result.tests.length).toBeGreaterThan(0);
  });

  it('runs a substantial share of the suite (the applicability filter is not swallowing it)', () => {
    const all = SUITE_FILES.flatMap((f) => runFile(f).tests);
    const applicable = all.filter((t) => t.outcome.status !== 'n/a').length;
    expect(applicable).toBeGreaterThan(all.length / 2);
  });
});
