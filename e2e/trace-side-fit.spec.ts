import { expect, test, type Page } from './test.ts';
import { transitionsEnded } from './helpers.ts';
import { newScriptedTrace, sim } from './traceSteps.ts';
import { saveScreenshot } from './screenshots.ts';

test.use({ layout: { bottomOpen: true } });

/**
 * review16 (shots 06 light, 54 dark): Setup → New scripted trace at 1280×720 pushed the side
 * column's right edge to 1305 px: "Reset settings" and the editor's lines were cut off, the page
 * scrolled sideways, and the timeline shrank. The columns now share the panel: nothing passes the
 * viewport at 1280×720 or 1440×900, and the timeline keeps at least 40% of the panel.
 */
async function measure(page: Page) {
  return page.evaluate(() => {
    const box = (sel: string) => document.querySelector(sel)?.getBoundingClientRect();
    const panel = box('.sim-body');
    const timeline = box('.sim-main');
    const side = box('.sim-side [role="tabpanel"]');
    const reset = [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === 'Reset settings')?.getBoundingClientRect();
    const editor = box('.sim-trace-monaco');
    return {
      viewport: document.documentElement.clientWidth,
      pageScroll: document.documentElement.scrollWidth,
      panelWidth: panel?.width ?? 0,
      timelineWidth: timeline?.width ?? 0,
      sideRight: side?.right ?? Infinity,
      sideScroll: (document.querySelector('.sim-side [role="tabpanel"]')?.scrollWidth ?? 0) - (document.querySelector('.sim-side [role="tabpanel"]')?.clientWidth ?? 0),
      resetRight: reset?.right ?? Infinity,
      editorRight: editor?.right ?? Infinity,
    };
  });
}

for (const size of [
  { width: 1280, height: 720 },
  { width: 1440, height: 900 },
])
  for (const scheme of ['light', 'dark'] as const)
    test(`the open trace editor fits Simulate's side column at ${size.width}×${size.height}, ${scheme}`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: scheme });
      await newScriptedTrace(page);
      await page.setViewportSize(size);
      await transitionsEnded(page);
      await expect(sim(page).getByRole('button', { name: 'Reset settings' })).toBeVisible();
      const m = await measure(page);
      expect(m.pageScroll, 'the page scrolls sideways').toBeLessThanOrEqual(m.viewport);
      expect(m.sideRight, 'the side column passes the viewport').toBeLessThanOrEqual(m.viewport);
      expect(m.sideScroll, 'the side column scrolls sideways').toBeLessThanOrEqual(0);
      expect(m.resetRight).toBeLessThanOrEqual(m.viewport);
      expect(m.editorRight).toBeLessThanOrEqual(m.viewport);
      expect(m.timelineWidth / m.panelWidth, `timeline ${Math.round(m.timelineWidth)} of ${Math.round(m.panelWidth)} px`).toBeGreaterThanOrEqual(0.4);
      await saveScreenshot(page, `test-results/trace-side-fit-${scheme}-${size.width}x${size.height}.png`);
    });
