/**
 * The page's long tasks (≥ 50 ms, PerformanceObserver `longtask`), for the big-file e2e test and
 * the Chromium import benchmark: recorded from the page's start, read back since a moment, and a
 * wait for the page to settle.
 */
import type { Page } from '@playwright/test';

export interface LongTask {
  /** Page time (performance.now) the task started, ms. */
  start: number;
  duration: number;
}

/** Records every long task of the page from its start (call before `page.goto`). */
export async function recordLongTasks(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __longTasks: { start: number; duration: number }[] };
    w.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__longTasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  });
}

/** The long tasks that ended after page time `since`. */
export const longTasksSince = (page: Page, since: number): Promise<LongTask[]> =>
  page.evaluate((t) => (window as unknown as { __longTasks: LongTask[] }).__longTasks.filter((e) => e.start + e.duration >= t), since);

/** The page's clock (`performance.now()`), to mark the start of a measured part. */
export const pageNow = (page: Page): Promise<number> => page.evaluate(() => performance.now());

/** The longest of `tasks` in ms (0 when there is none), and a line listing them from `since`. */
export function longest(tasks: readonly LongTask[], since: number): { ms: number; list: string } {
  return {
    ms: Math.max(0, ...tasks.map((t) => t.duration)),
    list: tasks.map((t) => `${(t.start - since).toFixed(0)}+${t.duration.toFixed(0)}`).join(', '),
  };
}

/** Waits until the page has had no long task for two seconds. */
export async function quiet(page: Page, timeout = 120_000): Promise<void> {
  await page.waitForFunction(
    () => {
      const tasks = (window as unknown as { __longTasks: LongTask[] }).__longTasks;
      const last = tasks.at(-1);
      return !last || performance.now() - (last.start + last.duration) > 2000;
    },
    undefined,
    { timeout, polling: 250 },
  );
}
