import { expect, type Page } from '@playwright/test';
import { dragEdgeBetween, region, stayOffline } from './helpers.ts';
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

/*
 * Waits for the measured parts of the big-file specs. Playwright runs its locator work in the
 * page, on the main thread the specs measure, and the long-task record counts it as the app's:
 * each failed poll of a locator assertion renders an aria snapshot of the whole page
 * (microsoft/playwright#41098: 0.6–1.4 s on the 5,000-phase graph, the "slow graph edits" these
 * specs once reported), and a role selector computes the role of every element (about 0.1 s a
 * query there). Inside a measured part the specs find things by CSS and wait with `waitFor` or a
 * function in the page, which do neither; the assertions come after.
 */

/** A landmark of the studio by its label, found by CSS (a role selector walks the whole page). */
export const cssRegion = (page: Page, name: string) => page.locator(`section[aria-label="${name}"], aside[aria-label="${name}"]`);

/** A node of the Graph canvas by its id, found by CSS. */
export const cssNode = (page: Page, id: string) => page.locator(`section[aria-label="Graph"] .react-flow__node[data-id="${id}"]`);

/** Waits until the node `id` of the Graph canvas shows `text`. */
export async function nodeShows(page: Page, id: string, text: string, timeout = 60_000): Promise<void> {
  await page.waitForFunction(
    ([nodeId, shown]) => document.querySelector(`section[aria-label="Graph"] .react-flow__node[data-id="${nodeId}"]`)?.textContent?.includes(shown) === true,
    [id, text] as const,
    { timeout, polling: 100 },
  );
}

/** Waits until Source shows neither background banner (writing an edit, reading a text). */
export async function sourceSettled(page: Page, timeout = 120_000): Promise<void> {
  await page.waitForFunction(
    () => ![...document.querySelectorAll('section[aria-label="Source"] .source-banner')].some((b) => (b.textContent ?? '').includes('in the background')),
    undefined,
    { timeout, polling: 250 },
  );
}

/** Draws an edge from node `from` to node `to` of the Graph canvas, as a user drags it (nodes found by CSS). */
export const dragEdgeByCss = (page: Page, from: string, to: string): Promise<void> => dragEdgeBetween(page, cssNode(page, from), cssNode(page, to));
