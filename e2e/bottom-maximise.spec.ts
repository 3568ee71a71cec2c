import { axeViolations } from './axe.ts';
import { expect, test, type Page } from './test.ts';
import { region, stayOffline } from './helpers.ts';
import { settled } from './canvasGeometry.ts';

test.use({ layout: { bottomOpen: true } });

/**
 * The fresh-eyes review's steps (task ui5, A): at 1280×720 the Tests, Corpus and Policy views are
 * cramped in the bottom panel. A user maximises it as in VS Code: the button in the panel's tab
 * strip (its tooltip gives the shortcut), the shortcut, a double-click on the grip, or the command
 * palette; restore returns to the size before; the focus stays in the panel; the state lasts the
 * session (a reload).
 */
const panel = (page: Page) => page.locator('.area-bottom');
const height = async (page: Page) => (await panel(page).boundingBox())!.height;
const workbench = async (page: Page) => (await page.locator('.workbench').boundingBox())!.height;
/** Serious or critical axe findings in the panel's tab strip, where the new control is. */
const axeFindings = async (page: Page) =>
  (await axeViolations(page, { include: '.area-bottom .view-tabbar' })).filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);
const inPanel = (page: Page) => page.evaluate(() => document.querySelector('.area-bottom')?.contains(document.activeElement) ?? false);

test('the bottom panel maximises and restores by button, shortcut, grip double-click and palette', async ({ page }) => {
  test.setTimeout(60_000);
  await stayOffline(page);
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/');
  await page.getByRole('button', { name: 'Examples', exact: true }).first().click();
  await page.getByRole('dialog', { name: 'Examples' }).getByRole('button', { name: 'etl-pipeline.toml', exact: true }).click();
  await settled(page, region(page, 'Graph'));
  const tabs = page.getByRole('tablist', { name: 'Bottom panel' });
  await tabs.getByRole('tab', { name: /^Tests/ }).click();
  const before = await height(page);

  // The button in the tab strip: a toggle with a stable name; its tooltip gives the shortcut.
  const max = page.getByRole('button', { name: 'Maximise bottom panel' });
  await expect(max).toHaveAttribute('aria-pressed', 'false');
  await max.hover();
  await expect(page.getByRole('tooltip')).toContainText('Ctrl+Shift+M');
  await max.click();
  await expect(max).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(() => height(page)).toBeGreaterThan((await workbench(page)) - 20);
  await expect(region(page, 'Graph')).toBeHidden();
  await expect(max).toBeFocused();
  // Every view of the panel gets the room.
  for (const view of ['Corpus', 'Policy', 'Tests']) {
    await tabs.getByRole('tab', { name: new RegExp(`^${view}`) }).click();
    expect(await height(page)).toBeGreaterThan(before + 200);
  }

  // The shortcut restores the size the panel had; the focus stays where it was, in the panel.
  await tabs.getByRole('tab', { name: /^Tests/ }).focus();
  await page.keyboard.press('Control+Shift+M');
  await expect(max).toHaveAttribute('aria-pressed', 'false');
  await expect.poll(() => height(page)).toBe(before);
  await expect(region(page, 'Graph')).toBeVisible();
  await expect(tabs.getByRole('tab', { name: /^Tests/ })).toBeFocused();

  // A double-click on the grip toggles too.
  const grip = page.getByRole('separator', { name: 'Resize bottom panel' });
  await grip.dblclick();
  await expect(max).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(() => height(page)).toBeGreaterThan((await workbench(page)) - 20);

  // The state lasts the session: a reload keeps it.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Maximise bottom panel' })).toHaveAttribute('aria-pressed', 'true');
  expect(await axeFindings(page)).toEqual([]);
  await grip.dblclick();
  await expect(max).toHaveAttribute('aria-pressed', 'false');
  await expect.poll(() => height(page)).toBe(before);

  // From the graph, the shortcut takes the focus into the panel (the graph is hidden).
  await settled(page, region(page, 'Graph'));
  await region(page, 'Graph').locator('.react-flow__node').first().focus();
  await page.keyboard.press('Control+Shift+M');
  await expect(max).toHaveAttribute('aria-pressed', 'true');
  expect(await inPanel(page)).toBe(true);

  // The command palette lists it with its shortcut, and runs it.
  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await palette.getByRole('combobox', { name: 'Command' }).fill('maximise');
  await expect(palette.getByRole('option').first()).toContainText('Maximise or restore bottom panel');
  await expect(palette.getByRole('option').first()).toContainText('Ctrl+Shift+M');
  await page.keyboard.press('Enter');
  await expect(palette).toHaveCount(0);
  await expect(max).toHaveAttribute('aria-pressed', 'false');
  await expect.poll(() => height(page)).toBe(before);
  expect(await axeFindings(page)).toEqual([]);
});
