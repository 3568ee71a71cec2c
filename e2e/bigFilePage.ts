import { expect, type Page } from '@playwright/test';
import { region, stayOffline } from './helpers.ts';
import { recordLongTasks } from './longTasks.ts';

/**
 * Opens the studio for a big-file test at 1440×900, offline, with the page's long tasks recorded
 * and its errors collected; returns the list the errors land in (expected empty at the end).
 */
export async function openForBigFile(page: Page): Promise<string[]> {
  await stayOffline(page);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await recordLongTasks(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/');
  await expect(region(page, 'Source').locator('.monaco-editor, .pane-empty').first()).toBeVisible({ timeout: 60_000 });
  return errors;
}
