/**
 * axe-core, run in the page under test. The script is injected once per document and `axe.run`
 * is called in place: `@axe-core/playwright` re-injected the whole script on every check and opened
 * a second page to assemble its results, which cost about 3.7 s of CPU per check against 0.6 s
 * here (same findings; the studio has no frames for that second page to merge).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import type { AxeResults, Result } from 'axe-core';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** What to check: a CSS selector to include or exclude (the whole document otherwise), and only these rules when given. */
export interface AxeScope {
  include?: string;
  exclude?: string;
  rules?: readonly string[];
}

/** The violations axe finds in `scope`, with every impact (callers filter). */
export async function axeViolations(page: Page, scope: AxeScope = {}): Promise<Result[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const results = await page.evaluate(
    ({ include, exclude, rules }) => {
      const context = { ...(include === undefined ? {} : { include: [[include]] }), ...(exclude === undefined ? {} : { exclude: [[exclude]] }) };
      const options = { resultTypes: ['violations' as const], ...(rules === undefined ? {} : { runOnly: { type: 'rule' as const, values: rules } }) };
      return (window as unknown as { axe: { run(c: unknown, o: unknown): Promise<AxeResults> } }).axe.run(include === undefined && exclude === undefined ? document : context, options);
    },
    { include: scope.include, exclude: scope.exclude, rules: scope.rules === undefined ? undefined : [...scope.rules] },
  );
  return results.violations;
}

/** The serious and critical violations, one line each naming the rule and its elements. */
export async function seriousViolations(page: Page, scope: AxeScope = {}): Promise<string[]> {
  return (await axeViolations(page, scope))
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
