/**
 * Review 12 (smaller item): at 1280×720 the toolbar's More button ended past the window's right
 * edge. Its icon buttons were squeezed (flex-shrink) past the bar's padding, and the fit check let
 * a pixel of overflow through. Now only the spacer shrinks and any overflow folds a label.
 */
import { expect, test, type Page } from './test.ts';
import { openStudioOffline } from './helpers.ts';
import { saveScreenshot } from './screenshots.ts';

/** How far each control of the bar reaches past the bar's content box (0 when inside), and the More button's box. */
const overhang = (page: Page) =>
  page.getByRole('toolbar', { name: 'Rule Studio' }).evaluate((bar) => {
    const end = bar.getBoundingClientRect().right - parseFloat(getComputedStyle(bar).paddingRight);
    const past = [...bar.children].map((c) => Math.max(0, c.getBoundingClientRect().right - end)).filter((d) => d > 0);
    const more = bar.querySelector('[aria-label="More"]')!.getBoundingClientRect();
    return { past, more: { right: more.right, width: more.width, height: more.height } };
  });

test('1280×720: every toolbar control inside the bar, More unsqueezed, for an agent and a workflow', async ({ page }) => {
  const errors = await openStudioOffline(page);
  await page.setViewportSize({ width: 1280, height: 720 });
  for (const what of ['New workflow', 'New agent']) {
    await page.getByRole('navigation', { name: 'Project' }).getByRole('button', { name: what }).click();
    for (const mode of ['Design', 'Simulate']) {
      await page.getByRole('group', { name: 'Mode' }).getByRole('button', { name: mode }).click();
      // Read once the bar has settled: the mode's own controls arrive with its view's code.
      await expect.poll(async () => (await overhang(page)).past, `${what}, ${mode}: nothing past the bar's padding`).toEqual([]);
      const m = await overhang(page);
      expect(m.more.right, `${what}, ${mode}: More on screen`).toBeLessThanOrEqual(1280);
      expect(m.more.width, `${what}, ${mode}: More as wide as tall`).toBe(m.more.height);
    }
    await page.getByRole('group', { name: 'Mode' }).getByRole('button', { name: 'Design' }).click();
    await saveScreenshot(page, `test-results/ui15-6-toolbar-${what === 'New agent' ? 'agent' : 'workflow'}-light-1280x720.png`, { clip: { x: 0, y: 0, width: 1280, height: 60 } });
  }
  // The agent's bar (the last opened) folds the longest label only (Auto layout), keeping its name.
  const bar = page.getByRole('toolbar', { name: 'Rule Studio' });
  await expect(bar.getByRole('button', { name: 'Auto layout', exact: true })).toBeVisible();
  await expect(bar.getByRole('button', { name: 'Export', exact: true })).toContainText('Export');
  expect(errors).toEqual([]);
});
