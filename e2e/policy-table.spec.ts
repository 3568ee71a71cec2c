/**
 * The Policy view's rules table at 1280×720 (task ui10, from the last review): a Gemini rule's
 * column was about 120 px, two words a line, beside fixed columns that took the rest. The rule's
 * column gets the room (narrower fixed columns; the rule wraps at its separators), in every
 * dialect, at both sizes, in both themes.
 */
import { expect, test, type Page } from './test.ts';
import { region, screenshotsWithAxe, stayOffline } from './helpers.ts';

test.use({ layout: { bottomOpen: true } });

/** Set to also take the screenshots (1280×720 and 1440×900, light and dark) and run axe. */
const shots = process.env['UI10_SHOTS'];

async function openPolicy(page: Page, example: string, size: { width: number; height: number }): Promise<void> {
  await stayOffline(page);
  await page.setViewportSize(size);
  await page.goto('/');
  await page.getByRole('button', { name: 'Examples', exact: true }).first().click();
  await page.getByRole('dialog', { name: 'Examples' }).getByRole('button', { name: example, exact: true }).click();
  await page.getByRole('tab', { name: /^Policy/ }).click();
}

/** The rule column's width, and the widths of the table and of the other columns, in px. */
function widths(page: Page) {
  return region(page, 'Policy')
    .locator('table.policy-rules')
    .evaluate((t) => {
      const heads = [...t.querySelectorAll('thead th')].map((h) => Math.round(h.getBoundingClientRect().width));
      return { table: Math.round(t.getBoundingClientRect().width), heads };
    });
}

/** Short quoted strings of rules (`"git push"`) drawn over more than one line: none wraps inside. */
function brokenQuotes(page: Page) {
  return region(page, 'Policy')
    .locator('table.policy-rules .policy-keep')
    .evaluateAll((els) => els.filter((e) => e.getClientRects().length > 1).map((e) => e.textContent ?? ''));
}

const CASES = [
  { example: 'gemini-policies/', rows: 1 + 7 + 1, name: 'gemini' },
  { example: 'codex-default.rules', rows: 0, name: 'codex' },
  { example: 'claude-code-settings.json', rows: 0, name: 'claude' },
];

for (const size of [
  { width: 1280, height: 720 },
  { width: 1440, height: 900 },
]) {
  for (const c of CASES) {
    test(`${size.width}×${size.height}, ${c.name}: the rule's column takes the room the fixed columns leave; quoted strings whole`, async ({ page }) => {
      await openPolicy(page, c.example, size);
      const table = region(page, 'Policy').locator('table.policy-rules');
      if (c.rows > 0) await expect(table.getByRole('row')).toHaveCount(c.rows, { timeout: 30_000 });
      else await expect(table.getByRole('row').nth(2)).toBeVisible({ timeout: 30_000 });
      const w = await widths(page);
      const rule = w.heads[1]!;
      // At 1280×720 a Gemini rule had 134 px of a 410 px table (a third); the decision, numbers and Edit now take what they need.
      expect(rule / w.table, JSON.stringify(w)).toBeGreaterThanOrEqual(0.42);
      expect(rule, JSON.stringify(w)).toBeGreaterThanOrEqual(size.width === 1280 ? 180 : 240);
      expect(await brokenQuotes(page)).toEqual([]);
      // The Edit column in sight: the table does not run past its pane.
      const pane = (await table.locator('..').boundingBox())!;
      const box = (await table.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(pane.x + pane.width + 1);
      if (shots && size.width === 1280) await screenshotsWithAxe(page, `ui10-policy-${c.name}`, 'section.policy-view');
    });
  }
}
