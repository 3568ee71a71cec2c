import { axeViolations } from './axe.ts';
import { expect, test, type Page } from './test.ts';
import { region, stayOffline } from './helpers.ts';
import { settled } from './canvasGeometry.ts';
import { saveScreenshot } from './screenshots.ts';

test.use({ layout: { bottomOpen: true } });

/**
 * In a 1000 px window the bottom panel's strip cut its last tab to "P" (Policy), with nothing to
 * say more tabs were there. Narrow, "Source and problems" shows as "Source", so every tab is whole
 * in the strip; its name for a screen reader stays "Source and problems".
 */
const tabs = (page: Page) => page.getByRole('tablist', { name: 'Bottom panel' });

/** The tabs whose box is not whole inside the visible part of their strip. */
const cutTabs = (page: Page) =>
  tabs(page).evaluate((list) => {
    const shown = list.getBoundingClientRect();
    return [...list.querySelectorAll('[role=tab]')]
      .filter((t) => {
        const b = t.getBoundingClientRect();
        return b.left < shown.left - 0.5 || b.right > shown.right + 0.5;
      })
      .map((t) => t.textContent);
  });

for (const width of [1000, 1280]) {
  test(`at ${width} px every bottom panel tab is whole in its strip, named in full`, async ({ page }) => {
    await stayOffline(page);
    await page.setViewportSize({ width, height: 720 });
    await page.goto('/');
    await page.getByRole('button', { name: 'Examples', exact: true }).first().click();
    await page.getByRole('dialog', { name: 'Examples' }).getByRole('button', { name: 'etl-pipeline.toml', exact: true }).click();
    await settled(page, region(page, 'Graph'));
    const source = tabs(page).getByRole('tab', { name: /^Source and problems/ });
    await expect(source).toBeVisible();
    await expect(tabs(page).getByRole('tab')).toHaveCount(4);
    expect(await cutTabs(page)).toEqual([]);
    // What the tab shows: the short label only where the full one does not fit; its name stays full.
    await expect(source).toHaveAccessibleName(/^Source and problems/);
    if (width === 1000) {
      await expect(source.locator('.view-tab-short')).toBeVisible();
      await expect(source.locator('.view-tab-short')).toHaveText('Source');
      await expect(source.locator('.view-tab-label')).toBeHidden();
    } else {
      await expect(source.locator('.view-tab-short')).toBeHidden();
      await expect(source.locator('.view-tab-label')).toBeVisible();
      expect((await source.locator('.view-tab-label').boundingBox())!.width).toBeGreaterThan(80);
    }
    // The last tab is reached by keyboard and opens its view.
    await source.focus();
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
    await expect(tabs(page).getByRole('tab', { name: 'Policy' })).toBeFocused();
    await expect(tabs(page).getByRole('tab', { name: 'Policy' })).toHaveAttribute('aria-selected', 'true');
    const findings = await axeViolations(page, { include: '.area-bottom .view-tabbar' });
    expect(findings.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
    await saveScreenshot(page, `test-results/bottom-tabs-${width}x720.png`);
  });
}
