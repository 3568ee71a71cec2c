/**
 * Screenshots taken for people to look at (the guide's 1280×720 and 1440×900, light and dark
 * review), written under `test-results/`. They assert nothing, so a run whose results nobody
 * opens skips them: `E2E_SCREENSHOTS=off` (set by `.ci/run`, whose clone and its `test-results/`
 * are deleted when it ends). A screenshot a test compares or reads is taken with Playwright's own
 * `screenshot()` and never skipped.
 */
import type { Locator, Page } from '@playwright/test';
import { framesSettled } from './transitions.ts';

/** Whether screenshots for review are written (on unless `E2E_SCREENSHOTS=off`). */
export const REVIEW_SCREENSHOTS = process.env['E2E_SCREENSHOTS'] !== 'off';

/**
 * Writes a screenshot of `target` to `path` for review. With review screenshots off it only waits
 * for the page to settle (transitions ended, a few quiet frames), as a screenshot's capture gave it
 * time to, so what a test checks next (colours after a theme switch) reads the same either way.
 */
export async function saveScreenshot(target: Page | Locator, path: string, options: { fullPage?: boolean; clip?: { x: number; y: number; width: number; height: number } } = {}): Promise<void> {
  if (REVIEW_SCREENSHOTS) {
    await target.screenshot({ path, ...options });
    return;
  }
  await framesSettled('page' in target ? target.page() : target);
}
